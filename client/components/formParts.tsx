import { useMachine } from '@xstate/react';
import { Alert, Button, DatePicker, Input, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useMemo, useRef } from 'react';
import { sortedUnique } from '../../domain/figures.ts';
import { SKILL_MAX_LENGTH } from '../../domain/inputs.ts';
import { skillEntryMachine } from '../machines/skillEntry.machine.ts';
import { dateOfInstant, instantOfDate } from '../lib/weeks.ts';
import { borderColors, palette } from './palette.ts';

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

/**
 * The picked day as the instant the API stores: the start of that day in the organisation's time
 * zone (not the browser's midnight, which in Tokyo is the day before in Berlin); a cleared picker is
 * empty (-> '... date is required').
 */
export const pickedIso = (day: Dayjs | null) => (day ? instantOfDate(day.format('YYYY-MM-DD')) : '');

type DayPickerProps = {
  /** ISO date-time; empty when no day is picked. */
  value: string;
  /** The picked day at the organisation's midnight, as ISO; empty when cleared. */
  onChange: (iso: string) => void;
  disabledDate?: (day: Dayjs) => boolean;
  /** The field's name for assistive technology: its form label is not tied to the picker's input. */
  'aria-label': string;
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
      value={value ? dayjs(dateOfInstant(value)) : null}
      onChange={(day) => onChange(pickedIso(day))}
      aria-label={rest['aria-label']}
      data-testid={rest['data-testid']}
    />
  );
}

type SkillChecklistProps = {
  /** Skills to offer; the selected ones are offered too, all in alphabetical order. */
  choices: readonly string[];
  selected: readonly string[];
  onToggle: (skill: string) => void;
  /** Selects a skill typed in the box under the chips; without it there is no box. */
  onAdd?: (skill: string) => void;
  optionsTestId?: string;
  selectedTestId?: string;
};

/** Skills to tick, a box to type one not offered yet, and the ones ticked so far. */
export function SkillChecklist({ choices, selected, onToggle, onAdd, optionsTestId, selectedTestId }: SkillChecklistProps) {
  // A typed skill is selected before any engineer or project has it: it shows as a chip all the same.
  const shown = sortedUnique([choices, selected]);
  return (
    <div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, maxHeight: 168, overflowY: 'auto', padding: 2 }} data-testid={optionsTestId}>
        {shown.map((skill) => {
          const checked = selected.includes(skill);
          return (
            <Tag.CheckableTag
              key={skill}
              checked={checked}
              onChange={() => onToggle(skill)}
              style={{
                marginInlineEnd: 0,
                border: `1px solid ${checked ? palette.primary : borderColors.control}`,
                padding: '2px 10px',
                borderRadius: 999,
              }}
            >
              {skill}
            </Tag.CheckableTag>
          );
        })}
      </div>
      {onAdd ? <SkillAdder known={shown} onAdd={onAdd} /> : null}
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

/** A box and an Add button (or Enter) for a skill no chip offers yet; the machine judges it. */
function SkillAdder({ known, onAdd }: { known: readonly string[]; onAdd: (skill: string) => void }) {
  // The machine is made once; the latest callback is read when a skill is added.
  const onAddRef = useRef(onAdd);
  onAddRef.current = onAdd;
  const machine = useMemo(() => skillEntryMachine.provide({ actions: { added: (_, { skill }) => onAddRef.current(skill) } }), []);
  const [entry, send] = useMachine(machine);
  const { text, error } = entry.context;
  const add = () => send({ type: 'ADD', known });
  return (
    <div style={{ marginTop: 10 }}>
      <Space.Compact style={{ width: '100%', maxWidth: 360 }}>
        <Input
          value={text}
          onChange={(e) => send({ type: 'TYPE', text: e.target.value })}
          onPressEnter={(e) => {
            // Enter adds the skill; it must not submit the dialog's form around it.
            e.preventDefault();
            add();
          }}
          placeholder="Another skill, e.g. Kubernetes"
          status={error ? 'error' : undefined}
          aria-label="New skill"
          aria-invalid={error ? true : undefined}
          data-testid="new-skill"
        />
        <Button onClick={add} disabled={text.trim() === ''} data-testid="add-skill">
          Add
        </Button>
      </Space.Compact>
      {error ? (
        <Typography.Text type="danger" style={{ display: 'block', fontSize: 13, marginTop: 4 }} data-testid="new-skill-error">
          {error}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13, marginTop: 4 }}>
          {`Type a skill no chip offers and press Enter or Add (at most ${SKILL_MAX_LENGTH} characters).`}
        </Typography.Text>
      )}
    </div>
  );
}
