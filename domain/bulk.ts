import { z } from 'zod';
import { DAY_MS, instantOf } from './capacity/calendar-days.ts';
import { zoneOffsetAt } from './capacity/time-zone.ts';
import type { AssignmentRecord } from './entities.ts';
import { DomainError } from './errors.ts';
import type { PlanningCommand } from './commands/planning-commands.ts';
import { assignmentMessages as A } from './messages.ts';
import { isYearInRange } from './years.ts';
import { wellFormedText } from './text.ts';

/**
 * A bulk edit of assignments (several bars selected on the schedule): each change moves one by whole
 * days, sets its allocation, or removes it, and carries the version it was made against. All of them
 * are applied in one transaction or none is.
 */
export const BULK_LIMIT = 200;
/** Ten years either way: further is a typing slip, and would leave the years dates may have. */
export const MOVE_DAYS_LIMIT = 3660;

export const bulkMessages = {
  changesRequired: `Send 1 to ${BULK_LIMIT} changes`,
  tooMany: `At most ${BULK_LIMIT} changes at once`,
  outOfYears: 'The move would take the assignment beyond the years dates may have',
  once: 'Each assignment may appear once in a bulk edit',
  days: `days must be a whole number from -${MOVE_DAYS_LIMIT} to ${MOVE_DAYS_LIMIT}`,
  version: 'version must be a whole number',
  op: "op must be 'move', 'allocation' or 'remove'",
} as const;

const target = {
  assignmentId: wellFormedText('Assignment', 'Assignment is required').min(1, 'Assignment is required').max(100),
  version: z.number({ error: bulkMessages.version }).int(bulkMessages.version).min(0, bulkMessages.version),
};

export const bulkChange = z.discriminatedUnion(
  'op',
  [
    z.object({
      ...target,
      op: z.literal('move'),
      days: z.number({ error: bulkMessages.days }).int(bulkMessages.days).min(-MOVE_DAYS_LIMIT, bulkMessages.days).max(MOVE_DAYS_LIMIT, bulkMessages.days),
    }),
    z.object({
      ...target,
      op: z.literal('allocation'),
      allocationPercentage: z.number({ error: A.allocationRange }).min(1, A.allocationRange).max(100, A.allocationRange),
    }),
    z.object({ ...target, op: z.literal('remove') }),
  ],
  { error: bulkMessages.op },
);
export type BulkChange = z.output<typeof bulkChange>;

export const bulkChangesInput = z.object({
  /** 'today' keeps every day before today as it was (domain/keep-past.ts); 'start', the default, changes the assignments as they are. */
  applyFrom: z.enum(['today', 'start'], { error: "applyFrom must be 'today' (keep the days before today) or 'start' (correct the past too)" }).optional(),
  changes: z
    .array(bulkChange, { error: bulkMessages.changesRequired })
    .min(1, bulkMessages.changesRequired)
    .max(BULK_LIMIT, bulkMessages.tooMany)
    .superRefine((changes, context) => {
      const seen = new Set<string>();
      changes.forEach((change, index) => {
        if (seen.has(change.assignmentId)) context.addIssue({ code: 'custom', path: [index, 'assignmentId'], message: bulkMessages.once });
        seen.add(change.assignmentId);
      });
    }),
});
export type BulkChangesInput = z.output<typeof bulkChangesInput>;

/**
 * `iso` moved by whole calendar days in the organisation's time zone, keeping its wall-clock time: an
 * assignment that starts at local midnight still does after crossing a clock change.
 */
export function shiftedByDays(iso: string, days: number, timeZone: string): string {
  const instant = instantOf(iso);
  const moved = instant + days * DAY_MS;
  if (timeZone === 'UTC') return new Date(moved).toISOString();
  return new Date(moved + zoneOffsetAt(instant, timeZone) - zoneOffsetAt(moved, timeZone)).toISOString();
}

/**
 * The planning command one bulk change is, given the assignment as it is (a move shifts both of its
 * dates). An assignment that is not there is a 404, as its single edit would be.
 */
export function bulkCommandOf(change: BulkChange, state: AssignmentRecord | null, timeZone: string): PlanningCommand {
  const { assignmentId } = change;
  switch (change.op) {
    case 'remove':
      return { kind: 'removeAssignment', assignmentId };
    case 'allocation':
      return { kind: 'updateAssignment', assignmentId, input: { allocationPercentage: change.allocationPercentage } };
    case 'move': {
      if (!state) throw new DomainError('not-found', 'Assignment not found');
      const startDate = shiftedByDays(state.startDate, change.days, timeZone);
      const endDate = shiftedByDays(state.endDate, change.days, timeZone);
      const inYears = (iso: string) => isYearInRange(new Date(iso).getUTCFullYear()) && !iso.startsWith('+') && !iso.startsWith('-');
      if (!inYears(startDate) || !inYears(endDate)) throw new DomainError('invalid', bulkMessages.outOfYears, 'days');
      return { kind: 'updateAssignment', assignmentId, input: { startDate, endDate } };
    }
  }
}

/** What a bulk edit answers: the assignments it changed, populated as GET /api/assignments gives them, and the ids it removed. */
export type BulkAnswer<Populated> = { assignments: Populated[]; removed: string[] };
