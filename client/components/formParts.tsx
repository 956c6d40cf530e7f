import { Alert, DatePicker, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';

/** The pieces the planning dialogs share: title, the lines over the form, the day pickers and the skill checklist. */

/** A dialog's title with a line under it saying what the dialog is for. */
export function DialogTitle({ title, subtitle }: { title: ReactNode; subtitle: ReactNode }) {
  return (
    <div>
      <div>{title}</div>
      <Typography.Text type="secondary" style={{ fontWeight: 400, fontSize: 13 }}>
        {subtitle}
      </Typography.Text>
    </div>
  );
}

/** Over an edit form: the notice after a conflict was resolved, and why the last save was refused. */
export function FormAlerts({ notice, submitError }: { notice: string | null; submitError: string | null }) {
  return (
    <>
      {notice ? <Alert type="info" showIcon title={notice} style={{ marginBottom: 12 }} data-testid="form-notice" /> : null}
      {submitError ? <Alert type="error" showIcon title={submitError} style={{ marginBottom: 12 }} data-testid="form-error" /> : null}
    </>
  );
}

/** The picked day at local midnight, as ISO; a cleared picker is empty (-> '... date is required'). */
export const pickedIso = (day: Dayjs | null) => (day ? day.startOf('day').toISOString() : '');

type DayPickerProps = {
  /** ISO date-time; empty when no day is picked. */
  value: string;
  /** The picked day at local midnight, as ISO; empty when cleared. */
  onChange: (iso: string) => void;
  disabledDate?: (day: Dayjs) => boolean;
  'data-testid'?: string;
};

/** A date field of the planning forms: 'MMM DD, YYYY', the full width of its column. */
export function DayPicker({ value, onChange, disabledDate, ...rest }: DayPickerProps) {
  return (
    <DatePicker
      style={{ width: '100%' }}
      placeholder="Pick a date"
      format="MMM DD, YYYY"
      disabledDate={disabledDate}
      value={value ? dayjs(value) : null}
      onChange={(day) => onChange(pickedIso(day))}
      data-testid={rest['data-testid']}
    />
  );
}

type SkillChecklistProps = {
  /** Every skill to offer, in the order shown. */
  choices: readonly string[];
  selected: readonly string[];
  onToggle: (skill: string) => void;
  optionsTestId?: string;
  selectedTestId?: string;
};

/** Skills to tick, and the ones ticked so far. */
export function SkillChecklist({ choices, selected, onToggle, optionsTestId, selectedTestId }: SkillChecklistProps) {
  return (
    <div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, maxHeight: 168, overflowY: 'auto', padding: 2 }} data-testid={optionsTestId}>
        {choices.map((skill) => {
          const checked = selected.includes(skill);
          return (
            <Tag.CheckableTag
              key={skill}
              checked={checked}
              onChange={() => onToggle(skill)}
              style={{
                marginInlineEnd: 0,
                border: `1px solid ${checked ? '#2563eb' : '#e2e8f0'}`,
                padding: '2px 10px',
                borderRadius: 999,
              }}
            >
              {skill}
            </Tag.CheckableTag>
          );
        })}
      </div>
      <div style={{ marginTop: 10, fontSize: 13 }} data-testid={selectedTestId}>
        <Typography.Text type="secondary">Selected: </Typography.Text>
        {selected.length > 0 ? (
          <Typography.Text strong>{selected.join(', ')}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">none yet</Typography.Text>
        )}
      </div>
    </div>
  );
}
