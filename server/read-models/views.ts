import type { DbOrTrx } from '../db/connect.ts';
import { inBytes, jsonText } from '../db/expressions.ts';

/** The views someone may open: their own and the shared ones, by name, as JSON text. */
export async function viewsJson(db: DbOrTrx, viewerId: string): Promise<string> {
  const row = await db
    .selectFrom('saved_views')
    .select((eb) => jsonText(eb.fn.jsonAgg('doc').orderBy('name', inBytes).orderBy('id', inBytes)).as('json'))
    .where((eb) => eb.or([eb('owner_id', '=', viewerId), eb('shared', '=', true)]))
    .executeTakeFirstOrThrow();
  return row.json;
}
