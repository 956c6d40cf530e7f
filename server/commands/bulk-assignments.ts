import { v7 as uuidv7 } from 'uuid';
import {
  bulkCommandOf, changeFromToday, DomainError, todayOf, streamIds, type AssignmentRecord, type BulkChange, type EventMetadata,
} from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { ConcurrencyError } from '../event-store/errors.ts';
import { HttpError } from '../http-error.ts';
import { handleCommand, readPlanningStreams } from './handle.ts';

export const bulkConflictMessage = 'An assignment in this bulk edit was changed by someone else, so nothing was changed. Reload to see the latest version.';

const domainStatus = { invalid: 400, 'not-found': 404, conflict: 409, forbidden: 403 } as const;
const domainCode = { invalid: 'VALIDATION_FAILED', 'not-found': 'NOT_FOUND', conflict: 'CONFLICT', forbidden: 'FORBIDDEN' } as const;

/**
 * A bulk edit of assignments in the caller's transaction: each change is one planning command (a move
 * shifts the dates the assignment has now, in the organisation's time zone) handed to the one command
 * handler with the version it was made against, all under one command id (the request's), so one undo
 * reverses them all. The first refusal throws, naming its assignment, and the transaction then writes
 * nothing: all or none.
 */
export async function bulkChangeAssignments(
  trx: DbOrTrx,
  changes: readonly BulkChange[],
  metadata: EventMetadata,
  timeZone: string,
  keepPast?: { now: Date },
): Promise<{ changed: string[]; removed: string[] }> {
  const stored = await readPlanningStreams(trx, changes.map((c) => streamIds.assignment(c.assignmentId)));
  const changed: string[] = [];
  const removed: string[] = [];
  for (const change of changes) {
    const { assignmentId } = change;
    try {
      const stream = stored.get(streamIds.assignment(assignmentId))!;
      const state = stream.state as AssignmentRecord | null;
      // A stale version is a conflict before anything else, as the single edit's would be.
      if (state && change.version !== stream.version) throw new ConcurrencyError(streamIds.assignment(assignmentId), change.version, stream.version);
      const command = bulkCommandOf(change, state, timeZone);
      if (keepPast && state && command.kind === 'updateAssignment') {
        // From today on: the days before today keep what they held; the changed part may be a new assignment.
        const split = changeFromToday(state, command.input, { today: todayOf(keepPast.now, timeZone), timeZone, newAssignmentId: uuidv7() });
        for (const part of split) {
          const onEdited = part.kind === 'updateAssignment' && part.assignmentId === assignmentId;
          await handleCommand(trx, part, metadata, onEdited ? change.version : undefined);
          changed.push(part.kind === 'createAssignment' ? part.assignmentId : assignmentId);
        }
        continue;
      }
      await handleCommand(trx, command, metadata, change.version);
      (change.op === 'remove' ? removed : changed).push(assignmentId);
    } catch (error) {
      if (error instanceof ConcurrencyError) {
        throw new HttpError(409, bulkConflictMessage, 'VERSION_CONFLICT', { assignmentId, currentVersion: error.currentVersion });
      }
      if (error instanceof DomainError) {
        const issues = error.kind === 'invalid' ? { issues: [{ path: error.path ?? '', message: error.message }] } : {};
        throw new HttpError(domainStatus[error.kind], error.message, error.code ?? domainCode[error.kind], { assignmentId, ...issues });
      }
      throw error;
    }
  }
  return { changed, removed };
}
