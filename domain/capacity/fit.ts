/**
 * Fit: whether someone has room for p % of a day over a span, judged day by day.
 *
 * "Room for p %" over d1..d2 means free >= p on every working day of the person in d1..d2, where a
 * day's free figure is the capacity model's (capacity-over-time.ts, one day per period): their own
 * working days only (a holiday or a day outside their work week is not asked about), and a working
 * day taken off has nothing free. An average over a week or the whole span would hide the days that
 * do not fit, which is how a 50 % role came to look roomy for someone 40 % free for three weeks.
 *
 * Every suitable list (the assignment form, Fill, free-when, a scenario's drafts) ranks by this one
 * rule: 'fits', then 'fitsExcept' (naming the days without room), then 'noRoom'.
 */
import { z } from 'zod';
import { freeByDay, type CapacityFacts } from './capacity-over-time.ts';
import type { CapacityEngineer } from './inputs.ts';

export const fitKinds = ['fits', 'fitsExcept', 'noRoom'] as const;
export type FitKind = (typeof fitKinds)[number];

export const fitSchema = z.object({
  kind: z.enum(fitKinds),
  /** The working days (YYYY-MM-DD, in order) with less than the percent asked free; empty when it fits. */
  short: z.array(z.string()),
  /** How many of the person's working days the span has. */
  workingDays: z.number().int(),
  /** The lowest free figure of any of those days, in percent of a day; null without working days. */
  lowestFree: z.number().nullable(),
});
export type Fit = z.infer<typeof fitSchema>;

/** A day of a day-step view: its date, whether the person works it, and what is free of it. */
type Day = { key: string; workingDays: number; free: number | null };

/**
 * The fit for `percent` % over the days given (one period per day). No working day at all, or none
 * with room, is 'noRoom': there is nothing to book them on.
 */
export function fitOfDays(days: readonly Day[], percent: number): Fit {
  const free = days.map((day) => (day.workingDays === 0 || day.free === null ? Number.NaN : day.free));
  return fitOfFreeDays(free, days.map((day) => day.key), percent);
}

/** 'fits' before 'fitsExcept' before 'noRoom'; negative when `a` ranks first. */
export const compareFits = (a: Pick<Fit, 'kind'>, b: Pick<Fit, 'kind'>) => fitKinds.indexOf(a.kind) - fitKinds.indexOf(b.kind);

/** The fit for `percent` % from each day's free figure (NaN: not a working day), as fitOfDays judges it. */
export function fitOfFreeDays(free: ArrayLike<number>, dates: readonly string[], percent: number): Fit {
  const short: string[] = [];
  let workingDays = 0;
  let lowestFree: number | null = null;
  for (let d = 0; d < free.length; d += 1) {
    const day = free[d]!;
    if (Number.isNaN(day)) continue;
    workingDays += 1;
    if (lowestFree === null || day < lowestFree) lowestFree = day;
    if (day < percent) short.push(dates[d]!);
  }
  const kind: FitKind = workingDays === 0 || short.length === workingDays ? 'noRoom' : short.length > 0 ? 'fitsExcept' : 'fits';
  return { kind, short: kind === 'fitsExcept' ? short : [], workingDays, lowestFree };
}

/** Each engineer's fit for `percent` % over from..to, by id. */
export function fitsOver<E extends CapacityEngineer>(
  facts: CapacityFacts<E>,
  range: { from: string; to: string; percent: number; includeTentative?: boolean },
): Map<string, Fit> {
  const fits = new Map<string, Fit>();
  freeByDay(facts, range, (engineer, free, dates) => fits.set(engineer._id, fitOfFreeDays(free, dates, range.percent)));
  return fits;
}
