import dayjs from 'dayjs';
import { hoursOfLoad } from '../../../domain/actuals/planned.ts';
import { actualLoad, type RecordedPeriod, type RecordedTotal } from '../../../domain/actuals/shown.ts';
import { overloadText, type CapacityStatus, type EngineerPeriod } from '../../../domain/capacity/capacity-over-time.ts';
import { dayOfDate, isWeekend as isWeekendDay } from '../../../domain/capacity/calendar-days.ts';
import { dayOffReason, describeWorkWeek, followsDefaults, type EngineerCalendarFacts } from '../../../domain/capacity/engineer-days.ts';
import type { CapacityRow } from '../../../domain/capacity/contracts.ts';
import type { CapacityStep } from '../../../domain/capacity/inputs.ts';
import type { CapacitySortKey } from '../../../domain/capacity/sort-keys.ts';
import { freeTimeText, monthDay, monthDayRange, percent, periodKind, personDays, plural, shortDate, weekdayDate } from '../../lib/format.ts';
import { chartColors, loadCellTones, palette, textColors } from '../palette.ts';

/** What a cell reads of one engineer's period: the model's figures, as GET /api/capacity's rows carry them. */
export type PeriodFigures = EngineerPeriod;

/**
 * A cell's look: 'empty' is a working period with nothing booked, lighter than underutilised so free
 * people stand out; 'unfilled' is a past period whose actuals nobody recorded (the Actual mode).
 */
export type CellTone = CapacityStatus | 'empty' | 'weekend' | 'unfilled';

export const cellTones: Record<CellTone, { background: string; color: string }> = loadCellTones;

/** The legend's entries, in its order (the hatching for tentative work follows them). */
export const legendTones: [CellTone, string][] = [
  ['overloaded', 'Over 100% (any day)'],
  ['optimal', '50-100%'],
  ['underutilized', 'Under 50%'],
  ['empty', 'Free'],
  ['off', 'Away / holiday'],
];

/** The Actual mode's entry: past periods nobody recorded (drawn dashed). */
export const unfilledLegend: [CellTone, string] = ['unfilled', 'Not filled'];

/** Tentative (pipeline) load is drawn hatched over the cell, in the colour the legend gives it. */
export const TENTATIVE_HATCH = 'repeating-linear-gradient(135deg, rgba(91, 33, 182, 0.34) 0 2px, transparent 2px 7px)';

/** The grid's CSS variables: the cells' colours (so the stylesheet and the legend read one table), the hatching and the column width. */
export function gridVariables(columnWidth: number): Record<string, string> {
  const tones = Object.entries(cellTones).flatMap(([tone, { background, color }]) => [
    [`--${tone}-bg`, background],
    [`--${tone}-fg`, color],
  ]);
  return { ...Object.fromEntries(tones), '--hatch': TENTATIVE_HATCH, '--col': `${columnWidth}px` };
}

/** Whether day number `day` falls in the period: the heading of today's period is marked. */
export const holdsDay = (period: { start: string; end: string }, day: number) => dayOfDate(period.start) <= day && day <= dayOfDate(period.end);

export type CellLook = {
  tone: CellTone;
  /** '85%', 'Off', 'Holiday' or '' (a weekend day). */
  label: string;
  hatched: boolean;
  /** The share of the period's weekdays away (time off or holidays), drawn as a grey band when some (not all) are. */
  offShare: number;
  /**
   * In the Actual mode, a past period: 'recorded' hours, 'partial' (some of its weeks not filled) or
   * 'unfilled' (nothing recorded). Absent where the cell shows the plan.
   */
  actual?: 'recorded' | 'partial' | 'unfilled';
  /**
   * The plan is over capacity on some day of the period: 'over capacity on 8 of 21 days, peak 130%'.
   * The cell still prints its average, so this is said beside it (a mark, and to screen readers).
   */
  over?: string;
};


export const holidayLine = (h: { date: string; name: string }) => `Holiday: ${h.name} (${monthDay(h.date)})`;

