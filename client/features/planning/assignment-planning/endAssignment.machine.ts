import { assign, emit, setup } from 'xstate';
import type { Assignment } from '../../../../domain/entities.ts';
import { assignmentMessages } from '../../../../domain/messages.ts';
import { shortDate } from '../../../lib/format.ts';
import { instantOfDate, todayDate } from '../../../lib/weeks.ts';
import { assignmentValuesOf } from '../../../machines/assignmentValues.ts';
import type { RowAction } from '../../../machines/rowAction.machine.ts';

/**
 * "End" on an assignment: choose its end date (today by default), then end it then.
 *
 *   closed -OPEN-> choosing (today picked) -PICK-> choosing (another day; a day before the start says why)
 *   choosing -CONFIRM-> closed, emitting 'end' with the change as a one-click action against the
 *     version the row showed (the screen runs it with the row-action machine: a stale version gets the
 *     conflict dialog); CANCEL -> closed
 */

/**
 * 'End on <day>': the assignment's end date becomes `day` ('YYYY-MM-DD'), sent as the form's End Date
 * field sends it (the day's start in the organisation's time zone); today ends it now, as End today did.
 */
export function endOnAction(a: Assignment, day: string, now: Date): RowAction {
  const isToday = day === todayDate(now);
  return {
    kind: isToday ? 'endToday' : 'end',
    id: a._id,
    version: a.version,
    label: `End ${a.engineerId.name}'s assignment on ${a.projectId.name} ${isToday ? 'today' : `on ${shortDate(day)}`}`,
    before: assignmentValuesOf(a),
    changes: { endDate: isToday ? now.toISOString() : instantOfDate(day) },
  };
}

/** Why an end date cannot be: the assignment would end before it starts (the domain's message). */
export const endDateProblem = (a: Pick<Assignment, 'startDate'>, action: RowAction): string | null =>
  Date.parse(String(action.changes?.endDate)) >= Date.parse(a.startDate) ? null : assignmentMessages.endBeforeStart;

export type EndAssignmentContext = {
  assignment: Assignment | null;
  /** The end date chosen, 'YYYY-MM-DD'. */
  day: string;
  problem: string | null;
  now: () => Date;
};

export type EndAssignmentEvent =
  | { type: 'OPEN'; assignment: Assignment }
  | { type: 'PICK'; day: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

export type EndAssignmentEmitted = { type: 'end'; action: RowAction };

const localDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

const problemOf = (a: Assignment, day: string, now: Date) => endDateProblem(a, endOnAction(a, day, now));

export const endAssignmentMachine = setup({
  types: {
    context: {} as EndAssignmentContext,
    events: {} as EndAssignmentEvent,
    input: {} as { now?: () => Date } | undefined,
    emitted: {} as EndAssignmentEmitted,
  },
  guards: {
    isValid: ({ context }) => context.assignment !== null && context.problem === null,
  },
  actions: {
    open: assign(({ context, event }) => {
      if (event.type !== 'OPEN') return {};
      const day = localDay(context.now());
      return { assignment: event.assignment, day, problem: problemOf(event.assignment, day, context.now()) };
    }),
    pick: assign(({ context, event }) => {
      if (event.type !== 'PICK' || !context.assignment || !/^\d{4}-\d{2}-\d{2}$/.test(event.day)) return {};
      return { day: event.day, problem: problemOf(context.assignment, event.day, context.now()) };
    }),
    end: emit(({ context }) => ({ type: 'end' as const, action: endOnAction(context.assignment!, context.day, context.now()) })),
    clear: assign({ assignment: null, problem: null }),
  },
}).createMachine({
  id: 'endAssignment',
  context: ({ input }) => {
    const now = input?.now ?? (() => new Date());
    return { assignment: null, day: localDay(now()), problem: null, now };
  },
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: { target: 'choosing', actions: 'open' } },
    },
    choosing: {
      on: {
        PICK: { actions: 'pick' },
        CONFIRM: { guard: 'isValid', target: 'closed', actions: ['end', 'clear'] },
        CANCEL: { target: 'closed', actions: 'clear' },
      },
    },
  },
});
