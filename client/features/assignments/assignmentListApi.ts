import type { Assignment } from '../../../domain/entities.ts';
import { type ListParams } from '../../lib/api.ts';
import { requestPage } from '../../lib/http.ts';

/** One page of the All Assignments table: GET /api/assignments with the table's query. */
export const assignmentPage = (params: ListParams, signal?: AbortSignal) => requestPage<Assignment>('/api/assignments', params, signal);
