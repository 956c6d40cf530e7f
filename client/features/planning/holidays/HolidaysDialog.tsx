import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, Popconfirm, Typography } from 'antd';
import dayjs from 'dayjs';
import type { HolidayRecord } from '../../../../domain/entities.ts';
import type { HolidayValues } from '../../../machines/capacityFactForms.machine.ts';
import type { EditFormContext, EditFormEvent } from '../../../machines/editForm.machine.ts';
import { DialogTitle, FormAlerts } from '../../../components/formParts.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { weekdayDate } from '../../../lib/format.ts';
import { borderColors, textColors } from '../../../components/palette.ts';

type Props = {
  open: boolean;
  onClose: () => void;
  holidays: readonly HolidayRecord[];
  /** Holidays before today, not listed. */
  pastCount: number;
  /** Adding and removing are for managers on the live plan; everyone else reads the list. */
  canEdit: boolean;
  saving: boolean;
  context: EditFormContext<HolidayValues>;
  send: (event: EditFormEvent<HolidayValues>) => void;
  onRemove: (holiday: HolidayRecord) => void;
  busyId?: string;
};

/** The organisation's holidays: nobody works them, so they take capacity from everyone. */
export function HolidaysDialog({ open, onClose, holidays, pastCount, canEdit, saving, context, send, onRemove, busyId }: Props) {
  const { form, errors } = context;
  return (
    <Modal
      open={open}
      title={<DialogTitle title="Holidays" subtitle="Days the whole organisation is off: no one's capacity counts on them." />}
      onCancel={onClose}
      width={560}
      destroyOnHidden
      footer={<Button onClick={onClose}>Close</Button>}
      data-testid="holidays-dialog"
    >
      {canEdit ? (
        <>
          <FormAlerts notice={context.notice} submitError={context.submitError} />
          <Form layout="vertical" requiredMark disabled={saving} onFinish={() => send({ type: 'SUBMIT' })} style={{ marginTop: 8 }}>
            <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start', flexWrap: 'wrap' }}>
              <Form.Item label="Date" required validateStatus={errors.date ? 'error' : undefined} help={errors.date} style={{ flex: '0 0 170px', marginBottom: 12 }}>
                <DatePicker
                  style={{ width: '100%' }}
                  format="MMM DD, YYYY"
                  value={form.date ? dayjs(form.date) : null}
                  onChange={(day) => send({ type: 'CHANGE', field: 'date', value: day ? day.format('YYYY-MM-DD') : '' })}
                  aria-label="Holiday date"
                  data-testid="holiday-date"
                />
              </Form.Item>
              <Form.Item label="Name" required validateStatus={errors.name ? 'error' : undefined} help={errors.name} style={{ flex: '1 1 180px', marginBottom: 12 }}>
                <Input value={form.name} onChange={(e) => send({ type: 'CHANGE', field: 'name', value: e.target.value })} placeholder="e.g. Founders' Day" maxLength={100} aria-label="Holiday name" />
              </Form.Item>
              <Form.Item label=" " style={{ marginBottom: 12 }}>
                <Button type="primary" icon={<PlusOutlined />} loading={saving} htmlType="submit" data-testid="holiday-submit">
                  Add
                </Button>
              </Form.Item>
            </div>
          </Form>
        </>
      ) : null}
      <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>
        Upcoming
      </Typography.Text>
      <div data-testid="holiday-list">
        {holidays.length === 0 ? (
          <Typography.Text type="secondary" style={{ display: 'block', padding: '8px 0' }}>
            No upcoming holidays
          </Typography.Text>
        ) : (
          holidays.map((h) => (
            <div key={h._id} style={{ display: 'flex', alignItems: 'center', gap: 10, padding: '8px 0', borderBottom: `1px solid ${borderColors.faint}` }} data-testid="holiday-item">
              <span className="tabular" style={{ width: 130, color: textColors.label }}>
                {weekdayDate(h.date)}
              </span>
              <Typography.Text strong style={{ flex: 1, minWidth: 0 }} ellipsis>
                {h.name}
              </Typography.Text>
              {canEdit ? (
                <Popconfirm title={`Remove ${h.name}?`} description="Everyone's capacity counts on that day again." okText="Remove" okButtonProps={{ danger: true }} onConfirm={() => onRemove(h)}>
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Remove ${h.name}`} loading={busyId === h._id} />
                </Popconfirm>
              ) : null}
            </div>
          ))
        )}
      </div>
      {pastCount > 0 ? (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
          {pastCount === 1 ? '1 past holiday is' : `${pastCount} past holidays are`} not listed.
        </Typography.Text>
      ) : null}
    </Modal>
  );
}
