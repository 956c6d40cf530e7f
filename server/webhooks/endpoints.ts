import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Delivery, Webhook } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import type { WebhooksTable } from '../db/schema.ts';
import { headCursor } from '../event-store/read.ts';
import type { Selectable } from 'kysely';

/** The admins' side of webhook endpoints: what the routes read and change. The worker is in worker.ts. */

type Row = Selectable<WebhooksTable>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toWebhook(row: Row): Webhook {
  return {
    _id: row.id,
    url: row.url,
    events: row.events,
    active: row.active,
    cursor: row.cursor,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    failingSince: iso(row.failing_since),
    nextAttemptAt: iso(row.next_attempt_at),
    lastError: row.last_error,
    pausedAt: iso(row.paused_at),
    pausedReason: row.paused_reason,
  };
}

export async function listWebhooks(db: DbOrTrx): Promise<Webhook[]> {
  const rows = await db.selectFrom('webhooks').selectAll().orderBy('created_at').orderBy('id').execute();
  return rows.map(toWebhook);
}

export async function findWebhook(db: DbOrTrx, id: string): Promise<Row | undefined> {
  return db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A new endpoint starts at the head of the log: it is sent what happens from now on (replay reaches back). */
export async function createWebhook(
  db: DbOrTrx,
  input: { url: string; events: string[]; secret: string; active?: boolean },
  createdBy: string,
): Promise<Webhook> {
  const active = input.active ?? true;
  const row = await db.insertInto('webhooks').values({
    id: randomUUID(),
    url: input.url,
    events: input.events,
    secret: input.secret,
    active,
    cursor: await headCursor(db),
    created_by: createdBy,
    paused_at: active ? null : new Date(),
    paused_reason: active ? null : 'Added paused',
  }).returningAll().executeTakeFirstOrThrow();
  return toWebhook(row);
}

export type WebhookChange = { url?: string; events?: string[]; secret?: string; active?: boolean };

/**
 * Changes an endpoint, at `version` when given (null: not found, 'stale': another admin changed it).
 * Resuming forgets the failures, so the first attempt is at once; pausing says who paused it.
 */
export async function changeWebhook(db: DbOrTrx, id: string, change: WebhookChange, version: number | undefined, by: string): Promise<Webhook | null | 'stale'> {
  const current = await findWebhook(db, id);
  if (!current) return null;
  if (version !== undefined && version !== current.version) return 'stale';
  const resumed = change.active === true && !current.active;
  const paused = change.active === false && current.active;
  const row = await db.updateTable('webhooks').set({
    ...(change.url !== undefined ? { url: change.url } : {}),
    ...(change.events !== undefined ? { events: change.events } : {}),
    ...(change.secret !== undefined ? { secret: change.secret } : {}),
    ...(change.active !== undefined ? { active: change.active } : {}),
    ...(resumed ? { failures: 0, failing_since: null, next_attempt_at: null, paused_at: null, paused_reason: null } : {}),
    ...(paused ? { paused_at: new Date(), paused_reason: `Paused by ${by}`, next_attempt_at: null } : {}),
    version: sql<number>`version + 1`,
  }).where('id', '=', id).where('version', '=', current.version).returningAll().executeTakeFirst();
  return row ? toWebhook(row) : 'stale';
}

export async function removeWebhook(db: DbOrTrx, id: string): Promise<boolean> {
  const result = await db.deleteFrom('webhooks').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Replay: the endpoint's cursor goes back to `after`, and the worker sends every later event again, in
 * order. Failures are forgotten so it starts at once; the worker's cursor updates are compare-and-set,
 * so a batch in flight stops rather than move the cursor past the replay.
 */
export async function replayWebhook(db: DbOrTrx, id: string, after: string): Promise<Webhook | null> {
  const row = await db.updateTable('webhooks').set({
    cursor: after, failures: 0, failing_since: null, next_attempt_at: null, last_error: null, version: sql<number>`version + 1`,
  }).where('id', '=', id).returningAll().executeTakeFirst();
  return row ? toWebhook(row) : null;
}

export async function listDeliveries(db: DbOrTrx, id: string, limit: number): Promise<Delivery[]> {
  const rows = await db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', id).orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({
    eventId: row.event_id,
    cursor: row.cursor,
    type: row.type,
    attempt: row.attempt,
    status: row.status,
    ...(row.error ? { error: row.error } : {}),
    at: row.at.toISOString(),
    ms: row.ms,
  }));
}
