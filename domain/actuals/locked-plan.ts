/**
 * A locked actuals week's plan never changes: once a week is locked, what it recorded is set against
 * the plan as it stood, and a later edit of that plan would make the comparison say something that
 * was never true. Every planning write is checked here after it is decided (domain/commands/table.ts),
 * whoever sends it: a route, a bulk edit, an undo, an import or a scenario's publish.
 *
 * A week is about one engineer: their week locked says nothing about anybody else's plan.
 */
import { dayOfDate, dateOfDay } from '../capacity/calendar-days.ts';
import { dayOfInstant } from '../capacity/plan-days.ts';
import type { AssignmentRecord } from '../entities.ts';
import { DomainError } from '../errors.ts';
import type { TimeOffFields } from '../events.ts';
import { mondayOfWeek } from './weeks.ts';

type Planned = Pick<AssignmentRecord, 'engineerId' | 'projectId' | 'allocationPercentage' | 'startDate' | 'endDate'>;

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Nov 30, 2026': the Monday a week is named by. */
const mondayText = (monday: number) => {
  const date = dateOfDay(monday);
  return `${monthNames[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}, ${date.slice(0, 4)}`;
};

export const lockedPlanMessages = {
  weekLocked: (monday: number, name: string | null) =>
    `The week of ${mondayText(monday)} is locked${name ? ` for ${name}` : ''}: its plan stays as its actuals were recorded against. ` +
    'Change only later days, or unlock the week first.',
} as const;

/** What an assignment holds inside one week for one engineer: its days there and at what, or nothing. */
function footprint(a: Planned | null, engineerId: string, monday: number, timeZone: string): string {
  if (!a || a.engineerId !== engineerId) return '';
  const first = Math.max(dayOfInstant(a.startDate, timeZone), monday);
  const last = Math.min(dayOfInstant(a.endDate, timeZone), monday + 6);
  return first <= last ? `${first} ${last} ${a.allocationPercentage} ${a.projectId}` : '';
}

/** The Mondays of the locked weeks, in order, that exist. */
const lockedMondays = (weeks: readonly string[]) => weeks.map(mondayOfWeek).filter((day) => !Number.isNaN(day)).sort((a, b) => a - b);

export type LockedWeeksReader = {
  /** The ISO weeks ('2026-W49') locked for this engineer. */
  lockedWeeks(engineerId: string): readonly string[];
  /** Their name, for the message. */
  nameOf(engineerId: string): string | null;
};

function refuse(monday: number, engineerId: string, read: LockedWeeksReader): never {
  throw new DomainError('conflict', lockedPlanMessages.weekLocked(monday, read.nameOf(engineerId)), undefined, 'WEEK_LOCKED');
}

/**
 * Refuses an assignment's change (before and after it, null for none) that alters a day of a week
 * locked for its engineer, or for the engineer it is handed to: created or removed there, moved,
 * lengthened or cut there, or given another allocation there.
 */
export function keepLockedAssignment(before: Planned | null, after: Planned | null, read: LockedWeeksReader, timeZone: string): void {
  const engineers = new Set([before?.engineerId, after?.engineerId].filter((id): id is string => id !== undefined));
  for (const engineerId of engineers) {
    for (const monday of lockedMondays(read.lockedWeeks(engineerId))) {
      if (footprint(before, engineerId, monday, timeZone) !== footprint(after, engineerId, monday, timeZone)) refuse(monday, engineerId, read);
    }
  }
}

/** Refuses time off booked or cancelled on a day of a week locked for that engineer: their capacity there is part of the week's plan. */
export function keepLockedTimeOff(timeOff: Pick<TimeOffFields, 'engineerId' | 'from' | 'to'>, read: LockedWeeksReader): void {
  const [from, to] = [dayOfDate(timeOff.from), dayOfDate(timeOff.to)];
  for (const monday of lockedMondays(read.lockedWeeks(timeOff.engineerId))) {
    if (from <= monday + 6 && to >= monday) refuse(monday, timeOff.engineerId, read);
  }
}

/** The weeks locked in an engineer's stream as folded (their actuals by week). */
export const lockedWeeksOf = (actuals: Readonly<Record<string, { locked: boolean }>> | undefined): string[] =>
  Object.entries(actuals ?? {}).filter(([, week]) => week.locked).map(([week]) => week);
