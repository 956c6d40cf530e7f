/**
 * Work that has started keeps its past. A change to an assignment that would alter a day before today
 * is, by default, made from today on: the days before today stay as they were (the assignment now
 * ends yesterday) and the changed work runs from today as an assignment of its own, both in one write
 * (undone as one). "Correct the past too" changes the assignment as it is, and is recorded so.
 */
import { dayOfInstant } from './capacity/plan-days.ts';
import { startOfLocalDay } from './capacity/time-zone.ts';
import type { PlanningCommand } from './commands/planning-commands.ts';
import type { AssignmentRecord } from './entities.ts';
import { DomainError } from './errors.ts';
import type { UpdateAssignmentInput } from './inputs.ts';

export type ApplyFrom = 'today' | 'start';

export const keepPastMessages = {
  onlyThePast: "This change reaches only days before today; to make it, correct the past too (applyFrom 'start')",
} as const;

type Change = Omit<UpdateAssignmentInput, 'version'>;
/** What a change from today on is made of: changes to assignments and a new one. */
export type AssignmentCommand = Extract<PlanningCommand, { kind: 'updateAssignment' | 'createAssignment' }>;

/** The instant an assignment's day is stored as: that day's first moment in the organisation's time zone. */
export const instantOfDay = (day: number, timeZone: string) => new Date(startOfLocalDay(day, timeZone)).toISOString();

/** What the days before today hold: their first and last day and what is worked on them, or nothing. */
function pastOf(a: Pick<AssignmentRecord, 'startDate' | 'endDate' | 'engineerId' | 'role' | 'allocationPercentage'>, today: number, timeZone: string) {
  const first = dayOfInstant(a.startDate, timeZone);
  const last = Math.min(dayOfInstant(a.endDate, timeZone), today - 1);
  return first <= last ? `${first} ${last} ${a.engineerId} ${a.allocationPercentage} ${a.role}` : 'nothing';
}

/** Whether `change` to `state` would alter any day before today. */
export const changesThePast = (state: AssignmentRecord, change: Change, today: number, timeZone: string) =>
  pastOf(state, today, timeZone) !== pastOf({ ...state, ...change }, today, timeZone);

/**
 * The planning commands that make `change` to the assignment `state` from today on (`today` a day
 * number in the organisation's time zone). A change that leaves every day before today as it was is
 * the change itself. Otherwise the assignment keeps its days before today with what they held (it ends
 * yesterday, if it ran on), and the changed work, from today on, becomes `newAssignmentId`. A move of
 * both dates by whole days moves the part from today by as many days (never into the past); any
 * other change applies from the later of today and its new start. Nothing is left to create when the
 * changed work ends before today.
 */
export function changeFromToday(
  state: AssignmentRecord,
  change: Change,
  context: { today: number; timeZone: string; newAssignmentId: string },
): AssignmentCommand[] {
  const { today, timeZone, newAssignmentId } = context;
  const update: AssignmentCommand = { kind: 'updateAssignment', assignmentId: state._id, input: change };
  if (!changesThePast(state, change, today, timeZone)) return [update];

  const merged = { ...state, ...change };
  const [first, last] = [dayOfInstant(state.startDate, timeZone), dayOfInstant(state.endDate, timeZone)];
  const [newFirst, newLast] = [dayOfInstant(merged.startDate, timeZone), dayOfInstant(merged.endDate, timeZone)];
  const commands: AssignmentCommand[] = [];
  if (last >= today) commands.push({ kind: 'updateAssignment', assignmentId: state._id, input: { endDate: instantOfDay(today - 1, timeZone) } });

  const shift = newFirst - first;
  const isMove = change.startDate !== undefined && change.endDate !== undefined && newLast - last === shift && shift !== 0;
  const from = isMove ? Math.max(today + shift, today) : Math.max(newFirst, today);
  if (from <= newLast) {
    commands.push({
      kind: 'createAssignment',
      assignmentId: newAssignmentId,
      input: {
        engineerId: merged.engineerId,
        projectId: state.projectId,
        role: merged.role,
        allocationPercentage: merged.allocationPercentage,
        startDate: from === newFirst ? merged.startDate : instantOfDay(from, timeZone),
        endDate: merged.endDate,
      },
    });
  }
  // Work that ended before today, changed only before today: from today on there is nothing to change.
  if (commands.length === 0) throw new DomainError('invalid', keepPastMessages.onlyThePast, 'applyFrom');
  return commands;
}
