import { streamEntity } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { textArray } from '../db/expressions.ts';
import { visibleToEveryReader } from '../event-store/commit-order.ts';
import { recordedBetween } from '../event-store/read.ts';
import { actorNames, UNKNOWN_ACTOR_NAME } from './actors.ts';

export type EntityRef = { kind: 'project' | 'assignment'; id: string };
export type EntityActors = Record<string, { id: string; name: string }[]>;

/**
 * Who changed each entity between two moments, in the order they first acted, keyed 'project:<id>'.
 * Read from the entities' own streams, so a row of a paged diff is named whatever page its events
 * fall on, and however many events the window holds.
 */
export async function entityActors(db: DbOrTrx, entities: readonly EntityRef[], from: Date, to: Date): Promise<EntityActors> {
  if (entities.length === 0) return {};
  const streams = entities.map((e) => `${e.kind}-${e.id}`);
  const rows = await db
    .selectFrom('events')
    .select((eb) => ['stream_id', eb.ref('metadata', '->>').key('actorId').$castTo<string | null>().as('actor_id')])
    .where(visibleToEveryReader)
    .where((eb) => eb('stream_id', '=', eb.fn.any(textArray(streams))))
    .where((eb) => eb.and(recordedBetween(from, to)))
    .groupBy(['stream_id', 'actor_id'])
    .orderBy('stream_id')
    .orderBy((eb) => eb.fn.min('stream_position'))
    .execute();
  const names = await actorNames(db, [...new Set(rows.flatMap((r) => (r.actor_id ? [r.actor_id] : [])))]);
  const actors: EntityActors = {};
  for (const row of rows) {
    const entity = streamEntity(row.stream_id);
    if (!entity) continue;
    const id = row.actor_id ?? '';
    (actors[`${entity.kind}:${entity.id}`] ??= []).push({ id, name: names.get(id) ?? UNKNOWN_ACTOR_NAME });
  }
  return actors;
}