/** One booking of time off as a tooltip names it: 'Vacation: Mar 16 - Mar 20 (Family trip)'. */
export const timeOffLine = (t: { kind: string; from: string; to: string; note?: string | undefined }) =>
  `${t.kind.charAt(0).toUpperCase()}${t.kind.slice(1)}: ${t.to === t.from ? monthDay(t.from) : monthDayRange(t.from, t.to)}${t.note ? ` (${t.note})` : ''}`;

/** The bookings of `timeOff` with a day in the period. */
export const timeOffIn = <T extends { from: string; to: string }>(timeOff: readonly T[], period: { start: string; end: string }) =>
  timeOff.filter((t) => t.from <= period.end && t.to >= period.start);

/**
 * The days of a period on which work is planned while the person is away: the model reports these
 * as conflicts, shown and not counted (a booking on a day off adds nothing to the load).
 */
export const conflictDaysIn = (conflicts: readonly { date: string }[], period: { start: string; end: string }) =>
  new Set(conflicts.filter((c) => c.date >= period.start && c.date <= period.end).map((c) => c.date)).size;

/**
 * The projects that work on those days is for, most days first, each as 'Name (N days)'; a project
 * whose name is not known yet (the lists load after the grid) is left out.
 */
export function conflictProjectsIn(
  conflicts: readonly { date: string; projectId: string }[],
  period: { start: string; end: string },
  nameOf: (projectId: string) => string | undefined,
): string[] {
  const days = new Map<string, Set<string>>();
  for (const c of conflicts) {
    if (c.date < period.start || c.date > period.end) continue;
    const seen = days.get(c.projectId);
    if (seen) seen.add(c.date);
    else days.set(c.projectId, new Set([c.date]));
  }
  return [...days]
    .flatMap(([projectId, dates]) => {
      const name = nameOf(projectId);
      return name === undefined ? [] : [{ name, days: dates.size }];
    })
    .sort((a, b) => b.days - a.days || a.name.localeCompare(b.name))
    .map(({ name, days: count }) => `${name} (${plural(count, 'day')})`);
}

/** No working day at all and no holiday to name: a weekend day in the day zoom. */
const isWeekend = (p: PeriodFigures) => p.workingDays === 0 && p.holidays.length === 0;

/**
 * For an engineer whose days are their own (a work week, a start or leave date), a period without a
 * working day is a day off like time off, drawn grey, unless it is a Saturday or Sunday in the day zoom.
 */
const isOwnDayOff = (p: PeriodFigures) => isWeekend(p) && !(p.start === p.end && isWeekendDay(dayOfDate(p.start)));
const isOff = (p: PeriodFigures) => p.status === 'off' || p.utilization === null;

/** Hours as a cell and its tooltip say them: '30 h', '37.5 h'. */
export const hoursText = (hours: number) => `${Math.round(hours * 10) / 10} h`;

/** A past period nobody filled: no hours, and weeks with working time left empty. */
const isUnfilled = (recorded: RecordedPeriod) => recorded.hours === 0 && recorded.unfilled.length > 0;

/**
 * Whether a past period reads what was recorded: any hours, weeks left unfilled, or a working period
 * (which then reads 0 h). One without working time and without hours reads off, as the plan does.
 */
const showsRecorded = (p: PeriodFigures, recorded: RecordedPeriod | null): recorded is RecordedPeriod =>
  recorded !== null && (recorded.hours > 0 || isUnfilled(recorded) || !(isWeekend(p) || isOff(p)));

/**
 * How one engineer's period reads: load in percent of their capacity, coloured by status. Kept to
 * what a cell draws: it runs for every cell that scrolls into view; the tooltip is `cellLines`.
 * Given what was recorded (`recorded`, the Actual mode on a past period), it reads the recorded hours,
 * coloured by the same status rule on hours against the period's capacity; a period nobody filled
 * reads as such, not as zero; a period without working time and without hours stays off as planned.
 */
