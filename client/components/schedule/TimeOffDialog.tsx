import { Button, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { timeOffKinds } from '../../../domain/entities.ts';
import { DialogTitle, FormAlerts } from '../../components/formParts.tsx';
import { capitalize } from '../../lib/format.ts';
import { useDayRange } from '../../lib/useDayRange.ts';
import type { EditFormContext, EditFormEvent } from '../../machines/editForm.machine.ts';
import type { TimeOffValues } from '../../machines/timeOffForm.machine.ts';
import { Modal } from '../../components/Modal.tsx';

type Props = {
  open: boolean;
  saving: boolean;
  context: EditFormContext<TimeOffValues>;
  send: (event: EditFormEvent<TimeOffValues>) => void;
};

const dayOf = (day: Dayjs | null) => (day ? day.format('YYYY-MM-DD') : '');

/** Book time off for an engineer: whole days, both ends included, a kind and a note; every rule from the form machine. */
export function TimeOffDialog({ open, saving, context, send }: Props) {
  const { form, errors } = context;
  const days = useDayRange(form.from, form.to);
  const status = (field: string) => (errors[field] ? ('error' as const) : undefined);
  return (
    <Modal
      open={open}
      title={<DialogTitle title="Book time off" subtitle={`For ${form.engineerName}: whole days, the first and the last included.`} />}
      onCancel={() => !saving && send({ type: 'CANCEL' })}
      mask={{ closable: false }}
      width={480}
      destroyOnHidden
      data-testid="time-off-form"
      footer={[
        <Button key="cancel" onClick={() => send({ type: 'CANCEL' })} disabled={saving}>
          Cancel
        </Button>,
        <Button key="book" type="primary" loading={saving} onClick={() => send({ type: 'SUBMIT' })} data-testid="time-off-submit">
          Book time off
        </Button>,
      ]}
    >
      <FormAlerts notice={context.notice} submitError={context.submitError} />
      <Form layout="vertical" requiredMark disabled={saving} onFinish={() => send({ type: 'SUBMIT' })}>
        <Form.Item label="Days" required validateStatus={status('from') ?? status('to')} help={errors.from ?? errors.to}>
          <DatePicker.RangePicker
            style={{ width: '100%' }}
            format="MMM D, YYYY"
            value={days}
            onChange={(days) => {
              send({ type: 'CHANGE', field: 'from', value: dayOf(days?.[0] ?? null) });
              send({ type: 'CHANGE', field: 'to', value: dayOf(days?.[1] ?? null) });
            }}
            aria-label="Days off"
            data-testid="time-off-days"
          />
        </Form.Item>
        <Form.Item label="Kind" required validateStatus={status('kind')} help={errors.kind}>
          <Select
            value={form.kind}
            options={timeOffKinds.map((kind) => ({ value: kind, label: capitalize(kind) }))}
            onChange={(kind) => send({ type: 'CHANGE', field: 'kind', value: kind })}
            aria-label="Kind"
          />
        </Form.Item>
        <Form.Item label="Note" validateStatus={status('note')} help={errors.note}>
          <Input.TextArea
            rows={2}
            maxLength={500}
            value={form.note}
            onChange={(e) => send({ type: 'CHANGE', field: 'note', value: e.target.value })}
            placeholder="Optional"
            aria-label="Note"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
