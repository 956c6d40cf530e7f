import { dateOfDay, dayOfDate, firstOfNextMonth, isoWeekKey, isWeekend, mondayOf } from './calendar-days.ts';
import type { CapacityStep, Holiday } from './inputs.ts';

/** One column of a capacity view: a day, an ISO week (Monday to Sunday) or a calendar month. */
export type CapacityPeriod = {
  /** '2026-03-30' for a day, '2026-W53' for an ISO week, '2026-03' for a month. */
  key: string;
  /** The first and last date of the period that lie inside the range: a cut period keeps only those. */
  start: string;
  end: string;
  /** Monday to Friday, minus holidays, inside the range. */
  workingDays: number;
  /**
   * The holidays that took a working day away (a holiday on a weekend changes nothing, so it is not listed).
   * Every engineer's cell of the period shares this one list: nothing may change it.
   */
  holidays: Holiday[];
};

/**
 * The range laid out once for every engineer: day i of the range (day number `firstDay + i`)
 * belongs to period `periodOfDay[i]` and is a working day when `working[i]` is 1.
 */
export type PeriodGrid = {
  firstDay: number;
  days: number;
  /** 'YYYY-MM-DD' of each day of the range, written once instead of once per engineer. */
  dates: string[];
  periods: CapacityPeriod[];
  periodOfDay: Int32Array;
  working: Uint8Array;
};

const nextPeriodStart = (day: number, step: CapacityStep) =>
  step === 'day' ? day + 1 : step === 'week' ? mondayOf(day) + 7 : firstOfNextMonth(day);

const periodKey = (day: number, step: CapacityStep) =>
  step === 'day' ? dateOfDay(day) : step === 'week' ? isoWeekKey(day) : dateOfDay(day).slice(0, 7);

function holidaysByDay(holidays: readonly Holiday[], firstDay: number, lastDay: number) {
  const byDay = new Map<number, Holiday[]>();
  for (const { date, name } of holidays) {
    const day = dayOfDate(date);
    if (!(day >= firstDay && day <= lastDay) || isWeekend(day)) continue;
    const list = byDay.get(day);
    if (list) list.push({ date, name });
    else byDay.set(day, [{ date, name }]);
  }
  return byDay;
}

/** Splits the dates from..to (both included) into periods of `step`; throws on dates the input schemas refuse. */
export function periodGrid(from: string, to: string, step: CapacityStep, holidays: readonly Holiday[] = []): PeriodGrid {
  const firstDay = dayOfDate(from);
  const lastDay = dayOfDate(to);
  if (Number.isNaN(firstDay) || Number.isNaN(lastDay) || lastDay < firstDay) {
    throw new RangeError(`Not a range of dates: ${from}..${to}`);
  }
  const days = lastDay - firstDay + 1;
  const periodOfDay = new Int32Array(days);
  const working = new Uint8Array(days);
  const offDays = holidaysByDay(holidays, firstDay, lastDay);
  const periods: CapacityPeriod[] = [];
  const dates = Array.from({ length: days }, (_, i) => dateOfDay(firstDay + i));
  for (let start = firstDay; start <= lastDay; start = nextPeriodStart(start, step)) {
    const end = Math.min(nextPeriodStart(start, step) - 1, lastDay);
    const periodHolidays: Holiday[] = [];
    let workingDays = 0;
    for (let day = start; day <= end; day += 1) {
      periodOfDay[day - firstDay] = periods.length;
      const holiday = offDays.get(day);
      if (holiday) periodHolidays.push(...holiday);
      else if (!isWeekend(day)) {
        working[day - firstDay] = 1;
        workingDays += 1;
      }
    }
    periods.push({ key: periodKey(start, step), start: dates[start - firstDay]!, end: dates[end - firstDay]!, workingDays, holidays: periodHolidays });
  }
  return { firstDay, days, dates, periods, periodOfDay, working };
}
