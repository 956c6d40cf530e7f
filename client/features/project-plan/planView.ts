import { type ProjectPlanSortKey, projectPlanSortKeys } from '../../../domain/capacity/sort-keys.ts';
import type { ProjectStatus } from '../../../domain/entities.ts';
import { type Covers, normalizeWindow, oneOf, type ViewWindow, windowFromSearch, writeWindow } from '../../lib/scheduleView.ts';
import { windowRange } from '../../lib/window.ts';

/**
 * The domain's project statuses, repeated: its module builds zod schemas as it loads, and the plan's
 * address is read (to fetch it ahead, app/readAhead.ts) before zod has loaded. Fails to compile when
 * the two part.
 */
const projectStatuses = ['planning', 'active', 'completed'] as const satisfies readonly ProjectStatus[];
const statusesComplete: Covers<typeof projectStatuses, ProjectStatus> = true;
void statusesComplete;

/**
 * What the project plan shows: the schedule's window (first date, span, step), which projects (text in
 * the name, a status), whether pipeline work counts as staffed, and the order. It lives in the page's
 * URL under the same names as the schedule's view, so a window carries from one screen to the other.
 */
export type PlanView = ViewWindow & { q: string; status: ProjectStatus | null; /** A team's id: the projects it (and the teams inside it) works on, with its load. */ team: string | null; includeTentative: boolean; sort: ProjectPlanSortKey };

export const planNoFilters = { q: '', status: null, team: null } satisfies Partial<PlanView>;
export const defaultPlanView: PlanView = { ...normalizeWindow({ from: null, weeks: 12, step: 'week' }), ...planNoFilters, includeTentative: false, sort: 'name' };

export function normalizePlanView(view: PlanView): PlanView {
  return {
    ...normalizeWindow(view),
    q: view.q.slice(0, 200),
    status: oneOf(projectStatuses, view.status),
    team: view.team?.trim().slice(0, 100) || null,
    includeTentative: view.includeTentative === true,
    sort: oneOf(projectPlanSortKeys, view.sort) ?? defaultPlanView.sort,
  };
}

/** The view a URL asks for; anything unreadable falls back to the default. */
export const planViewFromSearch = (search: URLSearchParams): PlanView =>
  normalizePlanView({
    ...windowFromSearch(search),
    q: search.get('q') ?? '',
    status: search.get('status') as ProjectStatus | null,
    team: search.get('team'),
    includeTentative: search.get('includeTentative') === 'true',
    sort: (search.get('sort') ?? defaultPlanView.sort) as ProjectPlanSortKey,
  });

/** The URL's search part for a view: only what differs from the default, in a fixed order, so equal views give equal URLs. */
export function searchOfPlanView(view: PlanView): URLSearchParams {
  const v = normalizePlanView(view);
  const search = new URLSearchParams();
  writeWindow(search, v);
  if (v.q.trim()) search.set('q', v.q.trim());
  if (v.status) search.set('status', v.status);
  if (v.team) search.set('team', v.team);
  if (v.includeTentative) search.set('includeTentative', 'true');
  if (v.sort !== defaultPlanView.sort) search.set('sort', v.sort);
  return search;
}

export const planHasFilters = (view: PlanView) => view.q.trim() !== '' || view.status !== null || view.team !== null;

/** GET /api/projects/plan's query for a view: every matching project in one answer (the screen virtualises the rows). */
export function planQuery(view: PlanView, today: string): URLSearchParams {
  const range = windowRange(view, today);
  const query = new URLSearchParams({ from: range.from, to: range.to, step: view.step, sort: view.sort });
  if (view.includeTentative) query.set('includeTentative', 'true');
  if (view.q.trim()) query.set('q', view.q.trim());
  if (view.status) query.set('status', view.status);
  if (view.team) query.set('team', view.team);
  return query;
}
