import type { HistoryPage } from '../../../domain/history-contracts.ts';
import type { Project } from '../../../domain/entities.ts';
import type { CreateProjectInput } from '../../../domain/inputs.ts';
import { type ListParams } from '../../lib/api.ts';
import { request, requestPage } from '../../lib/http.ts';

/** How many of a project's events one page of its history shows. */
export const HISTORY_PAGE = 15;

/** A project's history, newest first: its own events and those of every assignment made on it; `before` pages back. */
export const projectHistory = (projectId: string, before: string | null, signal?: AbortSignal) => {
  const query = new URLSearchParams({ projectId, limit: String(HISTORY_PAGE) });
  if (before) query.set('before', before);
  return request<HistoryPage>('GET', `/api/history/events?${query.toString()}`, { signal });
};

/** Creates a project (the Projects screen's New project dialog). */
export const createProject = (payload: CreateProjectInput) => request<Project>('POST', '/api/projects', { body: payload });

/** One page of the Projects Directory: GET /api/projects with the table's query. */
export const projectPage = (params: ListParams, signal?: AbortSignal) => requestPage<Project>('/api/projects', params, signal);
