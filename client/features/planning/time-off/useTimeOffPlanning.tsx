import { useMachine } from '@xstate/react';
import { message as messageApi } from 'antd';
import { type ReactNode, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { TimeOff } from '../../../../domain/entities.ts';
import { capacityFactsApi } from '../capacityFactsApi.ts';
import { todayDate } from '../../../lib/weeks.ts';
import { timeOffFormMachine } from '../../../machines/capacityFactForms.machine.ts';
import { rowActionMachine } from '../../../machines/rowAction.machine.ts';
import { loadTimeOff, timeOffStore, useTimeOff } from '../../../stores/capacityFacts.ts';
import { engineersStore, loadEngineers } from '../../../stores/engineers.ts';
import { conflictProps, RowConflictDialog } from '../../../components/ConflictDialog.tsx';
import { TimeOffDialog } from './TimeOffDialog.tsx';
import { TimeOffList } from './TimeOffList.tsx';
import { cancelTimeOffAction, timeOffConflictFields, upcomingTimeOff } from './timeOffRows.ts';

/** The bookings and the engineers' versions (which cancelling sends) follow a booking or a cancel. */
const reload = () => {
  void loadTimeOff();
  void loadEngineers();
};

const engineerOf = (timeOffId: string) => timeOffStore.data.find((t) => t._id === timeOffId)?.engineerId ?? '';

type Options = {
  /** How the dialog names whose time off it is; the signed-in engineer's own reads 'you'. */
  nameOf: (engineerId: string) => string;
};

/**
 * Booking and cancelling time off, for a manager on anyone's row or for an engineer on their own
 * dashboard: the booking dialog (with the bookings already made under it) and a cancel that runs
 * against the engineer's version, with the conflict dialog when someone changed them meanwhile.
 */
export function useTimeOffPlanning({ nameOf }: Options) {
  const [message, messageHolder] = messageApi.useMessage({ maxCount: 3 });
  const messageRef = useRef(message);
  messageRef.current = message;

  const formMachine = useMemo(
    () =>
      timeOffFormMachine.provide({
        actors: {
          save: fromPromise(({ input }) => {
            const { engineerId, ...booking } = input.payload as { engineerId: string; from: string; to: string; kind: TimeOff['kind']; note?: string };
            return capacityFactsApi.bookTimeOff(engineerId, booking);
          }),
        },
        actions: {
          saved: () => {
            reload();
            void messageRef.current.success('Time off booked');
          },
        },
      }),
    [],
  );
  const [form, sendForm] = useMachine(formMachine);

  const cancelMachine = useMemo(
    () =>
      rowActionMachine.provide({
        actors: {
          run: fromPromise(({ input }) => capacityFactsApi.cancelTimeOff(engineerOf(input.id), input.id, input.version)),
          loadLatest: fromPromise(async ({ input }) => {
            const current = await capacityFactsApi.currentTimeOff(engineerOf(input.id), input.id);
            return current && { values: { from: current.item.from, to: current.item.to, kind: current.item.kind }, version: current.version };
          }),
        },
        actions: {
          done: () => {
            reload();
            void messageRef.current.success('Time off cancelled');
          },
          failed: (_, { message: text }) => void messageRef.current.error(text),
          conflicted: reload,
        },
      }),
    [],
  );
  const [row, sendRow] = useMachine(cancelMachine);

  const timeOff = useTimeOff();
  const busyId = row.matches('running') ? row.context.action?.id : undefined;

  const cancel = (t: TimeOff) => {
    const engineer = engineersStore.data.find((e) => e._id === t.engineerId);
    if (engineer) sendRow({ type: 'RUN', action: cancelTimeOffAction(t, { name: nameOf(t.engineerId), version: engineer.version }) });
  };

  /** Someone's bookings that are not over, with Cancel when `canCancel`. */
  const renderList = (engineerId: string, canCancel: boolean, empty = 'No time off booked'): ReactNode => (
    <TimeOffList items={upcomingTimeOff(timeOff.data, engineerId, todayDate(new Date()))} onCancel={canCancel ? cancel : undefined} busyId={busyId} empty={empty} />
  );

  const engineerId = form.context.form.engineerId;
  const dialogs: ReactNode = (
    <>
      {messageHolder}
      <TimeOffDialog
        open={!form.matches('closed')}
        saving={form.matches('saving')}
        whose={engineerId ? nameOf(engineerId) : ''}
        context={form.context}
        send={sendForm}
        booked={engineerId ? renderList(engineerId, true, 'Nothing booked yet') : null}
      />
      <RowConflictDialog thing="engineer" fields={timeOffConflictFields} {...conflictProps(row)} send={sendRow} />
    </>
  );

  return { dialogs, renderList, openBooking: (engineerId: string) => sendForm({ type: 'OPEN_CREATE', values: { engineerId } }) };
}
