import type { ProjectPlanResponse } from '../../../domain/capacity/project-plan-query.ts';
import type { Placeholder } from '../../../domain/entities.ts';
import { request } from '../../lib/http.ts';
import type { PlanData } from './projectPlan.machine.ts';

/**
 * The live project plan and the open roles, read side by side. Kept apart from the screen's code (and
 * free of zod and React) so the app can start it while it boots (planPreload.ts).
 */
export async function fetchPlan(query: URLSearchParams, signal?: AbortSignal): Promise<PlanData> {
  const [plan, placeholders] = await Promise.all([
    request<ProjectPlanResponse>('GET', `/api/projects/plan?${query.toString()}`, { signal }),
    request<Placeholder[]>('GET', '/api/placeholders', { signal }),
  ]);
  return { plan, placeholders };
}
