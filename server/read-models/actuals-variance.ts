import {
  actualsVariance, missingWeeks, plannedHours, weekDates, weeksBetween, type ActualsEntry, type ActualsQuery, type ActualsWeek, type ActualsVariance,
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

/** What GET /api/actuals is worked out from, read in one snapshot: whole ISO weeks covering from..to. */
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
 * GET /api/actuals: planned beside actual hours over whole ISO weeks (those with a day in from..to),
 * per engineer or project, and who has not filled an ended week in which they had working time.
 */
export function actualsVarianceOf(loaded: ActualsFacts, query: ActualsQuery & { today: string }, settings: ActualsSettings): ActualsVariance {
  const { weeks, range, facts, actuals, names } = loaded;
  const nameOf = (id: string) => names.get(id) ?? id;
  const { cells, working } = plannedHours({ ...facts, timeZone: settings.timeZone }, { ...range, step: 'week' }, settings.hoursPerDay);
  const { periods, rows } = actualsVariance({ weeks, step: query.step, by: query.by, planned: cells, actuals, nameOf });
  const missing = missingWeeks({ weeks, currentWeek: weeksBetween(query.today, query.today)[0]!, working, actuals })
    .map((m) => ({ ...m, name: nameOf(m.engineerId) }));
  const key = query.by;
  return {
    periods,
    rows: rows.map(({ id, name, ...figures }) => ({ [key]: { _id: id, name }, ...figures })),
    missing,
    hoursPerDay: settings.hoursPerDay,
  };
}
