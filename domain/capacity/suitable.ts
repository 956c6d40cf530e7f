import { z } from 'zod';
import type { Project } from '../entities.ts';
import { capacityOverTime, type CapacityFacts } from './capacity-over-time.ts';
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
  })
  .refine((q) => !(q.from && q.to) || dayOfDate(q.to) >= dayOfDate(q.from), { path: ['to'], message: M.rangeBackwards })
  .refine((q) => !(q.from && q.to) || dayOfDate(q.to) - dayOfDate(q.from) < MAX_RANGE_DAYS, { path: ['to'], message: M.rangeTooLong(MAX_RANGE_DAYS) });
export type SuitableQuery = z.output<typeof suitableQueryInput>;

export const suitableEngineerSchema = capacityEngineerSchema.extend({
  matchingSkills: z.array(z.string()),
  /** The lowest free figure of any week of the dates asked, in percent of a day (what can still be booked throughout). */
  availableCapacity: z.number(),
  onProject: z.boolean(),
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
  const projectLast = localDayOf(instantOf(project.endDate) - 1, timeZone);
  let from = asked.from ? dayOfDate(asked.from) : Math.max(today, projectStart);
  let to = asked.to ? dayOfDate(asked.to) : projectLast;
  if (to < from) to = asked.to ? from : from + 27;
  if (to - from >= MAX_RANGE_DAYS) to = from + MAX_RANGE_DAYS - 1;
  // Four weeks from the last day there is would end in a year no date takes.
  if (to > LAST_DAY) to = LAST_DAY;
  if (from > to) from = to;
  return { from: dateOfDay(from), to: dateOfDay(to) };
}

/**
 * Engineers with at least one of the project's required skills, ranked for those dates: most free
 * first (the weekly low, since an assignment has to fit in every week), then most matching skills.
 */
export function suitableEngineers(
  facts: CapacityFacts<CapacityEngineerRow>,
  ask: { project: Pick<Project, 'requiredSkills'>; from: string; to: string; onProject: ReadonlySet<string>; timeZone: string },
): SuitableEngineer[] {
  const required = new Set(ask.project.requiredSkills);
  const candidates = facts.engineers.filter((e) => e.skills.some((skill) => required.has(skill)));
  const view = capacityOverTime({ ...facts, engineers: candidates, timeZone: ask.timeZone }, { from: ask.from, to: ask.to, step: 'week' });
  return view.engineers
    .map(({ engineer, minFree }) => ({
      ...engineer,
      matchingSkills: engineer.skills.filter((skill) => required.has(skill)),
      availableCapacity: minFree ?? 0,
      onProject: ask.onProject.has(engineer._id),
    }))
    .sort(
      (a, b) =>
        b.availableCapacity - a.availableCapacity ||
        b.matchingSkills.length - a.matchingSkills.length ||
        a.name.localeCompare(b.name) ||
        a._id.localeCompare(b._id),
    );
}
