import type { Db, DbOrTrx } from '../db/connect.ts';
import { headCursor } from '../event-store/read.ts';

export type Consistent<T> = { value: T; cursor: string; snapshot: string };

/**
 * Reads a read model in one snapshot and says which events it reflects: `cursor` is the
 * newest event every reader can see, and `snapshot` (pg_current_snapshot) tells a live client which
 * later-numbered transactions the answer already includes, so it can drop their events as duplicates.
 */
export async function readConsistent<T>(db: Db, read: (trx: DbOrTrx) => Promise<T>): Promise<Consistent<T>> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const { snapshot } = await trx.selectNoFrom((eb) => eb.cast<string>(eb.fn('pg_current_snapshot'), 'text').as('snapshot')).executeTakeFirstOrThrow();
      const value = await read(trx);
      return { value, cursor: await headCursor(trx), snapshot };
    });
}
