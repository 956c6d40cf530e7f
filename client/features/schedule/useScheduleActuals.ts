import { useMemo } from 'react';
import type { ActualsVariance } from '../../../domain/actuals/contracts.ts';
import { recordedPeriods, type RecordedPeriod } from '../../../domain/actuals/shown.ts';
import type { CapacityResponse } from '../../../domain/capacity/contracts.ts';
import { fetchActualsVariance } from '../planning/index.ts';
import { actualsQuery, type ScheduleActualsQuery } from './actualsQuery.ts';
import type { ScheduleView } from '../../lib/scheduleView.ts';
import { type LiveQuerySource, useLiveQuery } from '../../stores/useLiveQuery.ts';

const source: LiveQuerySource<ScheduleActualsQuery, ActualsVariance | null> = {
  live: (query, signal) => fetchActualsVariance(query, signal),
  // Never asked: the query is null while the app shows another moment than now (see actualsOffReason).
  past: () => null,
};

export type ScheduleActuals = {
  /** Per engineer, what each period of the grid shows in the Actual mode (null: the plan); null while none is shown. */
  recordedOf: ((engineerId: string) => readonly (RecordedPeriod | null)[]) | null;
  loading: boolean;
  error: string | null;
};

/**
 * The Actual mode's figures for the grid on screen: GET /api/actuals over the window's past weeks, read
 * again after live events like the other figures a screen fetches itself (a week someone records shows
 * without reload), laid over the grid's periods.
 */
export function useScheduleActuals(view: ScheduleView, grid: CapacityResponse | null, today: string, allowed: boolean): ScheduleActuals {
  const query = actualsQuery(view, today, allowed);
  const answer = useLiveQuery(source, query);
  const asked = query !== null;
  const periods = grid?.periods;
  const recordedOf = useMemo(() => {
    if (!asked || !answer.data || !periods) return null;
    const { byEngineer, none } = recordedPeriods(answer.data, periods, today);
    return (engineerId: string) => byEngineer.get(engineerId) ?? none;
  }, [asked, answer.data, periods, today]);
  return { recordedOf, loading: answer.loading, error: answer.error };
}
