import { DEFAULT_CALENDAR_ID } from './capacity/engineer-days.ts';
import type { HolidayCalendar, HolidayRecord, HolidayRule } from './entities.ts';

/**
 * A calendar with a rule (a country's or region's public holidays) holds, for every year, the rule's days
 * beside its recorded holidays. The rule's days are never recorded: readers add them for the years they
 * read, through `ruleDays`, which the server answers from the date-holidays package (the domain stays
 * free of it). Hand edits win over the rule: a recorded holiday on a date replaces the rule's day there,
 * and a day removed by hand (`removedRuleDays`) stays off.
 */

export type RuleDay = { date: string; name: string };
/** The rule's public holidays of one year, one per date. */
export type RuleDays = (rule: HolidayRule, year: number) => readonly RuleDay[];

/**
 * The years a rule gives days for. date-holidays works its feasts out for any year, but a range asked of
 * thousands of years would compute them all: outside these the calendar holds its recorded days only.
 */
export const RULE_FIRST_YEAR = 1970;
export const RULE_LAST_YEAR = 2200;

/**
 * A rule's day has no event of its own, so its id is made from what it is: the calendar and the date
 * ('<calendar>@YYYY-MM-DD'). Removing it by that id records the day as removed by hand.
 */
export const ruleHolidayId = (calendarId: string, date: string) => `${calendarId}@${date}`;

export function ruleHolidayOf(holidayId: string): { calendarId: string; date: string } | null {
  const at = holidayId.lastIndexOf('@');
  if (at <= 0) return null;
  const date = holidayId.slice(at + 1);
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? { calendarId: holidayId.slice(0, at), date } : null;
}

/** The years from..to touch (YYYY-MM-DD, both included), within the years a rule gives. */
export function ruleYears(from: string, to: string): number[] {
  const first = Math.max(RULE_FIRST_YEAR, Number(from.slice(0, 4)));
  const last = Math.min(RULE_LAST_YEAR, Number(to.slice(0, 4)));
  const years: number[] = [];
  for (let year = first; year <= last; year += 1) years.push(year);
  return years;
}

/**
 * A calendar's rule days in from..to (YYYY-MM-DD, both included) as holidays, without those the calendar
 * has recorded a holiday on (`recordedDates`) or had removed by hand. Each carries the calendar's version,
 * which a removal sends, as a recorded holiday carries its own.
 */
export function ruleHolidays(
  calendar: Pick<HolidayCalendar, '_id' | 'rule' | 'removedRuleDays' | 'version'>,
  range: { from: string; to: string },
  ruleDays: RuleDays,
  recordedDates: ReadonlySet<string>,
): HolidayRecord[] {
  const { rule } = calendar;
  if (!rule) return [];
  const removed = new Set((calendar.removedRuleDays ?? []).map((r) => r.date));
  const days: HolidayRecord[] = [];
  for (const year of ruleYears(range.from, range.to)) {
    for (const { date, name } of ruleDays(rule, year)) {
      if (date < range.from || date > range.to || removed.has(date) || recordedDates.has(date)) continue;
      days.push({ _id: ruleHolidayId(calendar._id, date), calendarId: calendar._id, date, name, version: calendar.version });
    }
  }
  return days;
}

/** Byte order, as PostgreSQL's "C" collation sorts the recorded holidays (date, then id). */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Every calendar's holidays in from..to: the recorded ones (as read, in range) and the rules' days, in
 * the recorded list's order (date, then id). `H` is the recorded holidays' shape; rule days take it too.
 */
export function withRuleHolidays<H extends { calendarId?: string; date: string; name: string }>(
  recorded: readonly H[],
  calendars: readonly Pick<HolidayCalendar, '_id' | 'rule' | 'removedRuleDays' | 'version'>[],
  range: { from: string; to: string },
  ruleDays: RuleDays,
  shape: (day: HolidayRecord) => H,
): H[] {
  const ruled = calendars.filter((c) => c.rule);
  if (ruled.length === 0) return [...recorded];
  const all: { holiday: H; id: string }[] = recorded.map((holiday) => ({ holiday, id: (holiday as { _id?: string })._id ?? '' }));
  for (const calendar of ruled) {
    const dates = new Set(recorded.filter((h) => (h.calendarId ?? DEFAULT_CALENDAR_ID) === calendar._id).map((h) => h.date));
    for (const day of ruleHolidays(calendar, range, ruleDays, dates)) all.push({ holiday: shape(day), id: day._id });
  }
  return all.sort((a, b) => compare(a.holiday.date, b.holiday.date) || compare(a.id, b.id)).map((x) => x.holiday);
}

/**
 * The days a plan's calendars give their rule days for when no range is asked: from the earliest to
 * the latest day its dated facts reach (`first`, `last`: YYYY-MM-DD, null for a plan with none),
 * widened to the year before today's through two years after it. The live plan, a plan as of a past
 * moment and an export all read the rules over this reach, so they list the same days.
 */
export function reachAround(first: string | null, last: string | null, today: string): { from: string; to: string } {
  const year = Number(today.slice(0, 4));
  const around = { from: `${year - 1}-01-01`, to: `${year + 2}-12-31` };
  return { from: first && first < around.from ? first : around.from, to: last && last > around.to ? last : around.to };
}

type DatedLists = {
  assignments: readonly { startDate: string; endDate: string }[];
  placeholders: readonly { startDate: string; endDate: string }[];
  timeOff: readonly { from: string; to: string }[];
  holidays: readonly { date: string }[];
};

/** `reachAround` of a plan's own lists (a plan as of a past moment has no read model to ask). */
export function planReachOf(plan: DatedLists, today: string): { from: string; to: string } {
  let first: string | null = null;
  let last: string | null = null;
  const see = (from: string, to: string) => {
    if (first === null || from < first) first = from;
    if (last === null || to > last) last = to;
  };
  // Stored instants are read by their UTC date, as the read models' ::date casts read them.
  for (const span of plan.assignments) see(span.startDate.slice(0, 10), span.endDate.slice(0, 10));
  for (const span of plan.placeholders) see(span.startDate.slice(0, 10), span.endDate.slice(0, 10));
  for (const t of plan.timeOff) see(t.from, t.to);
  for (const h of plan.holidays) see(h.date, h.date);
  return reachAround(first, last, today);
}

/**
 * A plan's lists with its calendars' rule days among its holidays, over the plan's reach (planReachOf):
 * what the live plan holds, for a plan folded from the events (which record no rule day).
 */
export function withPlanRuleDays<P extends DatedLists & { holidays: readonly HolidayRecord[]; holidayCalendars: readonly HolidayCalendar[] }>(
  plan: P,
  today: string,
  ruleDays: RuleDays,
): P {
  if (!plan.holidayCalendars.some((c) => c.rule)) return plan;
  return { ...plan, holidays: withRuleHolidays(plan.holidays, plan.holidayCalendars, planReachOf(plan, today), ruleDays, (day) => day) };
}
