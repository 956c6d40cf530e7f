import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../db/connect.ts';
import { retryOnceIfDisconnected } from '../db/connection-errors.ts';
import { HttpError } from '../http-error.ts';

export type Outcome = { status: number; body: unknown; headers?: Record<string, string> };
/** The command id a request's events carry, once it has one (see request-context's metadataOf). */
export type CommandSlot = { id?: string };
/** `command`: recorded with the answer, and given back on a replay, so the retry names the same command. */
export type Idempotency = { scope: string; key: string; request: unknown; command?: CommandSlot };

const requestHash = (request: unknown) => createHash('sha256').update(JSON.stringify(request)).digest('hex');

/**
 * One transaction per command, kept short (a long-open one would stall every event reader). With an
 * Idempotency-Key, the key is locked, looked up and recorded in that same transaction: concurrent
 * retries wait on the lock and then return the stored answer, appending nothing. That also makes
 * such a command safe to run again when the database dropped the session under it: if the first run
 * committed, the second replays it.
 */
export async function runCommand(
  db: Db,
  idempotency: Idempotency | null,
  work: (trx: DbOrTrx) => Promise<Outcome>,
): Promise<Outcome & { replayed: boolean }> {
  const run = () => runInTransaction(db, idempotency, work);
  return idempotency ? retryOnceIfDisconnected(run) : run();
}

async function runInTransaction(
  db: Db,
  idempotency: Idempotency | null,
  work: (trx: DbOrTrx) => Promise<Outcome>,
): Promise<Outcome & { replayed: boolean }> {
  return db.transaction().execute(async (trx) => {
    if (idempotency) {
      const hash = requestHash(idempotency.request);
      await sql`select pg_advisory_xact_lock(hashtextextended(${`${idempotency.scope}:${idempotency.key}`}, 0))`.execute(trx);
      const stored = await trx
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'status_code', 'response', 'command_id'])
        .where('scope', '=', idempotency.scope)
        .where('key', '=', idempotency.key)
        .executeTakeFirst();
      if (stored) {
        if (stored.request_hash !== hash) {
          throw new HttpError(422, 'This Idempotency-Key was already used for a different request', 'IDEMPOTENCY_KEY_REUSED');
        }
        if (idempotency.command) idempotency.command.id = stored.command_id ?? undefined;
        return { status: stored.status_code, body: stored.response, replayed: true };
      }
      const outcome = await work(trx);
      await trx
        .insertInto('idempotency_keys')
        .values({
          scope: idempotency.scope,
          key: idempotency.key,
          request_hash: hash,
          status_code: outcome.status,
          response: JSON.stringify(outcome.body ?? null),
          command_id: idempotency.command?.id ?? null,
        })
        .execute();
      return { ...outcome, replayed: false };
    }
    return { ...(await work(trx)), replayed: false };
  });
}
