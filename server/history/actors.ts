import type { DbOrTrx } from '../db/connect.ts';

export type Actor = { id: string; name: string; role: string };

/** Everyone who can appear as an event's actor, for names in the history and its filter. */
export async function listActors(db: DbOrTrx): Promise<Actor[]> {
  return db.selectFrom('users').select(['id', 'name', 'role']).orderBy('name').execute();
}

export async function actorNames(db: DbOrTrx): Promise<Map<string, string>> {
  return new Map((await listActors(db)).map((a) => [a.id, a.name]));
}
