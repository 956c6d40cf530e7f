import { Col, Form, Input, Row, Select, Typography } from 'antd';
import type { ReactNode } from 'react';
import { timeOffKinds, type TimeOffKind } from '../../../../domain/entities.ts';
import type { TimeOffValues } from '../../../machines/capacityFactForms.machine.ts';
import { useDayRange } from '../../../lib/useDayRange.ts';
import type { EditFormContext, EditFormEvent } from '../../../machines/editForm.machine.ts';
import { DayRangePicker } from '../../../components/DayRangePicker.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { FormAlerts } from '../../../components/formParts.tsx';
import { timeOffKindLabels } from './timeOffRows.ts';

type Props = {
  open: boolean;
  saving: boolean;
  /** Whose time off ('your' when it is the signed-in engineer's own). */
  whose: string;
  context: EditFormContext<TimeOffValues>;
  send: (event: EditFormEvent<TimeOffValues>) => void;
  /** The bookings already made, under the form (the engineer's own list; the schedule shows them in the row). */
  booked?: ReactNode;
};

/** Shown as 'Mar 09, 2026'; typed either way ('Mar 9, 2026' too). */
const dateFormats = ['MMM DD, YYYY', 'MMM D, YYYY'];

const kindOptions = timeOffKinds.map((kind) => ({ value: kind, label: timeOffKindLabels[kind] }));

/** Book time off: whole days from one date to another (both included), a kind and a note. */
export function TimeOffDialog({ open, saving, whose, context, send, booked }: Props) {
  const { form, errors } = context;
  const change = <K extends keyof TimeOffValues>(field: K, value: TimeOffValues[K]) => send({ type: 'CHANGE', field, value });
  const datesError = errors.from ?? errors.to;
  const days = useDayRange(form.from, form.to);
  return (
    <FormDialog
      open={open}
      title={`Book time off for ${whose}`}
      subtitle="Whole days, both dates included. Work planned on them shows as a conflict."
      saving={saving}
      submitLabel="Book time off"
      savingLabel="Booking..."
      cancelLabel="Close"
      onCancel={() => send({ type: 'CANCEL' })}
      onSubmit={() => send({ type: 'SUBMIT' })}
      width={560}
      testId="time-off-form"
      submitTestId="time-off-submit"
    >
      <FormAlerts notice={context.notice} submitError={context.submitError} />
      <Form layout="vertical" requiredMark disabled={saving} onFinish={() => send({ type: 'SUBMIT' })} style={{ marginTop: 8 }}>
        <Row gutter={16}>
          <Col xs={24} sm={15}>
            <Form.Item label="Dates" required validateStatus={datesError ? 'error' : undefined} help={datesError}>
              <DayRangePicker
                format={dateFormats}
                value={days}
                onChange={([from, to]) => {
                  change('from', from?.format('YYYY-MM-DD') ?? '');
                  change('to', to?.format('YYYY-MM-DD') ?? '');
                }}
                aria-label="Dates"
                data-testid="time-off-dates"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={9}>
            <Form.Item label="Kind" required validateStatus={errors.kind ? 'error' : undefined} help={errors.kind}>
              <Select<TimeOffKind> value={form.kind} options={kindOptions} onChange={(kind) => change('kind', kind)} aria-label="Kind" data-testid="time-off-kind" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Note" validateStatus={errors.note ? 'error' : undefined} help={errors.note}>
          <Input value={form.note} onChange={(e) => change('note', e.target.value)} placeholder="Optional, e.g. Family trip" maxLength={500} aria-label="Note" />
        </Form.Item>
      </Form>
      {booked === undefined ? null : (
        <>
          <Typography.Text strong style={{ display: 'block', marginTop: 4 }}>
            Booked
          </Typography.Text>
          {booked}
        </>
      )}
    </FormDialog>
  );
}
