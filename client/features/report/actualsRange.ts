import dayjs from 'dayjs';
import type { ActualsVariance } from '../../../domain/actuals/contracts.ts';
import { dateRange, monthDayRange } from '../../lib/format.ts';
import { addDays, mondayOfDate } from '../../lib/weeks.ts';

export type RangePreset = { name: string; from: string; to: string; label: string };


export const preset = (name: string, from: string, to: string): RangePreset => ({ name, from, to, label: `${name}: ${monthDayRange(from, to)}` });

/**
 * Actuals vs plan's quick ranges, each saying its dates ('Last week: Nov 23 - Nov 29'), so nobody has
 * to guess whether "last month" means the calendar month or the last 30 days. Actuals are what was
 * recorded, so every range ends by today; the month under way runs to date.
 */
export function actualsPresets(today: string): RangePreset[] {
  const thisMonday = mondayOfDate(today);
  const firstOfMonth = dayjs(today).startOf('month');
  const lastMonth = firstOfMonth.subtract(1, 'month');
  return [
    preset('Last week', addDays(thisMonday, -7), addDays(thisMonday, -1)),
    preset('Last 4 weeks', addDays(thisMonday, -28), addDays(thisMonday, -1)),
    preset('Last month', lastMonth.format('YYYY-MM-DD'), firstOfMonth.subtract(1, 'day').format('YYYY-MM-DD')),
    preset('This month to date', firstOfMonth.format('YYYY-MM-DD'), today),
  ];
}

/**
 * What the answer counted, said under the range: its days (a week cut by the range keeps only those
 * inside it) and the week not over yet, which counts to date. Null before an answer or when it holds no day.
 */
export function countedText(answer: Partial<Pick<ActualsVariance, 'periods'>> | null): string | null {
  const periods = answer?.periods ?? [];
  const first = periods[0];
  const last = periods.at(-1);
  if (!first || !last) return null;
  const open = periods.find((p) => p.toDate);
  return `Counts ${dateRange(first.start, last.end)}${open ? `; ${open.key} is not over yet: to date` : ''}`;
}
