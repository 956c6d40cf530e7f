import { useMachine } from '@xstate/react';
import { message as messageApi } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { describeWorkWeek } from '../../../../domain/capacity/engineer-days.ts';
import type { Engineer } from '../../../../domain/entities.ts';
import { holidayCalendarList, saveEngineerDays, type EngineerDaysChanges, type HolidayCalendarSummary } from './engineerDaysApi.ts';
import type { FieldSpec } from '../../../lib/conflict.ts';
import { planningApi } from '../planningApi.ts';
import { unlessGone } from '../../../lib/api.ts';
import { todayDate } from '../../../lib/weeks.ts';
import { engineerDaysFormMachine, engineerDaysValuesOf } from './engineerDaysForm.machine.ts';
import { loadEngineers } from '../../../stores/engineers.ts';
import { conflictProps, FormConflictDialog } from '../../../components/ConflictDialog.tsx';
import { EngineerDaysDialog } from './EngineerDaysDialog.tsx';

const conflictFields: FieldSpec[] = [
  { key: 'days', label: 'Work week', format: (value) => describeWorkWeek(value as number[]) },
  { key: 'calendarId', label: 'Holiday calendar' },
  { key: 'startDate', label: 'Start date', format: (value) => String(value || 'none') },
  { key: 'leaveDate', label: 'Leave date', format: (value) => String(value || 'none') },
];

/**
 * "Work days" for managers, from the Engineers screen and an open schedule row: one dialog for the
 * work week, the holiday calendar and the employment dates. `onSaved` lets the screen fetch what the
 * change moved (the schedule's figures); the live feed brings it to everyone else.
 */
export function useEngineerDays({ onSaved }: { onSaved?: () => void } = {}) {
  const [message, messageHolder] = messageApi.useMessage({ maxCount: 3 });
  const messageRef = useRef(message);
  messageRef.current = message;
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  const [calendars, setCalendars] = useState<HolidayCalendarSummary[]>([{ _id: 'default', name: 'Default' }]);
  const fromRef = useRef(todayDate(new Date()));

  const machine = useMemo(
    () =>
      engineerDaysFormMachine.provide({
        actors: {
          save: fromPromise(({ input }) => saveEngineerDays(input.id!, input.payload as EngineerDaysChanges, input.version!)),
          loadLatest: fromPromise(async ({ input }) => {
            const e = await unlessGone(planningApi.engineer(input.id));
            return e && { values: engineerDaysValuesOf(e, fromRef.current), version: e.version };
          }),
        },
        actions: {
          saved: () => {
            void loadEngineers();
            onSavedRef.current?.();
            void messageRef.current.success('Work days saved');
          },
          conflicted: () => void loadEngineers(),
        },
      }),
    [],
  );
  const [state, send] = useMachine(machine);
  const open = !state.matches('closed');

  useEffect(() => {
    if (!open) return;
    let current = true;
    holidayCalendarList().then(
      (list) => current && setCalendars(list),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [open]);

  const dialogs: ReactNode = (
    <>
      {messageHolder}
      <EngineerDaysDialog open={open} saving={state.matches('saving')} locked={state.matches('conflict')} context={state.context} calendars={calendars} send={send} />
      <FormConflictDialog thing="engineer" fields={conflictFields} {...conflictProps(state)} send={send} />
    </>
  );

  const openFor = (engineer: Engineer) => {
    fromRef.current = todayDate(new Date());
    send({ type: 'OPEN_EDIT', id: engineer._id, version: engineer.version, values: engineerDaysValuesOf(engineer, fromRef.current) });
  };

  return { dialogs, openFor };
}
