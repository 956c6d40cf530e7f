import type { Plan } from '../../../domain/plan.ts';
import type { DescribedChange, DraftedCommand, PeriodComparison, scenarioStatuses, StatusChange } from '../../../domain/scenarios/index.ts';
import { ApiError } from '../../lib/api.ts';
import { request } from '../../lib/http.ts';
import { type LeftOverload, resolveOverloads } from '../planning/index.ts';

export type { DescribedChange, DraftedCommand, PeriodComparison, StatusChange } from '../../../domain/scenarios/index.ts';

export type ScenarioStatus = (typeof scenarioStatuses)[number];

/** A row of GET /api/scenarios. */
export type ScenarioSummary = {
  _id: string;
  name: string;
  ownerId: string;
  ownerName: string;
  shared: boolean;
  status: ScenarioStatus;
  version: number;
  changeCount: number;
};

/** GET /api/scenarios/:id: the drafted changes in order, each with whether it still applies on the live plan. */
export type ScenarioDetail = ScenarioSummary & { changes: DescribedChange[] };

export type ScenarioPlan = { plan: Plan; scenario: ScenarioDetail };
export type ScenarioComparison = { periods: PeriodComparison[]; statusChanges: StatusChange[]; scenario: ScenarioDetail };
export type CompareWindow = { from: string; to: string; step: 'week' | 'month' | 'day' };

/** One stream that moved in the live plan since a change was drafted, both sides in sentences. */
export type PublishConflict = { changeId: string; streamId: string; drafted: number; current: number; theirs: string[]; ours: string[] };
export type Rebased = ScenarioDetail & { dropped: { changeId: string; message: string }[] };

/** POST /api/scenarios/resolve: the proposal, a new draft scenario, and what it leaves. */
export type Resolved = ScenarioDetail & { left: LeftOverload[] };

const at = (id: string) => `/api/scenarios/${encodeURIComponent(id)}`;

export const scenariosApi = {
  list: (signal?: AbortSignal) => request<ScenarioSummary[]>('GET', '/api/scenarios', { signal }),
  create: (input: { name: string; shared: boolean }) => request<ScenarioDetail>('POST', '/api/scenarios', { body: input }),
  resolve: (body: object) => resolveOverloads<Resolved>(body),
  detail: (id: string) => request<ScenarioDetail>('GET', at(id)),
  plan: (id: string, signal?: AbortSignal) => request<ScenarioPlan>('GET', `${at(id)}/plan`, { signal }),
  compare: (id: string, window: CompareWindow, signal?: AbortSignal) =>
    request<ScenarioComparison>('GET', `${at(id)}/compare?${new URLSearchParams(window)}`, { signal }),
  share: (id: string, shared: boolean) => request<ScenarioDetail>('PATCH', at(id), { body: { shared } }),
  draft: (id: string, changeId: string, command: DraftedCommand) =>
    request<ScenarioDetail>('POST', `${at(id)}/changes`, { body: { changeId, command } }),
  undo: (id: string, changeId: string) => request<ScenarioDetail>('DELETE', `${at(id)}/changes/${encodeURIComponent(changeId)}`),
  rebase: (id: string) => request<Rebased>('POST', `${at(id)}/rebase`, { body: {} }),
  publish: (id: string) => request<ScenarioDetail>('POST', `${at(id)}/publish`, { body: {} }),
};

/** The conflicts of a refused publish (409 SCENARIO_CONFLICT), or null for any other failure. */
export function publishConflictsOf(error: unknown): PublishConflict[] | null {
  if (!(error instanceof ApiError) || error.code !== 'SCENARIO_CONFLICT') return null;
  const conflicts = (error.body as { conflicts?: unknown } | undefined)?.conflicts;
  return Array.isArray(conflicts) ? (conflicts as PublishConflict[]) : [];
}
