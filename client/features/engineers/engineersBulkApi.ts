import type { Engineer } from '../../../domain/entities.ts';
import { request } from '../../lib/http.ts';
import { liveOnly } from '../../lib/draftTarget.ts';

/** One change to many engineers from a date on (POST /api/engineers/bulk): a team, a work week, or leaving. */
export type BulkEngineersChange = { teamId?: string; workWeek?: number[]; deactivate?: true; from: string };
export type BulkEngineersAnswer = { results: { id: string; status: 'changed' | 'unchanged' | 'refused'; message?: string }[]; engineers: Engineer[] };

/**
 * All of them or none: a refusal (400/404) names how many could not take it and the first reason, and
 * nothing is written. The answer carries one command id (`commandIdOf(answer)`): one undo reverses the lot.
 */
export const bulkChangeEngineers = (ids: readonly string[], change: BulkEngineersChange): Promise<BulkEngineersAnswer> =>
  liveOnly(() => request<BulkEngineersAnswer>('POST', '/api/engineers/bulk', { body: { ids, ...change } }), 'Bulk changes');
