import type { Assignment, Engineer, HolidayCalendar, HolidayRecord, Placeholder, Project, TimeOff, User } from '../../domain/entities.ts';
import type { Plan } from '../../domain/plan.ts';
import type { SavedView } from '../../domain/views/events.ts';
import type { CurrentLoadAnswer } from '../lib/currentLoad.ts';
import type { Moment, PastPlan } from '../machines/timeTravel.machine.ts';

/**
 * The server calls the shared stores make, each store's its own small set. The app shell hands them
 * over once at start-up (`provideStoreCalls` in main.tsx, with app/storesApi.ts), as it hands the
 * session its calls: the stores, which every screen reads, import no API module, and a test hands them
 * the same calls (or its own) in its setup.
 */
export type TeamView = { _id: string; name: string; parentId: string | null; version: number; members: { _id: string; name: string }[]; managers: { _id: string; name: string }[] };
export type ViewValues = { name: string; path: string; shared: boolean };
/** A scenario's drafted changes folded on the live plan, and the scenario as it now stands. */
export type FoldedScenario = { plan: Plan; scenario: { _id: string; name: string; status: string } };

export type StoreCalls = {
  /** stores/engineers.ts: the engineer directory. */
  engineers: { list: () => Promise<Engineer[]> };
  /** stores/projects.ts: every project; stores/live.ts: one project's name for a notice. */
  projects: { list: () => Promise<Project[]>; get: (id: string) => Promise<Project> };
  /** stores/useCurrentLoad.ts: today's load of everyone in sums (managers and auditors). */
  currentLoad: { get: () => Promise<CurrentLoadAnswer> };
  /** stores/assignments.ts: the assignments, engineer and project populated. */
  assignments: { list: () => Promise<Assignment[]> };
  /** stores/profile.ts, and stores/live.ts after a refused handshake: the signed-in user. */
  profile: { get: () => Promise<User> };
  /** stores/capacityFacts.ts: time off, holidays, holiday calendars, placeholders. */
  capacityFacts: {
    timeOff: () => Promise<TimeOff[]>;
    holidays: () => Promise<HolidayRecord[]>;
    holidayCalendars: () => Promise<(HolidayCalendar & { holidays?: unknown })[]>;
    placeholders: () => Promise<Placeholder[]>;
  };
  /** stores/teams.ts (and stores/reach.ts through it): every team. */
  teams: { list: (signal?: AbortSignal) => Promise<TeamView[]> };
  /** stores/savedViews.ts: one's saved views and the shared ones. */
  savedViews: { list: () => Promise<SavedView[]>; save: (values: ViewValues) => Promise<SavedView>; remove: (id: string) => Promise<unknown> };
  /** stores/timeTravel.ts: the plan as it was at a moment. */
  timeTravel: { pastPlan: (moment: Moment) => Promise<PastPlan> };
  /** stores/scenarioLens.ts: a scenario folded on the live plan. */
  scenarioLens: { folded: (scenarioId: string) => Promise<FoldedScenario> };
};

let provided: StoreCalls | null = null;

/** The app shell (or a test's setup) hands the stores their calls, before any store loads. */
export function provideStoreCalls(calls: StoreCalls): void {
  provided = calls;
}

/** The calls of one store; a call made before they were handed over fails like a failed request. */
export function callsOf<K extends keyof StoreCalls>(store: K): StoreCalls[K] {
  if (!provided) throw new Error('The stores were not given their calls');
  return provided[store];
}
