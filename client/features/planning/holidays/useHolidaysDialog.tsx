import { CalendarOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Button, message as messageApi } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { HolidayRecord } from '../../../../domain/entities.ts';
import { capacityFactsApi } from '../capacityFactsApi.ts';
import type { FieldSpec } from '../../../lib/conflict.ts';
import { todayDate } from '../../../lib/weeks.ts';
import { holidayFormMachine } from '../../../machines/capacityFactForms.machine.ts';
import { type RowAction, rowActionMachine } from '../../../machines/rowAction.machine.ts';
import { calendarVersion, loadHolidays, useHolidays } from '../../../stores/capacityFacts.ts';
import { useCanPlan } from '../../../stores/permissions.ts';
import { conflictProps, RowConflictDialog } from '../../../components/ConflictDialog.tsx';
import { HolidaysDialog } from './HolidaysDialog.tsx';
import { shortDate } from '../../../lib/format.ts';

const holidayFields: FieldSpec[] = [
  { key: 'date', label: 'Date', format: (value) => shortDate(String(value)) },
  { key: 'name', label: 'Name' },
];

/** Removing a holiday, against the calendar's version. */
export const removeHolidayAction = (h: HolidayRecord, version: number): RowAction => ({
  kind: 'removeHoliday',
  id: h._id,
  version,
  label: `Remove ${h.name} (${shortDate(h.date)})`,
  before: { date: h.date, name: h.name },
  changes: null,
});

/**
 * The Holidays button and dialog: everyone who plans sees the organisation's upcoming holidays;
 * managers add and remove them (on the live plan), a stale calendar version getting the conflict dialog.
 */
export function useHolidaysDialog() {
  const [open, setOpen] = useState(false);
  const canEdit = useCanPlan();
  const holidays = useHolidays();
  const [message, messageHolder] = messageApi.useMessage({ maxCount: 3 });
  const messageRef = useRef(message);
  messageRef.current = message;

  const formMachine = useMemo(
    () =>
      holidayFormMachine.provide({
        actors: { save: fromPromise(({ input }) => capacityFactsApi.addHoliday(input.payload as { date: string; name: string })) },
        actions: {
          saved: (_, { result }) => {
            void loadHolidays();
            void messageRef.current.success(`${(result as HolidayRecord).name} added`);
          },
        },
      }),
    [],
  );
  const [form, sendForm] = useMachine(formMachine);
  // The dialog keeps a fresh form ready for the next holiday after each one is added.
  const formClosed = form.matches('closed');
  useEffect(() => {
    if (open && canEdit && formClosed) sendForm({ type: 'OPEN_CREATE' });
    if (!open && !formClosed) sendForm({ type: 'CANCEL' });
  }, [open, canEdit, formClosed, sendForm]);

  const removeMachine = useMemo(
    () =>
      rowActionMachine.provide({
        actors: {
          run: fromPromise(({ input }) => capacityFactsApi.removeHoliday(input.id, input.version)),
          loadLatest: fromPromise(async ({ input }) => {
            const current = await capacityFactsApi.currentHoliday(input.id);
            return current && { values: { date: current.item.date, name: current.item.name }, version: current.version };
          }),
        },
        actions: {
          done: () => {
            void loadHolidays();
            void messageRef.current.success('Holiday removed');
          },
          failed: (_, { message: text }) => void messageRef.current.error(text),
          conflicted: () => void loadHolidays(),
        },
      }),
    [],
  );
  const [row, sendRow] = useMachine(removeMachine);

  const today = todayDate(new Date());
  // This dialog is the default calendar's; the others are kept on the Calendars screen.
  const inDefault = useMemo(() => holidays.data.filter((h) => (h.calendarId ?? 'default') === 'default'), [holidays.data]);
  const upcoming = useMemo(() => inDefault.filter((h) => h.date >= today).sort((a, b) => a.date.localeCompare(b.date)), [inDefault, today]);

  const button: ReactNode = (
    <Button icon={<CalendarOutlined />} onClick={() => setOpen(true)} data-testid="open-holidays">
      Holidays
    </Button>
  );
  const dialogs: ReactNode = (
    <>
      {messageHolder}
      <HolidaysDialog
        open={open}
        onClose={() => setOpen(false)}
        holidays={upcoming}
        pastCount={inDefault.length - upcoming.length}
        canEdit={canEdit}
        saving={form.matches('saving')}
        context={form.context}
        send={sendForm}
        onRemove={(h) => sendRow({ type: 'RUN', action: removeHolidayAction(h, calendarVersion(h.calendarId)) })}
        busyId={row.matches('running') ? row.context.action?.id : undefined}
      />
      <RowConflictDialog thing="calendar" fields={holidayFields} {...conflictProps(row)} send={sendRow} />
    </>
  );
  return { button, dialogs };
}
