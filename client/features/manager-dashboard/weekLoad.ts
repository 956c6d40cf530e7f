import { overloadText } from '../../../domain/capacity/capacity-over-time.ts';
import type { CapacityResponse } from '../../../domain/capacity/contracts.ts';
import { monthDayRange, percent, plural } from '../../lib/format.ts';

/** One engineer's week as GET /api/capacity answers it: the figure the schedule's week column shows. */
export type WeekPeriod = CapacityResponse['rows'][number]['periods'][number];

export type WeekLoad = {
  /** The load as the schedule's cell prints it: '185%', or 'Off' without working capacity that week. */
  text: string;
  /** What it is made of: 'Booked 5 of 2.7 days'. */
  detail: string;
  /** The model's status: overloaded when any day of the week is over capacity, whatever the average. */
  status: WeekPeriod['status'];
  /** For sorting and the bar: the utilisation, -1 when off. */
  value: number;
  /** 'Over capacity on 2 of 5 days, peak 120%' when some day is; the average alone can hide it. */
  over: string | null;
};

/** The model counts load in percent-days (a full day at 100 %): in days, to one decimal. */
const days = (percentDays: number) => Math.round(percentDays / 10) / 10;

/**
 * The dashboard's load of one engineer: this week's utilisation from the capacity model (confirmed
 * work booked against the capacity they bring on the week's working days, time off and holidays
 * taken out), the very figure the schedule shows in that week's column, rounded the same way. The
 * dashboard used to print today's allocation against maxCapacity ('100 % of 54 %') beside a schedule
 * reading 185 % for the same person: two definitions, and no period named.
 */
export function weekLoad(period: WeekPeriod | undefined): WeekLoad | null {
  if (!period) return null;
  if (period.utilization === null) {
    const why = period.timeOffDays > 0 ? `${plural(period.timeOffDays, 'day')} off` : period.workingDays === 0 ? 'No working day' : 'No capacity';
    return { text: 'Off', detail: why, status: 'off', value: -1, over: null };
  }
  const over = overloadText(period);
  return {
    text: percent(Math.round(period.utilization)),
    detail: `Booked ${days(period.booked)} of ${days(period.capacity)} ${days(period.capacity) === 1 ? 'day' : 'days'}`,
    status: period.status,
    value: period.utilization,
    over: over ? `${over.charAt(0).toUpperCase()}${over.slice(1)}` : null,
  };
}

/** The period the figures are for, said on the screen: 'Week of Nov 23 - Nov 29'. */
export const weekTitle = (week: { from: string; to: string }) => `Week of ${monthDayRange(week.from, week.to)}`;
