import { dateOfDay, dayOfDate, firstOfMonth, firstOfNextMonth, mondayOf } from '../../domain/capacity/calendar-days.ts';
import type { CapacityStep } from '../../domain/capacity/inputs.ts';
import { plural } from './format.ts';
import { todayDate } from './weeks.ts';
import type { ScheduleView } from './scheduleView.ts';

/** A moment's calendar date in the organisation ('YYYY-MM-DD'): the day the plan calls today, wherever the browser is. */
export const localDateOf = (moment: Date) => todayDate(moment);

/** The dates the schedule shows, both included. */
export type ScheduleRange = { from: string; to: string };

type Window = Pick<ScheduleView, 'from' | 'weeks' | 'step'>;

/** The months a span of weeks stands for in the month zoom: 4 weeks a month, 12 a quarter, 26 half a year, 52 a year. */
export const monthsOfSpan = (weeks: number) => (weeks >= 52 ? 12 : weeks >= 26 ? 6 : Math.max(1, Math.round(weeks / 4)));

/** A span as a toolbar offers it: weeks, or in the month zoom the months it stands for ('3 months'). */
export const spanLabel = (step: CapacityStep, weeks: number) => (step === 'month' ? plural(monthsOfSpan(weeks), 'month') : `${weeks} weeks`);

/**
 * The window of a view: weeks start on Monday (days too, so a day zoom shows whole weeks); a month
 * zoom covers whole months, as many as its span says (12 weeks is 3 months, whatever their lengths).
 */
export function windowRange(view: Window, today: string): ScheduleRange {
  const anchor = dayOfDate(view.from ?? today);
  if (view.step === 'month') {
    let last = firstOfMonth(anchor);
    for (let month = 0; month < monthsOfSpan(view.weeks); month += 1) last = firstOfNextMonth(last);
    return { from: dateOfDay(firstOfMonth(anchor)), to: dateOfDay(last - 1) };
  }
  const monday = mondayOf(anchor);
  return { from: dateOfDay(monday), to: dateOfDay(monday + view.weeks * 7 - 1) };
}

/** How far Previous and Next move: a week of days, four weeks, a month: a page a planner can still follow. */
export function shiftedFrom(view: Window, today: string, direction: 1 | -1): string {
  const first = dayOfDate(windowRange(view, today).from);
  if (view.step === 'month') return dateOfDay(direction > 0 ? firstOfNextMonth(first) : firstOfMonth(first - 1));
  const weeks = view.step === 'day' ? 1 : 4;
  return dateOfDay(first + direction * weeks * 7);
}

/** The first date of the window that holds `date`: what a picked date becomes, so the URL names the window itself. */
export const alignedFrom = (view: Window, date: string) => windowRange({ ...view, from: date }, date).from;

/** Pixels per column: wide enough for '120%', narrow enough that a quarter of weeks fits beside the names at 1440 px. */
export const columnWidths: Record<CapacityStep, number> = { day: 40, week: 60, month: 96 };

/**
 * GET /api/capacity's query for a view: its window, step and filters, every matching engineer in one
 * answer (the schedule virtualises the rows, so it needs no pages).
 */
export function capacityQuery(view: ScheduleView, today: string): URLSearchParams {
  const range = windowRange(view, today);
  const query = new URLSearchParams({ from: range.from, to: range.to, step: view.step, sort: view.sort });
  if (view.includeTentative) query.set('includeTentative', 'true');
  if (view.q.trim()) query.set('q', view.q.trim());
  if (view.engineer) query.set('engineerId', view.engineer);
  if (view.skills.length > 0) query.set('skills', view.skills.join(','));
  if (view.department) query.set('department', view.department);
  if (view.team) query.set('team', view.team);
  if (view.seniority) query.set('seniority', view.seniority);
  if (view.minFree !== null) {
    query.set('minFree', String(view.minFree));
    if (view.freeFrom) query.set('freeFrom', view.freeFrom);
    if (view.freeTo) query.set('freeTo', view.freeTo);
  }
  query.set('limit', String(CAPACITY_PAGE_LIMIT));
  return query;
}

/** The most rows GET /api/capacity answers at once. */
export const CAPACITY_PAGE_LIMIT = 5000;