export function cellLook(p: PeriodFigures, ownDays = false, recorded: RecordedPeriod | null = null): CellLook {
  const shown = showsRecorded(p, recorded) ? recorded : null;
  // Tentative work is a plan's: what was done has no pipeline.
  const hatched = shown === null && p.tentative > 0;
  if (ownDays && isOwnDayOff(p) && !shown) return { tone: 'off', label: 'Off', hatched, offShare: 0 };
  // Holidays are listed only when they fall on a weekday: with the working days they make the period's weekdays.
  const weekdays = p.workingDays + p.holidays.length;
  const away = p.timeOffDays + p.holidays.length;
  const offShare = away > 0 && away < weekdays ? away / weekdays : 0;
  if (shown) {
    if (isUnfilled(shown)) return { tone: 'unfilled', label: '—', hatched, offShare, actual: 'unfilled' };
    const load = actualLoad(shown.hours, p.capacity, shown.hoursPerDay);
    // Hours recorded with no capacity at all are more than there was room for.
    const tone = shown.hours === 0 ? 'empty' : load.status === 'off' ? 'overloaded' : load.status;
    return { tone, label: hoursText(shown.hours), hatched, offShare, actual: shown.unfilled.length > 0 ? 'partial' : 'recorded' };
  }
  if (isWeekend(p)) return { tone: 'weekend', label: '', hatched, offShare };
  if (isOff(p)) return { tone: 'off', label: p.workingDays === 0 ? 'Holiday' : 'Off', hatched, offShare };
  const look: CellLook = { tone: p.booked === 0 ? 'empty' : p.status, label: percent(Math.round(p.utilization!)), hatched, offShare };
  const over = overloadText(p);
  if (over) look.over = over;
  return look;
}

/** The tooltip's lines about what was recorded, in place of the planned load's. */
function recordedLines(p: PeriodFigures, recorded: RecordedPeriod): string[] {
  const lines: string[] = [];
  if (isUnfilled(recorded)) lines.push('Not filled');
  else {
    const load = actualLoad(recorded.hours, p.capacity, recorded.hoursPerDay);
    lines.push(load.utilization === null
      ? `Actual: ${hoursText(recorded.hours)} recorded, with no capacity`
      : `Actual: ${hoursText(recorded.hours)} of ${hoursText(load.capacityHours)} capacity (${percent(load.utilization)})`);
    if (recorded.unfilled.length > 0) lines.push(`Not filled: ${recorded.unfilled.join(', ')}`);
  }
  if (p.utilization !== null) lines.push(`Planned: ${hoursText(hoursOfLoad(p.booked, recorded.hoursPerDay))} (${percent(p.utilization)} of capacity)`);
  // A month's actuals are its ISO weeks', which can start or end off the calendar month.
  if (recorded.from !== p.start || recorded.to !== p.end) lines.push(`Actuals of the weeks ${monthDayRange(recorded.from, recorded.to)}`);
  return lines;
}

const ordinal = (date: string) => monthDay(date);

/**
 * Why the engineer does not work (some of) the period, beyond time off and holidays, which have lines
 * of their own: not started yet, left, or days outside their work week. One rule for all of it:
 * domain/capacity/engineer-days.ts.
 */
export function ownDaysLines(engineer: EngineerCalendarFacts, period: { start: string; end: string }): string[] {
  if (followsDefaults(engineer)) return [];
  const lines: string[] = [];
  const { startDate, leaveDate } = engineer;
  if (startDate && startDate > period.start) lines.push(startDate > period.end ? `Not started yet: starts ${ordinal(startDate)}` : `Starts ${ordinal(startDate)}`);
  if (leaveDate && leaveDate <= period.end) lines.push(leaveDate <= period.start ? `Left on ${ordinal(leaveDate)}` : `Leaves on ${ordinal(leaveDate)}`);
  let outside = 0;
  let week: readonly number[] | undefined;
  const none = new Map();
  for (let day = dayOfDate(period.start); day <= dayOfDate(period.end); day += 1) {
    if (isWeekendDay(day)) continue;
    const date = new Date(day * 86_400_000).toISOString().slice(0, 10);
    if (dayOffReason(engineer, date, none)?.kind !== 'not-in-work-week') continue;
    outside += 1;
    week = (engineer.workWeeks ?? []).filter((w) => w.from <= date).at(-1)?.days;
  }
  if (outside > 0) {
    const pattern = week ? ` (${describeWorkWeek(week)})` : '';
    lines.push(period.start === period.end ? `Not in their work week${pattern}` : `${plural(outside, 'weekday')} outside their work week${pattern}`);
  }
  return lines;
}

