import { z } from 'zod';
import type { Project } from '../entities.ts';
import { capacityOverTime, type CapacityFacts } from './capacity-over-time.ts';
import { compareFits, fitSchema, fitsOver } from './fit.ts';
import { dateOfDay, dayOfDate, instantOf, LAST_DAY } from './calendar-days.ts';
import { capacityEngineerSchema, type CapacityEngineerRow } from './contracts.ts';
import { calendarDate, MAX_RANGE_DAYS } from './inputs.ts';
import { capacityMessages as M } from './messages.ts';
import { localDayOf } from './time-zone.ts';

export const suitableQueryInput = z
  .object({
    projectId: z.string({ error: 'projectId is required' }).min(1, 'projectId is required').max(100),
    from: calendarDate('from').optional(),
    to: calendarDate('to').optional(),
    /** The percent of a day the work needs: each engineer's fit is judged for it (without it, for any room at all). */
    allocation: z.coerce.number({ error: M.allocationInvalid }).min(1, M.allocationInvalid).max(100, M.allocationInvalid).optional(),
  })
  .refine((q) => !(q.from && q.to) || dayOfDate(q.to) >= dayOfDate(q.from), { path: ['to'], message: M.rangeBackwards })
  .refine((q) => !(q.from && q.to) || dayOfDate(q.to) - dayOfDate(q.from) < MAX_RANGE_DAYS, { path: ['to'], message: M.rangeTooLong(MAX_RANGE_DAYS) });
export type SuitableQuery = z.output<typeof suitableQueryInput>;

export const suitableEngineerSchema = capacityEngineerSchema.extend({
  matchingSkills: z.array(z.string()),
  /** The lowest free figure of any week of the dates asked, in percent of a day (what can still be booked throughout). */
  availableCapacity: z.number(),
  /**
   * Free on average over the dates asked, in percent of a day: each week's free figure weighted by its
   * working days (a week away counts as none free, not as the whole range full).
   */
  averageFree: z.number(),
  /**
   * Their load over the dates asked: booked against their own capacity there x 100, to one decimal (the
   * figure every screen shows for a person); null without capacity. A part-timer of 50 % at 60 % is 120.
   */
  load: z.number().nullable(),
  /** How many weeks of the dates asked have any room (free above 0), of `weeks` (those with working days). */
  freeWeeks: z.number().int(),
  weeks: z.number().int(),
  onProject: z.boolean(),
  /** Room for the allocation asked on every working day of the dates (fit.ts), day by day. */
  fit: fitSchema,
});
export type SuitableEngineer = z.infer<typeof suitableEngineerSchema>;

/**
 * The dates to rank by: the ones asked, else from the later of today and the project's start to the
 * project's last day. A project that is over leaves the four weeks from today, so the form still ranks.
 */
export function suitableDates(
  project: Pick<Project, 'startDate' | 'endDate'>,
  asked: { from?: string; to?: string },
  now: Date,
  timeZone: string,
): { from: string; to: string } {
  const today = localDayOf(now.getTime(), timeZone);
  const projectStart = localDayOf(instantOf(project.startDate), timeZone);
  const projectLast = localDayOf(instantOf(project.endDate), timeZone);
  let from = asked.from ? dayOfDate(asked.from) : Math.max(today, projectStart);
  let to = asked.to ? dayOfDate(asked.to) : projectLast;
  if (to < from) to = asked.to ? from : from + 27;
  if (to - from >= MAX_RANGE_DAYS) to = from + MAX_RANGE_DAYS - 1;
  // Four weeks from the last day there is would end in a year no date takes.
  if (to > LAST_DAY) to = LAST_DAY;
  if (from > to) from = to;
  return { from: dateOfDay(from), to: dateOfDay(to) };
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * How free someone is over the weeks of the dates asked, judged fairly: on average (each week's free
 * figure weighted by its working days), and in how many weeks there is any room. One week away makes
 * that week full, not the whole range: someone free in nine weeks of ten ranks high.
 */
export function availabilityOver(periods: readonly { free: number | null; workingDays: number }[]): { averageFree: number; freeWeeks: number; weeks: number; lowest: number } {
  let weighted = 0;
  let days = 0;
  let weeks = 0;
  let freeWeeks = 0;
  let lowest: number | null = null;
  for (const p of periods) {
    if (p.free === null || p.workingDays === 0) continue;
    weeks += 1;
    if (p.free > 0) freeWeeks += 1;
    weighted += p.free * p.workingDays;
    days += p.workingDays;
    if (lowest === null || p.free < lowest) lowest = p.free;
  }
  return { averageFree: days > 0 ? oneDecimal(weighted / days) : 0, freeWeeks, weeks, lowest: lowest ?? 0 };
}

/** Booked against capacity over the periods, as a period's utilisation is counted: null without capacity. */
export function loadOver(periods: readonly { booked: number; capacity: number }[]): number | null {
  let booked = 0;
  let capacity = 0;
  for (const p of periods) {
    booked += p.booked;
    capacity += p.capacity;
  }
  return capacity > 0 ? oneDecimal((booked / capacity) * 100) : null;
}

/** Without an allocation asked, a fit is judged for any room at all: more than 0 % free. */
export const ANY_ROOM = Number.MIN_VALUE;

/**
 * Every engineer, ranked for a project over those dates, so the form finds anyone by name: skills rank,
 * they never filter anyone out. First by fit for the allocation (fits, fits except some days, no room),
 * then those with at least one of the project's required skills, then, within each, the most free on
 * average over the weeks (availabilityOver), then the most matching skills, then by name.
 */
export function suitableEngineers(
  facts: CapacityFacts<CapacityEngineerRow>,
  ask: { project: Pick<Project, 'requiredSkills'>; from: string; to: string; allocation?: number; onProject: ReadonlySet<string>; timeZone: string },
): SuitableEngineer[] {
  const required = new Set(ask.project.requiredSkills);
  const view = capacityOverTime({ ...facts, timeZone: ask.timeZone }, { from: ask.from, to: ask.to, step: 'week' });
  const fits = fitsOver({ ...facts, timeZone: ask.timeZone }, { from: ask.from, to: ask.to, percent: ask.allocation ?? ANY_ROOM });
  return view.engineers
    .map(({ engineer, periods }) => {
      const { averageFree, freeWeeks, weeks, lowest } = availabilityOver(periods);
      return {
        ...engineer,
        matchingSkills: engineer.skills.filter((skill) => required.has(skill)),
        availableCapacity: lowest,
        averageFree,
        load: loadOver(periods),
        freeWeeks,
        weeks,
        onProject: ask.onProject.has(engineer._id),
        fit: fits.get(engineer._id)!,
      };
    })
    .sort(
      (a, b) =>
        compareFits(a.fit, b.fit) ||
        Number(b.matchingSkills.length > 0) - Number(a.matchingSkills.length > 0) ||
        b.averageFree - a.averageFree ||
        b.matchingSkills.length - a.matchingSkills.length ||
        a.name.localeCompare(b.name) ||
        a._id.localeCompare(b._id),
    );
}
