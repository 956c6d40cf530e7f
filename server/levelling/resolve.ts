/**
 * POST /api/scenarios/resolve: the live plan levelled (domain/levelling, HiGHS as the solver, on the
 * levelling worker thread) and the proposal drafted as a new scenario, each change with its reason; what is left comes beside it.
 */
import { randomUUID } from 'node:crypto';
import {
  dateOfDay, dayOfDate, levellingMessages as M, teamOn, teamsWithin, todayOf, type EventMetadata, type LeftOverload, type Plan, type ResolveOverloadsInput,
  type DraftedCommand, type Scenario, type ScopeFacts,
} from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { HttpError } from '../http-error.ts';
import { loadLivePlan } from '../read-models/live-plan.ts';
import { createScenario, draftScenarioChanges } from '../scenarios/scenario-commands.ts';
import { levelOffThread } from './level-thread.ts';
import { BUDGET_MS, GROUP_SECONDS } from './propose.ts';

/** The engineers a scope names, checked against the plan and, for teams, against the teams (sub-teams included). */
export function scopeIds(plan: Plan, scope: ResolveOverloadsInput['scope'], today: number, teams: ScopeFacts['teams'] = new Map()): string[] {
  if (scope === 'all') return plan.engineers.map((e) => e._id);
  if ('teamIds' in scope) {
    const unknownTeams = scope.teamIds.filter((id) => !teams.has(id));
    if (unknownTeams.length > 0) throw new HttpError(400, M.unknownTeams(unknownTeams), 'VALIDATION');
    const wanted = teamsWithin(scope.teamIds, teams);
    const day = dateOfDay(today);
    return plan.engineers.filter((e) => wanted.has(teamOn(e, day) ?? '')).map((e) => e._id);
  }
  const known = new Set(plan.engineers.map((e) => e._id));
  const unknown = scope.engineerIds.filter((id) => !known.has(id));
  if (unknown.length > 0) throw new HttpError(400, M.unknownEngineers(unknown), 'VALIDATION');
  return [...new Set(scope.engineerIds)];
}

export type Proposed = { name: string; changes: { command: DraftedCommand; reason: string; moveId?: string }[]; left: LeftOverload[] };

/**
 * The proposal for the live plan, worked out on the levelling thread with no transaction open: solving
 * takes seconds, and a transaction held that long would hold a pooled connection and the log's readers
 * with it. The plan may move meanwhile; the draft is a scenario, rebased when it is published.
 */
export async function proposeResolution(db: DbOrTrx, input: ResolveOverloadsInput, settings: { timeZone: string; now: Date }): Promise<Proposed> {
  const plan = await loadLivePlan(db);
  const today = todayOf(settings.now, settings.timeZone);
  if (dayOfDate(input.to) < today) throw new HttpError(400, M.windowPast, 'VALIDATION');
  const teams = typeof input.scope === 'object' && 'teamIds' in input.scope
    ? new Map((await db.selectFrom('teams').select(['id', 'name', 'parent_id']).execute()).map((t) => [t.id, { name: t.name, parentId: t.parent_id }]))
    : new Map();
  const engineerIds = scopeIds(plan, input.scope, today, teams);
  const request = { from: input.from, to: input.to, engineerIds, allow: input.allow, pins: input.pins, includeTentative: input.includeTentative };
  const proposal = await levelOffThread({ plan, timeZone: settings.timeZone, today }, request, { budgetMs: BUDGET_MS, groupSeconds: GROUP_SECONDS });
  const from = dateOfDay(Math.max(dayOfDate(input.from), today));
  return { name: input.name ?? `Resolve overloads ${from} to ${input.to}`, changes: proposal.changes, left: proposal.left };
}

/** The proposal drafted as a new scenario, in the caller's (short) transaction. */
export async function draftResolution(trx: DbOrTrx, proposed: Proposed, metadata: EventMetadata): Promise<Scenario> {
  const created = await createScenario(trx, randomUUID(), { name: proposed.name, shared: false }, metadata);
  const drafts = proposed.changes.map((c) => ({ changeId: randomUUID(), command: c.command, reason: c.reason, moveId: c.moveId }));
  return drafts.length > 0 ? await draftScenarioChanges(trx, created._id, drafts, metadata) : created;
}
