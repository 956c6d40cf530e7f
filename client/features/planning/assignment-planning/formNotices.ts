import { useEffect, useMemo, useState } from 'react';
import { lockedWeekRefusal } from '../../../lib/lockedWeeks.ts';
import { orgTimeZone } from '../../../lib/orgTimeZone.ts';
import { rankingDates, reassigns } from '../../../machines/assignmentValues.ts';
import { engineersStore } from '../../../stores/engineers.ts';
import { fetchLockedWeeks } from '../actuals/actualsApi.ts';
import { useCapacity } from '../capacity/useCapacity.ts';
import type { AssignmentFormContext } from './assignmentForm.machine.ts';
import type { WeeklyLoad } from './AssignmentFormDialog.tsx';
import { weeklyLoadQuery } from './actions.ts';

/**
 * The engineer who would take the work (a new assignment's, or the one an assignment is handed to), week
 * by week over the form's dates (GET /api/capacity for them alone, tentative work counted as the warning
 * counts it), with the assignment's allocation added in points of their capacity: it is on every working
 * day of those dates, so it adds allocation / maxCapacity to each week's utilisation.
 */
export function useWeeklyLoad(context: AssignmentFormContext): WeeklyLoad | null {
  const { mode, engineer, form } = context;
  const dates = (mode === 'create' || reassigns(context)) && engineer ? rankingDates(form) : null;
  const load = useCapacity(dates && engineer ? weeklyLoadQuery(engineer._id, dates) : null);
  if (!dates || !engineer) return null;
  const row = load.data?.rows.find((r) => r.engineer._id === engineer._id);
  const addPoints = Number.isFinite(engineer.maxCapacity) && engineer.maxCapacity > 0 ? ((form.allocationPercentage ?? 0) / engineer.maxCapacity) * 100 : 0;
  return { periods: row?.periods ?? null, loading: load.loading, error: load.error, retry: load.retry, addPoints };
}

/**
 * An edit that corrects the past too may reach a week locked for its engineer's actuals, which the
 * server refuses: the weeks locked for the people it concerns are read once the box is ticked, and the
 * form says so before it saves, in the refusal's own words.
 */
export function useLockedWeekNotice(context: AssignmentFormContext): string | null {
  const { mode, correctPast, ownerId, engineer, project, base, form } = context;
  const people = useMemo(
    () => (mode === 'edit' && correctPast && ownerId ? [...new Set([ownerId, engineer?._id ?? ownerId])] : []),
    [mode, correctPast, ownerId, engineer?._id],
  );
  const [locked, setLocked] = useState<ReadonlyMap<string, readonly string[]>>(new Map());
  const key = people.join(' ');
  useEffect(() => {
    if (people.length === 0) return;
    let current = true;
    void Promise.all(people.map(async (id) => [id, await fetchLockedWeeks(id).catch(() => [])] as const)).then((found) => current && setLocked(new Map(found)));
    return () => {
      current = false;
    };
    // Keyed by the ids: a new array of the same people asks nothing again.
  }, [key]);
  if (people.length === 0 || !project || typeof base.allocationPercentage !== 'number') return null;
  const names = new Map(engineersStore.data.map((e) => [e._id, e.name]));
  const before = { engineerId: ownerId!, projectId: project._id, allocationPercentage: base.allocationPercentage, startDate: base.startDate, endDate: base.endDate };
  const after = { engineerId: engineer?._id ?? ownerId!, projectId: project._id, allocationPercentage: form.allocationPercentage as number, startDate: form.startDate, endDate: form.endDate };
  return lockedWeekRefusal(before, after, locked, names, orgTimeZone());
}