/**
 * A cell's tooltip, one line each: the load, what is free, tentative work, what took days away, by
 * name, and work planned on those days, with the projects it is for. Given what was recorded (the
 * Actual mode on a past period), the recorded hours and the plan beside them replace the load's lines.
 */
export function cellLines(
  p: PeriodFigures,
  includeTentative: boolean,
  timeOffNames: readonly string[] = [],
  conflictDays = 0,
  conflictProjects: readonly string[] = [],
  ownDays: readonly string[] = [],
  recorded: RecordedPeriod | null = null,
): string[] {
  const lines: string[] = [...ownDays];
  const shown = showsRecorded(p, recorded);
  if (shown) lines.push(...recordedLines(p, recorded));
  else if (isWeekend(p)) {
    if (ownDays.length === 0) lines.push('No working day');
  }
  else if (isOff(p)) {
    if (p.workingDays > 0) lines.push(p.timeOffDays > 0 ? `Away: ${plural(p.timeOffDays, 'day')} off` : 'No capacity');
  } else {
    lines.push(`${percent(p.utilization!)} of capacity booked${includeTentative ? ' (tentative included)' : ''}`);
    const over = overloadText(p);
    if (over) lines.push(`${over.charAt(0).toUpperCase()}${over.slice(1)}`);
    if (p.free !== null) lines.push(freeTimeText(p.free, p.workingDays, periodKind(p.key)));
  }
  // Capacity is worth saying when it is not the usual: a shorter week, a joiner's first, a leaver's last.
  if (ownDays.length > 0 && p.workingDays > 0) lines.push(`Capacity: ${percent(p.capacity)} over ${plural(p.workingDays, 'working day')}`);
  if (!shown && p.tentative > 0 && p.capacity > 0) {
    const share = Math.round((p.tentative / p.capacity) * 1000) / 10;
    lines.push(`Tentative: ${percent(share)} of capacity${includeTentative ? '' : ' (not counted)'}`);
  }
  if (p.timeOffDays > 0 && p.status !== 'off') lines.push(`${plural(p.timeOffDays, 'day')} off`);
  for (const name of timeOffNames) lines.push(name);
  for (const h of p.holidays) lines.push(holidayLine(h));
  if (conflictDays > 0) {
    const on = conflictProjects.length > 0 ? `: ${conflictProjects.join(', ')}` : '';
    lines.push(`Work planned on ${plural(conflictDays, 'day')} off (not counted)${on}`);
  }
  return lines;
}

/** What the totals row reads of one period: everyone's capacity and the demand on it. */
export type TotalFigures = { capacity: number; confirmed: number; tentative: number; placeholder: number; holidays: readonly { date: string; name: string }[] };

/**
 * A totals cell's demand bar: confirmed, tentative and placeholder demand, each in its colour, as a
 * percentage of capacity or of the demand when it is larger.
 */
export function demandBars(t: TotalFigures): { percent: number; color: string }[] {
  const scale = Math.max(t.capacity, t.confirmed + t.tentative + t.placeholder, 1);
  return ([[t.confirmed, chartColors.booked], [t.tentative, chartColors.tentative], [t.placeholder, chartColors.pending]] as const).map(([value, color]) => ({ percent: (value / scale) * 100, color }));
}

export function totalLook(t: TotalFigures): { label: string; tone: CellTone; lines: string[]; demand: number } {
  const demand = t.confirmed + t.tentative + t.placeholder;
  if (t.capacity <= 0) return { label: '—', tone: 'off', demand, lines: ['No capacity', ...t.holidays.map(holidayLine)] };
  const share = (value: number) => percent(Math.round((value / t.capacity) * 100));
  const booked = (t.confirmed / t.capacity) * 100;
  const tone: CellTone = booked > 100 ? 'overloaded' : booked < 50 ? 'underutilized' : 'optimal';
  return {
    label: share(t.confirmed),
    tone,
    demand,
    lines: [
      `Capacity: ${personDays(t.capacity)}`,
      `Confirmed: ${personDays(t.confirmed)} (${share(t.confirmed)})`,
      `Tentative: ${personDays(t.tentative)} (${share(t.tentative)})`,
      `Placeholders: ${personDays(t.placeholder)} (${share(t.placeholder)})`,
      ...t.holidays.map(holidayLine),
    ],
  };
}

