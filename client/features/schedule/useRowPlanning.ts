import { useCallback } from 'react';
import type { Engineer } from '../../../domain/entities.ts';
import { useEngineerDays, type useScheduleWrites } from '../planning/index.ts';
import type { ScheduleData } from './schedule.machine.ts';

type Options = {
  grid: ScheduleData['grid'] | null;
  engineers: readonly Engineer[];
  openTimeOff: ReturnType<typeof useScheduleWrites>['openTimeOff'];
  /** The day a booking starts on: today when the window shows it, else the window's first day. */
  firstDay: string;
  reload: () => void;
};

/** A row's own planning: book the person's time off, and edit their working days (whose dialog the screen shows). */
export function useRowPlanning({ grid, engineers, openTimeOff, firstDay, reload }: Options) {
  const bookTimeOff = useCallback(
    (id: string) => {
      const engineer = grid?.rows.find((r) => r.engineer._id === id)?.engineer;
      if (engineer) openTimeOff(engineer, firstDay);
    },
    [grid, openTimeOff, firstDay],
  );
  const days = useEngineerDays({ onSaved: reload });
  const { openFor } = days;
  const editDays = useCallback(
    (id: string) => {
      const engineer = engineers.find((e) => e._id === id);
      if (engineer) openFor(engineer);
    },
    [engineers, openFor],
  );
  return { bookTimeOff, editDays, daysDialogs: days.dialogs };
}
