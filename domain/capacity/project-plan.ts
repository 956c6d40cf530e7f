/**
 * The project plan (Float's and Runn's project planner): per project and period, how much of its work
 * is staffed, how much is on a pipeline project, how much is still an open role, and who is on it.
 *
 * It is the capacity model seen by project instead of by engineer, so it counts the same days
 * (load-days.ts): an assignment counts on each of its assignee's own working days (their work week and
 * calendar, engineer-days.ts) while they are employed, not on time off, with capacity, exactly where
 * the model counts `booked`; work on a day off is a conflict there and nothing here. Open roles
 * (placeholders) count over the organisation's working days, as the model's placeholder totals do.
 * Figures are percent-days (100 is one person-day).
 */
import type { CapacityFacts, CapacityView } from './capacity-over-time.ts';
import { refId, type CapacityAssignment, type CapacityEngineer, type PlaceholderDemand } from './inputs.ts';
import { bookingsByEngineer, CountedDays, EngineerDayStates, markEngineerDays, placeholderDemand, timeOffByEngineer, UNIT, viewGrid } from './load-days.ts';
import type { CapacityPeriod } from './periods.ts';

/** What the plan needs of a project: the rest is carried through to the row as it is. */
export type PlanProject = { _id: string; name: string };

export type ProjectPlanFacts<E extends CapacityEngineer = CapacityEngineer, P extends PlanProject = PlanProject> = CapacityFacts<E> & {
  /** The projects to plan, in the order their rows come out. */
  projects: readonly P[];
};

export type PlanPerson = { _id: string; name: string; load: number };

export type ProjectPlanPeriod = {
  key: string;
  /** Confirmed load on the assignees' counted days; with `includeTentative`, plus the tentative load (as the model's booked). */
  staffed: number;
  /** Load of a tentative project's assignments on the assignees' counted days, whether included in staffed or not. */
  tentative: number;
  /** Open roles: the project's placeholders over the organisation's working days. */
  demand: number;
  /** Everyone assigned to the project on a day of the period, by name, with the load of theirs that counts there (0 when all of it fell on days off). */
  people: PlanPerson[];
};

export type ProjectPlanRow<P extends PlanProject = PlanProject> = { project: P; periods: ProjectPlanPeriod[] };
export type ProjectPlanTotal = { key: string; staffed: number; tentative: number; demand: number };
export type ProjectPlanOverTime<P extends PlanProject = PlanProject> = { periods: CapacityPeriod[]; rows: ProjectPlanRow<P>[]; totals: ProjectPlanTotal[] };

/** One project's sums per period, in load units, and per person on it. */
type RowSums = { confirmed: Float64Array; tentative: Float64Array; people: Map<string, { load: Float64Array; on: Uint8Array }> };

/** A period's figures as the plan answers them, or several periods' summed. */
export type PlanFigures = { staffed: number; tentative: number; demand: number };

/**
 * What the plan counts, for one period or summed over many (a project's window, the totals, the whole
 * view): `staffed` is the answer's (it holds the tentative work only when the view includes it), the
 * tentative work the view leaves out stays apart (shown, never counted as staffed), and the open roles.
 * Every figure the plan shows comes from here, so none of them adds the tentative work where another
 * leaves it out.
 */
export function countedPlan(periods: readonly PlanFigures[], includeTentative: boolean): { staffed: number; tentativeApart: number; demand: number } {
  let staffed = 0;
  let tentative = 0;
  let demand = 0;
  for (const period of periods) {
    staffed += period.staffed;
    tentative += period.tentative;
    demand += period.demand;
  }
  return { staffed, tentativeApart: includeTentative ? 0 : tentative, demand };
}

const byName = (a: PlanPerson, b: PlanPerson) => a.name.localeCompare(b.name) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

export function projectPlan<E extends CapacityEngineer, P extends PlanProject>(facts: ProjectPlanFacts<E, P>, view: CapacityView): ProjectPlanOverTime<P> {
  const timeZone = facts.timeZone ?? 'UTC';
  const includeTentative = view.includeTentative ?? false;
  const { grid, holidays } = viewGrid(view, facts.holidays ?? []);
  const periodCount = grid.periods.length;

  const sums = new Map<string, RowSums>();
  for (const project of facts.projects) {
    sums.set(project._id, { confirmed: new Float64Array(periodCount), tentative: new Float64Array(periodCount), people: new Map() });
  }
  const planned = facts.assignments.filter((a: CapacityAssignment) => sums.has(refId(a.projectId)));
  const bookings = bookingsByEngineer(planned, facts.tentativeProjectIds, grid, timeZone);
  const timeOff = timeOffByEngineer(facts.timeOff ?? [], grid);
  const days = new EngineerDayStates(grid.days);
  const counted = new CountedDays(grid);

  for (const engineer of facts.engineers) {
    const own = bookings.get(engineer._id);
    if (!own) continue;
    markEngineerDays(engineer, timeOff.get(engineer._id) ?? [], grid, holidays, days);
    counted.mark(days);
    for (const booking of own) {
      const row = sums.get(refId(booking.source.projectId))!;
      let person = row.people.get(engineer._id);
      if (!person) row.people.set(engineer._id, (person = { load: new Float64Array(periodCount), on: new Uint8Array(periodCount) }));
      const into = booking.tentative ? row.tentative : row.confirmed;
      counted.eachPeriod(booking, (p, days) => {
        into[p]! += days * booking.load;
        person.load[p]! += days * booking.load;
        person.on[p] = 1;
      });
    }
  }

  const placeholders = new Map<string, PlaceholderDemand[]>();
  for (const placeholder of facts.placeholders ?? []) {
    const id = refId(placeholder.projectId);
    if (!sums.has(id)) continue;
    const list = placeholders.get(id);
    if (list) list.push(placeholder);
    else placeholders.set(id, [placeholder]);
  }

  const names = new Map(facts.engineers.map((e) => [e._id, e.name ?? e._id]));
  // Summed in load units, like every figure, so the totals carry no rounding noise of their own.
  const total = { staffed: new Float64Array(periodCount), tentative: new Float64Array(periodCount), demand: new Float64Array(periodCount) };
  const none = new Float64Array(periodCount);
  const rows = facts.projects.map((project): ProjectPlanRow<P> => {
    const row = sums.get(project._id)!;
    const demand = placeholders.has(project._id) ? placeholderDemand(placeholders.get(project._id)!, grid, timeZone) : none;
    const periods = grid.periods.map((period, p): ProjectPlanPeriod => {
      const people: PlanPerson[] = [];
      for (const [id, person] of row.people) if (person.on[p]) people.push({ _id: id, name: names.get(id)!, load: person.load[p]! / UNIT });
      const staffed = row.confirmed[p]! + (includeTentative ? row.tentative[p]! : 0);
      total.staffed[p]! += staffed;
      total.tentative[p]! += row.tentative[p]!;
      total.demand[p]! += demand[p]!;
      return { key: period.key, staffed: staffed / UNIT, tentative: row.tentative[p]! / UNIT, demand: demand[p]! / UNIT, people: people.sort(byName) };
    });
    return { project, periods };
  });
  const totals = grid.periods.map((period, p): ProjectPlanTotal => ({
    key: period.key,
    staffed: total.staffed[p]! / UNIT,
    tentative: total.tentative[p]! / UNIT,
    demand: total.demand[p]! / UNIT,
  }));
  return { periods: grid.periods, rows, totals };
}
