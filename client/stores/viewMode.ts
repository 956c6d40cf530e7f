import { useMemo } from 'react';
import { proxy, ref, useSnapshot } from 'valtio';
import type { Plan } from '../../domain/plan.ts';
import { setDraftTarget } from '../lib/draftTarget.ts';

/** The scenario every screen shows; `editable` when its owner works in it (their writes are drafted into it). */
export type ViewedScenario = { id: string; name: string; editable: boolean };

/**
 * Whether the app shows the live plan, the plan as it was at a past moment (time travel), or the live
 * plan with a scenario's drafted changes folded on it (`scenario`, its clock now). The live collections
 * keep following the live channel underneath; the read hooks show `past` while `pastAt` is set. Written
 * only by the time-travel and scenario-lens actions; every write control hides while it is set.
 */
export const viewMode = proxy<{ pastAt: string | null; past: Plan | null; scenario: ViewedScenario | null }>({
  pastAt: null,
  past: null,
  scenario: null,
});

export function showPast(at: string, plan: Plan) {
  viewMode.past = ref(plan) as Plan;
  viewMode.pastAt = at;
  viewMode.scenario = null;
  setDraftTarget(null);
}

/** Every screen shows this plan, the live one with the scenario folded on it, as of now. */
export function showScenario(scenario: ViewedScenario, plan: Plan, now: Date) {
  viewMode.past = ref(plan) as Plan;
  viewMode.pastAt = now.toISOString();
  viewMode.scenario = scenario;
}

export function showLive() {
  viewMode.pastAt = null;
  viewMode.past = null;
  viewMode.scenario = null;
  setDraftTarget(null);
}

export const useViewedScenario = () => useSnapshot(viewMode).scenario;

/**
 * What a screen says after a planning write: while its owner works in a scenario the write was drafted,
 * not made, and "Assignment updated" told them otherwise. Read when the write has come back.
 */
export function saidOfWrite(said: string): string {
  const scenario = viewMode.scenario;
  return scenario?.editable ? `Drafted in “${scenario.name}”, not live yet: ${said}` : said;
}

export const useIsViewingPast = () => useSnapshot(viewMode).pastAt !== null;

/** A list of the past plan in a collection's shape: loaded, never loading, no error. */
export type PastCollection<T> = { data: T; loading: false; error: null; loaded: true };
type PastCollections = { [K in keyof Plan]: PastCollection<Plan[K]> };

// One stable object per past plan and list, so screens' memoised figures are not recomputed per render.
const pastCollections = new WeakMap<Plan, PastCollections>();

function collectionsOf(plan: Plan): PastCollections {
  let found = pastCollections.get(plan);
  if (!found) {
    const of = <T,>(data: T): PastCollection<T> => ({ data, loading: false, error: null, loaded: true });
    found = {
      engineers: of(plan.engineers),
      projects: of(plan.projects),
      assignments: of(plan.assignments),
      timeOff: of(plan.timeOff),
      holidays: of(plan.holidays),
      placeholders: of(plan.placeholders),
      // A past plan from a server older than named calendars has none: the default one then.
      holidayCalendars: of(plan.holidayCalendars ?? [{ _id: 'default', name: 'Default', version: 0 }]),
      actuals: of(plan.actuals),
    };
    pastCollections.set(plan, found);
  }
  return found;
}

/** The past plan's list `key` while viewing the past, else null (the read hooks then show the live collection). */
export function usePastCollection<K extends keyof Plan>(key: K): PastCollection<Plan[K]> | null {
  const past = useSnapshot(viewMode).past as Plan | null;
  return past ? collectionsOf(past)[key] : null;
}

/** The moment shown while viewing the past (the clock of every derived figure), else null. */
export function usePastMoment(): Date | null {
  const pastAt = useSnapshot(viewMode).pastAt;
  return useMemo(() => (pastAt ? new Date(pastAt) : null), [pastAt]);
}
