import type { BulkAnswer, BulkChange } from '../../../../domain/bulk.ts';
import type { Assignment } from '../../../../domain/entities.ts';
import { request } from '../../../lib/http.ts';
import { liveOnly } from '../../../lib/draftTarget.ts';

export type { BulkChange } from '../../../../domain/bulk.ts';
export type BulkChangesAnswer = BulkAnswer<Assignment>;

/**
 * Several assignments changed at once, each with the version it was made against: moved by whole days,
 * given an allocation, or removed. All are applied in one transaction or none: one stale version is a
 * 409 VERSION_CONFLICT whose body names it (`assignmentId`, `currentVersion`) and nothing changes. The
 * answer has one command id for all of them (`commandIdOf(answer)`), so one undo reverses the lot.
 * Live only: a scenario drafts one change at a time. The days before today are kept (`applyFrom: 'today'`):
 * a started assignment keeps its past and its moved or changed part runs from today.
 */
export const bulkChangeAssignments = (changes: readonly BulkChange[]): Promise<BulkChangesAnswer> =>
  liveOnly(() => request<BulkChangesAnswer>('POST', '/api/assignments/bulk', { body: { changes, applyFrom: 'today' } }), 'Bulk edits');
