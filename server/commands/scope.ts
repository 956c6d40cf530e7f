import { sql } from 'kysely';
import {
  dateOfDay, DomainError, localDayOf, scopeRefusal, type EventMetadata, type ManagerScope, type ReachablePerson, type ScopeActor, type ScopeFacts, type Touched,
} from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';

/**
 * The edge of the scope rule (domain/teams/scope.ts): what it reads, read from the read models as they
 * are inside the write's transaction. The write runners call `enforceScope` once their decision is made
 * and before anything is appended, so every path through them (HTTP, bulk, import, undo, a scenario's
 * publish, a staffing approval) is refused the same way: 403, nothing written.
 */

let timeZone = 'UTC';
/** "Today" for the rule is the organisation's day (set once at start-up from ORG_TIME_ZONE). */
export const setScopeTimeZone = (zone: string) => {
  timeZone = zone;
};
export const scopeToday = (now = Date.now()) => dateOfDay(localDayOf(now, timeZone));

// An actor's scope is read once per transaction: a bulk write of thousands of commands asks once.
const actorsOf = new WeakMap<object, Map<string, ScopeActor>>();

export async function scopeActorOf(trx: DbOrTrx, metadata: Pick<EventMetadata, 'actorId' | 'actorRole'>): Promise<ScopeActor> {
  if (metadata.actorRole !== 'manager') return { id: metadata.actorId, role: metadata.actorRole, scope: 'all' };
  const cache = trx.isTransaction ? (actorsOf.get(trx) ?? actorsOf.set(trx, new Map()).get(trx)!) : null;
  const known = cache?.get(metadata.actorId);
  if (known) return known;
  const row = await trx.selectFrom('users').select('scope').where('id', '=', metadata.actorId).executeTakeFirst();
  const actor: ScopeActor = { id: metadata.actorId, role: metadata.actorRole, scope: (row?.scope ?? 'all') as ManagerScope };
  cache?.set(metadata.actorId, actor);
  return actor;
}

/** The teams and the people a check names, as the read models hold them now. */
export async function scopeFacts(trx: DbOrTrx, engineerIds: readonly string[]): Promise<ScopeFacts> {
  const teams = await trx.selectFrom('teams').select(['id', 'name', 'parent_id']).execute();
  const ids = [...new Set(engineerIds)];
  const people = ids.length === 0 ? [] : await trx.selectFrom('engineers')
    .select(['id', 'name', sql<ReachablePerson['teams'] | null>`doc->'teams'`.as('teams')])
    .where('id', 'in', ids).execute();
  const byId = new Map(people.map((p) => [p.id, { _id: p.id, name: p.name, teams: p.teams ?? [] }]));
  return { person: (id) => byId.get(id) ?? null, teams: new Map(teams.map((t) => [t.id, { name: t.name, parentId: t.parent_id }])) };
}

/**
 * Refuses (403, naming who is out of reach) a write that touches anyone or anything outside the actor's scope.
 * The actor's scope, the teams and the people come back in one statement: every manager's write pays one
 * round trip here, scoped or org-wide, so the check costs a scoped manager little more than an org-wide one.
 */
export async function enforceScope(trx: DbOrTrx, metadata: Pick<EventMetadata, 'actorId' | 'actorRole'>, touched: readonly Touched[]): Promise<void> {
  if (metadata.actorRole !== 'manager' || touched.every((t) => t.engineerIds.length === 0 && !t.orgWide)) return;
  const all: Touched = {
    engineerIds: touched.flatMap((t) => t.engineerIds),
    ...(touched.find((t) => t.orgWide) ? { orgWide: touched.find((t) => t.orgWide)!.orgWide! } : {}),
  };
  const ids = [...new Set(all.engineerIds)];
  const row = await sql<{ scope: ManagerScope | null; teams: [string, string, string | null][] | null; people: [string, string, ReachablePerson['teams'] | null][] | null }>`
    select u.scope,
           (select json_agg(json_build_array(t.id, t.name, t.parent_id)) from teams t where u.scope <> '"all"'::jsonb) as teams,
           (select json_agg(json_build_array(e.id, e.name, e.doc->'teams')) from engineers e
             where u.scope <> '"all"'::jsonb and e.id = any(${ids}::text[])) as people
      from users u where u.id = ${metadata.actorId}`.execute(trx);
  const found = row.rows[0];
  const scope = (found?.scope ?? 'all') as ManagerScope;
  if (scope === 'all') return;
  const byId = new Map((found?.people ?? []).map(([id, name, teams]) => [id, { _id: id, name, teams: teams ?? [] }]));
  const facts: ScopeFacts = {
    person: (id) => byId.get(id) ?? null,
    teams: new Map((found?.teams ?? []).map(([id, name, parentId]) => [id, { name, parentId }])),
  };
  const refusal = scopeRefusal({ id: metadata.actorId, role: metadata.actorRole, scope }, all, facts, scopeToday());
  if (refusal) throw new DomainError('forbidden', refusal, undefined, 'OUT_OF_SCOPE');
}
