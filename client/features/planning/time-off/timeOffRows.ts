import type { TimeOff, TimeOffKind } from '../../../../domain/entities.ts';
import type { FieldSpec } from '../../../lib/conflict.ts';
import { dateRange, plural, shortDate } from '../../../lib/format.ts';
import { daysBetween } from '../../../lib/weeks.ts';
import type { RowAction } from '../../../machines/rowAction.machine.ts';

export const timeOffKindLabels: Record<TimeOffKind, string> = { vacation: 'Vacation', sick: 'Sick leave', other: 'Other' };
export const timeOffKindColors: Record<TimeOffKind, string> = { vacation: 'cyan', sick: 'orange', other: 'default' };

/** 'Mar 02 - Mar 06, 2026 · 5 days', or one day alone. */
export function timeOffSpan(t: Pick<TimeOff, 'from' | 'to'>): string {
  const days = daysBetween(t.from, t.to);
  return `${dateRange(t.from, t.to)} · ${plural(days, 'day')}`;
}

/** Someone's time off that is not over yet (it ends today or later), earliest first. */
export const upcomingTimeOff = (list: readonly TimeOff[], engineerId: string, today: string): TimeOff[] =>
  list.filter((t) => t.engineerId === engineerId && t.to >= today).sort((a, b) => a.from.localeCompare(b.from) || a._id.localeCompare(b._id));

/** The fields the conflict dialog shows of a booking being cancelled. */
export const timeOffConflictFields: FieldSpec[] = [
  { key: 'from', label: 'From', format: (value) => shortDate(String(value)) },
  { key: 'to', label: 'To', format: (value) => shortDate(String(value)) },
  { key: 'kind', label: 'Kind', format: (value) => timeOffKindLabels[value as TimeOffKind] ?? String(value) },
];

/** Cancelling a booking, against the engineer's version (time off lives on the engineer's stream). */
export const cancelTimeOffAction = (t: TimeOff, engineer: { name: string; version: number }): RowAction => ({
  kind: 'cancelTimeOff',
  id: t._id,
  version: engineer.version,
  label: `Cancel ${engineer.name}'s ${timeOffKindLabels[t.kind].toLowerCase()} from ${shortDate(t.from)} to ${shortDate(t.to)}`,
  before: { from: t.from, to: t.to, kind: t.kind },
  changes: null,
});
