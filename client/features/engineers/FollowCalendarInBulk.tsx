import { CalendarOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, message as messageApi, Select } from 'antd';
import { useRef, useState } from 'react';
import { Modal } from '../../components/Modal.tsx';
import { commandIdOf, errorMessage } from '../../lib/api.ts';
import { followCalendarInBulk, holidayCalendarList, type HolidayCalendarSummary } from '../planning/index.ts';
import { plural } from '../../lib/format.ts';
import { todayDate } from '../../lib/weeks.ts';

/**
 * The bulk bar's "Follow calendar": the engineers chosen (`selected`, the bar's selection) follow one
 * holiday calendar from a date on, in one write (all or none; the server names what it refused). The
 * live feed brings their new calendars to every list; `onDone` hears the write's command id (one undo
 * reverses it) and clears the selection. Without `onDone`, a message says it was done.
 */
export function useFollowCalendarInBulk({ selected, onDone }: { selected: readonly string[]; onDone?: (done: { said: string; commandId: string | undefined }) => void }) {
  const [message, messageHolder] = messageApi.useMessage({ maxCount: 3 });
  const messageRef = useRef(message);
  messageRef.current = message;
  const [open, setOpen] = useState(false);
  const [calendars, setCalendars] = useState<HolidayCalendarSummary[] | null>(null);
  const [calendarId, setCalendarId] = useState<string | undefined>(undefined);
  const [from, setFrom] = useState(() => todayDate(new Date()));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const openDialog = () => {
    setOpen(true);
    setError(null);
    holidayCalendarList().then(
      (list) => setCalendars(list.map(({ _id, name }) => ({ _id, name }))),
      (failure: unknown) => setError(errorMessage(failure)),
    );
  };
  const submit = async () => {
    if (!calendarId) return setError('Choose the calendar');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(from)) return setError('From must be a date such as 2026-12-07');
    setSaving(true);
    setError(null);
    try {
      const answer = await followCalendarInBulk(selected, calendarId, from);
      const name = calendars?.find((c) => c._id === calendarId)?.name ?? 'the calendar';
      const said = `${plural(selected.length, 'engineer')} follow ${name} from ${from}${answer.changed < selected.length ? ` (${answer.changed} changed)` : ''}`;
      if (onDone) onDone({ said, commandId: commandIdOf(answer) });
      else void messageRef.current.success(said);
      setOpen(false);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return {
    button: (
      <Button icon={<CalendarOutlined />} disabled={selected.length === 0} onClick={openDialog} data-testid="engineers-follow-calendar">
        Follow calendar{selected.length > 0 ? ` (${selected.length})` : ''}
      </Button>
    ),
    dialog: (
      <>
        {messageHolder}
        <Modal
          open={open}
          title={`Follow a holiday calendar: ${plural(selected.length, 'engineer')}`}
          onCancel={() => setOpen(false)}
          onOk={() => void submit()}
          okText="Follow"
          okButtonProps={{ loading: saving, ...({ 'data-testid': 'follow-calendar-submit' } as Record<string, string>) }}
          destroyOnHidden
          data-testid="follow-calendar-dialog"
        >
          {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} data-testid="follow-calendar-error" /> : null}
          <Form layout="vertical" disabled={saving} onFinish={() => void submit()}>
            <Form.Item label="Holiday calendar" required>
              <Select
                value={calendarId}
                onChange={setCalendarId}
                loading={!calendars && !error}
                options={(calendars ?? []).map((c) => ({ value: c._id, label: c.name }))}
                placeholder="Choose the calendar"
                data-testid="follow-calendar-select"
              />
            </Form.Item>
            <Form.Item label="From" required extra="Days before keep the calendar each engineer followed then.">
              <Input type="date" value={from} onChange={(e) => setFrom(e.target.value)} data-testid="follow-calendar-from" />
            </Form.Item>
          </Form>
        </Modal>
      </>
    ),
  };
}