/** The colour of recorded hours in a totals cell's bar. */
const RECORDED_COLOR = chartColors.recorded;

/**
 * A totals cell of a past period in the Actual mode: everyone's recorded hours against everyone's
 * capacity in hours (the same conversion as a person's cell), coloured by the totals' own rule, with
 * the plan and who left weeks unfilled in the tooltip. Its bar is the recorded share.
 */
export function recordedTotalLook(t: TotalFigures, recorded: RecordedTotal): { label: string; tone: CellTone; lines: string[]; bars: { percent: number; color: string }[] } {
  const capacityHours = hoursOfLoad(t.capacity, recorded.hoursPerDay);
  const unfilled = recorded.unfilledPeople > 0 ? [`Not filled: ${plural(recorded.unfilledPeople, 'person', 'people')}`] : [];
  if (capacityHours <= 0) {
    return {
      label: recorded.hours > 0 ? hoursText(recorded.hours) : '—',
      tone: recorded.hours > 0 ? 'overloaded' : 'off',
      lines: [recorded.hours > 0 ? `Actual: ${hoursText(recorded.hours)} recorded, with no capacity` : 'No capacity', ...unfilled, ...t.holidays.map(holidayLine)],
      bars: [],
    };
  }
  const planned = (t.confirmed / t.capacity) * 100;
  const plan = `Planned: ${hoursText(hoursOfLoad(t.confirmed, recorded.hoursPerDay))} (${percent(Math.round(planned))})`;
  // Nothing recorded while weeks wait to be filled: not filled, as a person's cell reads, not 0 %.
  if (recorded.hours === 0 && recorded.unfilledPeople > 0) return { label: '—', tone: 'unfilled', lines: [...unfilled, plan, ...t.holidays.map(holidayLine)], bars: [] };
  const share = (recorded.hours / capacityHours) * 100;
  return {
    label: percent(Math.round(share)),
    tone: share > 100 ? 'overloaded' : share < 50 ? 'underutilized' : 'optimal',
    lines: [
      `Actual: ${hoursText(recorded.hours)} of ${hoursText(capacityHours)} capacity (${percent(Math.round(share))})`,
      plan,
      ...unfilled,
      ...t.holidays.map(holidayLine),
    ],
    bars: [{ percent: Math.min(100, share), color: RECORDED_COLOR }],
  };
}

/** A column header: two short lines, and the long name for its tooltip. */
export function periodHeading(period: { key: string; start: string }, step: CapacityStep): { top: string; bottom: string; title: string } {
  const start = dayjs(period.start);
  if (step === 'day') return { top: start.format('dd'), bottom: start.format('D'), title: weekdayDate(period.start) };
  if (step === 'month') return { top: start.format('YYYY'), bottom: start.format('MMM'), title: start.format('MMMM YYYY') };
  return { top: `W${period.key.slice(-2)}`, bottom: monthDay(period.start), title: `Week ${Number(period.key.slice(-2))}, from ${shortDate(period.start)}` };
}

/** The figure beside a name: what the rows are sorted by, or the peak (the row's highest day). */
export function rowFigure(row: CapacityRow, sort: CapacitySortKey): { text: string; color: string } | null {
  if (sort === 'free') return row.minFree === null ? null : { text: `${percent(Math.round(row.minFree))} free`, color: row.minFree > 0 ? palette.success : palette.danger };
  if (row.peakUtilization === null) return null;
  return { text: `peak ${percent(Math.round(row.peakUtilization))}`, color: row.peakUtilization > 100 ? palette.danger : textColors.quiet };
}
