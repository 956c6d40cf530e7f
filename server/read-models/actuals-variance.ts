import {
  actualsVariance, missingWeeks, plannedHours, recordedShare, viewWeeks, weekDates, weekOf, weeksBetween, type ActualsEntry, type ActualsQuery, type ActualsWeek, type ActualsVariance,
} from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { actualsWeeks } from './actuals.ts';
import { loadCapacityFacts } from './capacity-facts.ts';

export type ActualsSettings = { timeZone: string; hoursPerDay: number };

/** The planned hours of one engineer's week per project (those with any), from the capacity model. */
export async function plannedWeek(db: DbOrTrx, engineerId: string, week: string, settings: ActualsSettings): Promise<ActualsEntry[]> {
  const range = weekDates(week);
  const facts = await loadCapacityFacts(db, { ...range, engineerId });
  const { cells } = plannedHours({ ...facts, timeZone: settings.timeZone }, { ...range, step: 'week' }, settings.hoursPerDay);
  return cells.filter((c) => c.hours[0]! > 0).map((c) => ({ projectId: c.projectId, hours: c.hours[0]! }));
}

/** What GET /api/actuals is worked out from, read in one snapshot: whole ISO weeks covering from..to (the view cuts them). */
export type ActualsFacts = {
  weeks: string[];
  range: { from: string; to: string };
  facts: Awaited<ReturnType<typeof loadCapacityFacts>>;
  actuals: ActualsWeek[];
  names: Map<string, string>;
};

export async function loadActualsFacts(db: DbOrTrx, query: { from: string; to: string; engineerId?: string }): Promise<ActualsFacts> {
  const weeks = weeksBetween(query.from, query.to);
  const range = { from: weekDates(weeks[0]!).from, to: weekDates(weeks.at(-1)!).to };
  const [facts, actuals, projects] = await Promise.all([
    loadCapacityFacts(db, { ...range, engineerId: query.engineerId }),
    actualsWeeks(db, { fromWeek: weeks[0]!, toWeek: weeks.at(-1)!, engineerId: query.engineerId }),
    db.selectFrom('projects').select(['id', 'name']).execute(),
  ]);
  const names = new Map<string, string>([...facts.engineers.map((e): [string, string] => [e._id, e.name]), ...projects.map((p): [string, string] => [p.id, p.name])]);
  return { weeks, range, facts, actuals, names };
}

/**
 * GET /api/actuals: planned beside actual hours over the days of from..to up to today (viewWeeks: a
 * week cut by the range counts its days inside it, the week not over yet counts to date), per engineer
 * or project, and who has not filled an ended week in which they had working time in the view.
 */
export function actualsVarianceOf(loaded: ActualsFacts, query: ActualsQuery & { today: string }, settings: ActualsSettings): ActualsVariance {
  const { facts, actuals, names } = loaded;
  const view = viewWeeks(query.from, query.to, query.today);
  if (!view) return { periods: [], rows: [], missing: [], hoursPerDay: settings.hoursPerDay };
  const nameOf = (id: string) => names.get(id) ?? id;
  const zoned = { ...facts, timeZone: settings.timeZone };
  const { cells, working, countedDays } = plannedHours(zoned, { from: view.from, to: view.to, step: 'week' }, settings.hoursPerDay);
  // Only the first and the last week can be cut: their counted days over all seven, to share out what was recorded.
  const wholeCounted = new Map<number, Map<string, number[]>>();
  view.weeks.forEach((week, w) => {
    if (!week.whole) wholeCounted.set(w, plannedHours(zoned, { ...weekDates(week.week), step: 'week' }, settings.hoursPerDay).countedDays);
  });
  const shareOf = (engineerId: string, w: number) =>
    recordedShare(view.weeks[w]!, countedDays.get(engineerId)?.[w] ?? 0, wholeCounted.get(w)?.get(engineerId)?.[0] ?? 0);
  const { periods, rows } = actualsVariance({ weeks: view.weeks, step: query.step, by: query.by, planned: cells, actuals, nameOf, shareOf });
  const missing = missingWeeks({ weeks: view.weeks.map((w) => w.week), currentWeek: weekOf(query.today), working, actuals })
    .map((m) => ({ ...m, name: nameOf(m.engineerId) }));
  const key = query.by;
  return {
    periods,
    rows: rows.map(({ id, name, ...figures }) => ({ [key]: { _id: id, name }, ...figures })),
    missing,
    hoursPerDay: settings.hoursPerDay,
  };
}
