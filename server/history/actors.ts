import { sql } from 'kysely';
import type { DbOrTrx } from '../db/connect.ts';

export type Actor = { id: string; name: string; role: string };

/**
 * Everyone who can appear as an event's actor, for names in the history and its filter. An engineer's
 * name is their current planning name (the engineers read model, as in their profile): a manager's
 * rename changes the engineer, not the account row.
 */
export async function listActors(db: DbOrTrx): Promise<Actor[]> {
  const name = sql<string>`coalesce(engineers.name, users.name)`;
  return db
    .selectFrom('users')
    .leftJoin('engineers', 'engineers.id', 'users.id')
    .select(['users.id', name.as('name'), 'users.role'])
    .orderBy(name)
    .execute();
}

/** The name an event shows for an actor that is no account (nothing in this app writes one, but old logs may). */
export const UNKNOWN_ACTOR_NAME = 'System';

/** Actors' names by id: everyone, or only the ids given (a page of history names only its own). */
export async function actorNames(db: DbOrTrx, ids?: readonly string[]): Promise<Map<string, string>> {
  if (ids?.length === 0) return new Map();
  const name = sql<string>`coalesce(engineers.name, users.name)`;
  const rows = await db
    .selectFrom('users')
    .leftJoin('engineers', 'engineers.id', 'users.id')
    .select(['users.id', name.as('name')])
    .$if(ids !== undefined, (q) => q.where('users.id', 'in', ids!))
    .execute();
  return new Map(rows.map((a) => [a.id, a.name]));
}
