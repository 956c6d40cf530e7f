import { capacityOverTime, type CapacityFacts } from '../capacity/capacity-over-time.ts';
import { refId, type CapacityEngineer, type CapacityStep } from '../capacity/inputs.ts';
import type { CapacityPeriod } from '../capacity/periods.ts';

/** Hours in a full working day: an hour is 100 / HOURS_PER_DAY percent of a day (design section 13). */
export const DEFAULT_HOURS_PER_DAY = 8;

/** Percent-days of load (the capacity model's booked figure) as hours. */
export const hoursOfLoad = (percentDays: number, hoursPerDay: number) => Math.round(percentDays * hoursPerDay) / 100;

export type PlannedCell = { engineerId: string; projectId: string; hours: number[] };

const SEPARATOR = '\u0000';

/**
 * Planned hours per engineer, project and period: the capacity model's confirmed booked load of each
 * (engineer, project) pair, so a holiday, time off, a start or leave date and a part-time work week
 * count exactly as they do on the schedule. The model sums load per engineer; each pair is asked for
 * as an engineer of its own (the engineer's days, only that project's assignments and their time off),
 * which keeps the rule of what counts on a day in one place.
 */
export function plannedHours<E extends CapacityEngineer>(
  facts: CapacityFacts<E>,
  view: { from: string; to: string; step: CapacityStep },
  hoursPerDay: number,
): { periods: CapacityPeriod[]; cells: PlannedCell[] } {
  const engineers = new Map(facts.engineers.map((e) => [e._id, e]));
  const pairs = new Map<string, CapacityEngineer>();
  const assignments = [];
  for (const a of facts.assignments) {
    const engineerId = refId(a.engineerId);
    const engineer = engineers.get(engineerId);
    if (!engineer) continue;
    const key = `${engineerId}${SEPARATOR}${refId(a.projectId)}`;
    if (!pairs.has(key)) pairs.set(key, { ...engineer, _id: key });
    assignments.push({ ...a, engineerId: key });
  }
  const pairsOf = new Map<string, string[]>();
  for (const key of pairs.keys()) {
    const engineerId = key.slice(0, key.indexOf(SEPARATOR));
    pairsOf.set(engineerId, [...(pairsOf.get(engineerId) ?? []), key]);
  }
  const timeOff = (facts.timeOff ?? []).flatMap((t) => (pairsOf.get(t.engineerId) ?? []).map((key) => ({ ...t, engineerId: key })));
  const model = capacityOverTime(
    {
      engineers: [...pairs.values()], assignments, timeOff, holidays: facts.holidays ?? [], timeZone: facts.timeZone ?? 'UTC',
      // Pipeline work is not the plan yet: only confirmed load is planned hours.
      tentativeProjectIds: facts.tentativeProjectIds ?? [],
    },
    { ...view, includeTentative: false },
  );
  const cells = model.engineers.map(({ engineer, periods }) => {
    const [engineerId, projectId] = engineer._id.split(SEPARATOR) as [string, string];
    return { engineerId, projectId, hours: periods.map((p) => hoursOfLoad(p.booked, hoursPerDay)) };
  });
  return { periods: model.periods, cells };
}
