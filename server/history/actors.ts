import type { ExpressionBuilder } from 'kysely';
import { ANONYMOUS_ACTOR } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';

export type Actor = { id: string; name: string; role: string };

/**
 * Everyone who can appear as an event's actor, for names in the history and its filter. An engineer's
 * name is their current planning name (the engineers read model, as in their profile): a manager's
 * rename changes the engineer, not the account row.
 */
export async function listActors(db: DbOrTrx): Promise<Actor[]> {
  return db
    .selectFrom('users')
    .leftJoin('engineers', 'engineers.id', 'users.id')
    .select((eb) => ['users.id', actorName(eb).as('name'), 'users.role'])
    .orderBy(actorName)
    .execute();
}

/** Over users left-joined to engineers: the engineer's planning name, else the account's. */
const actorName = (eb: ExpressionBuilder<Database, 'users' | 'engineers'>) => eb.fn.coalesce('engineers.name', 'users.name');

/** The name an event shows for an actor that is no account and has no name of its own here (the anonymous actor has one). */
export const UNKNOWN_ACTOR_NAME = 'System';

/** Actors' names by id: everyone, or only the ids given (a page of history names only its own). */
export async function actorNames(db: DbOrTrx, ids?: readonly string[]): Promise<Map<string, string>> {
  if (ids?.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .leftJoin('engineers', 'engineers.id', 'users.id')
    .select((eb) => ['users.id', actorName(eb).as('name')])
    .$if(ids !== undefined, (q) => q.where('users.id', 'in', ids!))
    .execute();
  const names = new Map(rows.map((a) => [a.id, a.name]));
  // No account is anonymous: a "Forgot password" request is named as such rather than "System".
  if (ids === undefined || ids.includes(ANONYMOUS_ACTOR.actorId)) names.set(ANONYMOUS_ACTOR.actorId, ANONYMOUS_ACTOR.name);
  return names;
}
