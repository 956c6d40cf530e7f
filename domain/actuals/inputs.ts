import { z } from 'zod';
import { calendarDate, MAX_RANGE_DAYS } from '../capacity/inputs.ts';
import { dayOfDate } from '../capacity/calendar-days.ts';
import { wellFormedText } from '../text.ts';
import { actualsMessages as M } from './messages.ts';
import { isIsoWeek } from './weeks.ts';

/** At most 24 hours on each day of the week, summed over its entries. */
export const MAX_WEEK_HOURS = 24 * 7;

/** The one rule on a week's hours beyond each entry's own: their sum fits in 7 days of 24 hours. */
export const withinWeek = (entries: readonly { hours: number }[]) => entries.reduce((sum, e) => sum + e.hours, 0) <= MAX_WEEK_HOURS;

export const isoWeek = z.string({ error: M.weekInvalid }).refine(isIsoWeek, { message: M.weekInvalid });

const hours = z.number({ error: M.hoursInvalid }).finite(M.hoursInvalid).min(0, M.hoursInvalid).max(MAX_WEEK_HOURS, M.weekTooLong(MAX_WEEK_HOURS));

export const actualsEntryInput = z.object({
  projectId: wellFormedText('Project', M.projectRequired).trim().min(1, M.projectRequired).max(100, M.projectRequired),
  hours,
});

const optionalText = (message: string) => wellFormedText('Text').trim().max(500, message).optional();

const weekFields = {
  entries: z.array(actualsEntryInput).max(200, M.tooManyEntries),
  note: optionalText(M.noteTooLong),
  reason: optionalText(M.reasonTooLong),
};
const weekRules = <T extends z.ZodType<{ entries: { projectId: string; hours: number }[] }>>(schema: T) =>
  schema
    .refine((w) => new Set(w.entries.map((e) => e.projectId)).size === w.entries.length, { path: ['entries'], message: M.projectTwice })
    .refine((w) => withinWeek(w.entries), { path: ['entries'], message: M.weekTooLong(MAX_WEEK_HOURS) });

/** A whole week as a command records it, replacing what was recorded. */
export const actualsWeekInput = weekRules(z.object(weekFields));
export type RecordActualsInput = z.output<typeof actualsWeekInput>;

/** PUT /api/engineers/:id/actuals/:week: the week, and the engineer's version (or If-Match). */
export const recordActualsInput = weekRules(z.object({ ...weekFields, version: z.number().int().min(0).optional() }));

export const unlockWeekInput = z.object({
  reason: wellFormedText('Reason', M.unlockReasonRequired).trim().min(1, M.unlockReasonRequired).max(500, M.reasonTooLong),
});

export const actualsSteps = ['week', 'month'] as const;
export const actualsGroupings = ['engineer', 'project'] as const;

/** GET /api/actuals: whole dates (both included), how periods are cut, and what a row is. */
export const actualsQueryInput = z
  .object({
    from: calendarDate('from'),
    to: calendarDate('to'),
    step: z.enum(actualsSteps, { error: M.stepInvalid }).default('week'),
    by: z.enum(actualsGroupings, { error: M.byInvalid }).default('project'),
    engineerId: z.string().trim().min(1).max(100).optional(),
  })
  .refine((q) => !(dayOfDate(q.to) < dayOfDate(q.from)), { path: ['to'], message: 'to must not be before from' })
  .refine((q) => !(dayOfDate(q.to) - dayOfDate(q.from) >= MAX_RANGE_DAYS), { path: ['to'], message: `The range may cover at most ${MAX_RANGE_DAYS} days` });
export type ActualsQuery = z.output<typeof actualsQueryInput>;
