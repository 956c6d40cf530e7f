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

export async function actorNames(db: DbOrTrx): Promise<Map<string, string>> {
  return new Map((await listActors(db)).map((a) => [a.id, a.name]));
}
