import type { CapacityFacts } from '../capacity/capacity-over-time.ts';
import { refId, type CapacityEngineer, type CapacityStep } from '../capacity/inputs.ts';
import { bookingsByEngineer, CountedDays, EngineerDayStates, markEngineerDays, timeOffByEngineer, UNIT, viewGrid } from '../capacity/load-days.ts';
import type { CapacityPeriod } from '../capacity/periods.ts';

/** Hours in a full working day: an hour is 100 / HOURS_PER_DAY percent of a day (design section 13). */
export const DEFAULT_HOURS_PER_DAY = 8;

/** Percent-days of load (the capacity model's booked figure) as hours. */
export const hoursOfLoad = (percentDays: number, hoursPerDay: number) => Math.round(percentDays * hoursPerDay) / 100;

export type PlannedCell = { engineerId: string; projectId: string; hours: number[] };

/**
 * Planned hours per engineer, project and period: each engineer's confirmed bookings counted on the
 * days the capacity model counts their load (load-days.ts), so a holiday, time off, a start or leave
 * date and a part-time work week count exactly as they do on the schedule, split by project. Pipeline
 * work is not the plan yet: a tentative project's cells are there, at zero.
 *
 * `working` says per engineer and period whether they had any capacity there (where the model's
 * capacity is above zero): who was expected to fill a week. `countedDays`, on how many days: what a
 * week cut by a range keeps of what was recorded for all of it.
 */
export function plannedHours<E extends CapacityEngineer>(
  facts: CapacityFacts<E>,
  view: { from: string; to: string; step: CapacityStep },
  hoursPerDay: number,
): { periods: CapacityPeriod[]; cells: PlannedCell[]; working: Map<string, boolean[]>; countedDays: Map<string, number[]> } {
  const { grid, holidays } = viewGrid(view, facts.holidays ?? []);
  const periodCount = grid.periods.length;
  const bookings = bookingsByEngineer(facts.assignments, facts.tentativeProjectIds, grid, facts.timeZone ?? 'UTC');
  const timeOff = timeOffByEngineer(facts.timeOff ?? [], grid);
  const days = new EngineerDayStates(grid.days);
  const counted = new CountedDays(grid);
  const cells: PlannedCell[] = [];
  const working = new Map<string, boolean[]>();
  const countedDays = new Map<string, number[]>();
  for (const engineer of facts.engineers) {
    markEngineerDays(engineer, timeOff.get(engineer._id) ?? [], grid, holidays, days);
    counted.mark(days);
    const countedIn = grid.periods.map((_, p) => counted.countIn(p));
    countedDays.set(engineer._id, countedIn);
    working.set(engineer._id, countedIn.map((n) => n > 0));
    const loadOf = new Map<string, Float64Array>();
    for (const booking of bookings.get(engineer._id) ?? []) {
      const projectId = refId(booking.source.projectId);
      let load = loadOf.get(projectId);
      if (!load) loadOf.set(projectId, (load = new Float64Array(periodCount)));
      if (booking.tentative) continue;
      const into = load;
      counted.eachPeriod(booking, (p, n) => (into[p]! += n * booking.load));
    }
    for (const [projectId, load] of loadOf) {
      cells.push({ engineerId: engineer._id, projectId, hours: Array.from(load, (units) => hoursOfLoad(units / UNIT, hoursPerDay)) });
    }
  }
  return { periods: grid.periods, cells, working, countedDays };
}
