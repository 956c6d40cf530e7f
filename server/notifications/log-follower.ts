import { parseCursor, type RecordedEvent } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { headCursor, readAll } from '../event-store/read.ts';
import { enqueue, type OutboxMessage } from './outbox.ts';

/** How many events a step reads: a follower that read this many has more to read at once. */
export const FOLLOW_BATCH = 200;

/**
 * One step of a follower of the event log: the events after where it got to, in commit order, turned
 * into messages in the outbox, and its cursor moved on, in one transaction. Its row is locked for the
 * step, so instances take turns; a crash repeats a step, and the outbox's keys keep each message one.
 * A new follower starts at the end of the log: nobody hears of the past. Answers how many events it read.
 */
export async function followLog(
  db: DbOrTrx,
  name: string,
  toMessages: (trx: DbOrTrx, events: RecordedEvent[]) => Promise<OutboxMessage[]>,
  options: { batch?: number; listening?: (trx: DbOrTrx) => Promise<boolean> } = {},
): Promise<number> {
  const batch = options.batch ?? FOLLOW_BATCH;
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('log_followers').select('cursor').where('name', '=', name).forUpdate().executeTakeFirst();
    if (!row) {
      await trx.insertInto('log_followers').values({ name, cursor: await headCursor(trx) }).onConflict((oc) => oc.column('name').doNothing()).execute();
      return 0;
    }
    // Nobody to tell (no Slack channel yet): skip to the end of the log without reading it.
    if (options.listening && !(await options.listening(trx))) {
      await trx.updateTable('log_followers').set({ cursor: await headCursor(trx), updated_at: new Date() }).where('name', '=', name).execute();
      return 0;
    }
    const { events, next } = await readAll(trx, { after: parseCursor(row.cursor)!, limit: batch });
    await enqueue(trx, await toMessages(trx, events));
    await trx.updateTable('log_followers').set({ cursor: next, updated_at: new Date() }).where('name', '=', name).execute();
    return events.length;
  });
}
