import { sql } from 'kysely';
import { afterFailure, parseCursor, webhookPayload, wantsEvent, type RetryTimings } from '../../domain/index.ts';
import type { Db, DbOrTrx } from '../db/connect.ts';
import { readAllWithIds } from '../event-store/read.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sendPayload } from './send.ts';

export type WorkerTimings = RetryTimings & {
  /** How often due endpoints are looked for (retries, and a lost wake-up). */
  pollMs: number;
  /** One POST's limit. */
  timeoutMs: number;
};

type Log = { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

/** Events read per round of one endpoint's lock: other instances may take the endpoint between rounds. */
const BATCH = 100;
/** Rounds one endpoint is given per wake-up before the others get their turn. */
const ROUNDS_PER_TURN = 20;
/** Endpoints delivered to at once by one instance (each holds a connection of the worker's pool). */
export const CONCURRENT_ENDPOINTS = 4;
/** First key of the advisory locks: the class "webhook endpoint", the second key is a hash of its id. */
const LOCK_CLASS = 0x5eb0;

/**
 * Delivers the event log to webhook endpoints. The log is the outbox: each endpoint's cursor in the
 * database says what it has had, and moves only after a 2xx, so a crash repeats at most the event in
 * flight (at least once) and never skips one. Per endpoint, events go one at a time in commit order.
 * An endpoint is worked on under a session advisory lock, so several instances deliver each event once
 * between them. It is a session lock, not a row lock in a transaction: a transaction held open across
 * HTTP calls would hold back pg_snapshot_xmin and stall every reader of the log (docs/architecture.md).
 */
export class WebhookWorker {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly timings: WorkerTimings,
    private readonly log: Log,
    private readonly tell: { mailer: Mailer | null },
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.wake(), this.timings.pollMs);
    this.timer.unref();
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Something was committed, or it is time to look: overlapping wake-ups coalesce into one more pass. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .catch((error) => this.log.warn({ err: error }, 'webhook delivery pass failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Every active endpoint that is not waiting out a backoff, a few at a time. */
  private async pass(): Promise<void> {
    const due = await this.db.selectFrom('webhooks').select('id').where('active', '=', true)
      .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', new Date(this.now()))]))
      .orderBy('id').execute();
    const queue = due.map((row) => row.id);
    const lane = async () => {
      for (let id = queue.shift(); id !== undefined && !this.stopped; id = queue.shift()) {
        try {
          if (await this.deliverEndpoint(id)) this.again = true;
        } catch (error) {
          this.log.warn({ err: error, webhookId: id }, 'webhook delivery failed');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENT_ENDPOINTS, queue.length) }, lane));
  }

  /**
   * Works on one endpoint while holding its lock; another instance holding it means it is in hand.
   * True when it stopped with more to send (the pass comes round again).
   */
  async deliverEndpoint(id: string): Promise<boolean> {
    return this.db.connection().execute(async (conn) => {
      const locked = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${LOCK_CLASS}, hashtext(${id})) as ok`.execute(conn);
      if (!locked.rows[0]?.ok) return false;
      // A cursor update lost in a database crash only means that event is sent again (at least once
      // still holds; nothing is skipped, as the cursor lags rather than leads), so the worker's own
      // connections need not wait for each commit's flush to disk: delivery is several times faster.
      await sql`set synchronous_commit = off`.execute(conn);
      try {
        for (let round = 0; round < ROUNDS_PER_TURN; round++) {
          const outcome = await this.deliverRound(conn, id);
          if (outcome !== 'more') return false;
        }
        return true;
      } finally {
        await sql`select pg_advisory_unlock(${LOCK_CLASS}, hashtext(${id}))`.execute(conn);
      }
    });
  }

  /** Up to BATCH events after the endpoint's cursor, as it is now that the lock is held. */
  private async deliverRound(db: DbOrTrx, id: string): Promise<'more' | 'done'> {
    const hook = await db.selectFrom('webhooks').selectAll().where('id', '=', id).where('active', '=', true).executeTakeFirst();
    if (!hook || (hook.next_attempt_at && hook.next_attempt_at.getTime() > this.now())) return 'done';
    let cursor = hook.cursor;
    const after = parseCursor(cursor);
    // Never read as the start of the log: that would send everything again. Replay writes only checked cursors.
    if (!after) {
      this.log.warn({ webhookId: id, cursor }, 'webhook endpoint has a cursor that is not one: not delivering');
      return 'done';
    }
    const page = await readAllWithIds(db, after, BATCH);
    let failures = hook.failures;
    for (const { event, eventId } of page) {
      // An event the filter does not want is passed over; the cursor moves past it with the next one sent.
      if (!wantsEvent(hook.events, event.type)) continue;
      const attempt = failures + 1;
      const result = await sendPayload(hook.url, hook.secret, webhookPayload(event, eventId), this.timings.timeoutMs);
      const logged = { webhook_id: id, event_id: eventId, cursor: event.cursor, type: event.type, attempt, status: result.status, error: result.error ?? null, ms: result.ms };
      if (!result.ok) {
        await db.insertInto('webhook_deliveries').values(logged).execute();
        await this.failed(db, hook, cursor, result.error ?? 'failed');
        return 'done';
      }
      // The attempt's log line and the cursor's move in one statement (one commit per event). The move
      // is a compare-and-set: a replay (or removal) meanwhile wins, and this batch stops.
      const moved = await db.with('moved', (q) => q.updateTable('webhooks')
        .set({ cursor: event.cursor, failures: 0, failing_since: null, next_attempt_at: null, last_error: null })
        .where('id', '=', id).where('cursor', '=', cursor).returning('id'))
        .insertInto('webhook_deliveries').values(logged)
        .returning((eb) => eb.selectFrom('moved').select(eb.fn.countAll<number>().as('n')).as('moved'))
        .executeTakeFirst();
      if (!moved || Number(moved.moved) === 0) return 'done';
      cursor = event.cursor;
      failures = 0;
    }
    const last = page.at(-1)?.event.cursor;
    if (last && last !== cursor) {
      const moved = await db.updateTable('webhooks').set({ cursor: last }).where('id', '=', id).where('cursor', '=', cursor).executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) return 'done';
    }
    return page.length === BATCH ? 'more' : 'done';
  }

  /** A failed attempt: wait out the backoff, or pause the endpoint once it has failed for the give-up time. */
  private async failed(
    db: DbOrTrx,
    hook: { id: string; url: string; failures: number; failing_since: Date | null },
    cursor: string,
    error: string,
  ): Promise<void> {
    const now = this.now();
    const outcome = afterFailure({ failingSince: hook.failing_since?.getTime() ?? null, failures: hook.failures }, now, this.timings);
    const common = { failures: outcome.failures, failing_since: new Date(outcome.failingSince), last_error: error };
    if (outcome.kind === 'retry') {
      await db.updateTable('webhooks').set({ ...common, next_attempt_at: new Date(outcome.nextAttemptAt) })
        .where('id', '=', hook.id).where('cursor', '=', cursor).execute();
      return;
    }
    const since = new Date(outcome.failingSince).toISOString();
    const reason = `Paused automatically: failing since ${since} (${outcome.failures} attempts; last: ${error})`;
    const paused = await db.updateTable('webhooks')
      .set({ ...common, active: false, next_attempt_at: null, paused_at: new Date(now), paused_reason: reason })
      .where('id', '=', hook.id).where('cursor', '=', cursor).where('active', '=', true).executeTakeFirst();
    if (Number(paused.numUpdatedRows) === 0) return;
    this.log.warn({ webhookId: hook.id, url: hook.url, failingSince: since, lastError: error }, 'webhook endpoint paused after failing for the give-up time');
    await this.tellAdmins(db, hook.url, reason);
  }

  /** The admin screen shows the reason on the endpoint; with a mailer configured, every active admin is mailed too. */
  private async tellAdmins(db: DbOrTrx, url: string, reason: string): Promise<void> {
    const mailer = this.tell.mailer;
    if (!mailer) return;
    const admins = await db.selectFrom('users').select('email').where('admin', '=', true).where('status', '=', 'active').execute();
    for (const { email } of admins) {
      await mailer.send({
        to: email,
        subject: `Webhook paused: ${url}`,
        text: `The webhook endpoint ${url} has been paused.\n\n${reason}\n\nNo events are lost: resume it on the Webhooks screen and it is sent everything from where it stopped.`,
      }).catch((err: unknown) => this.log.warn({ err, to: email }, 'could not mail an admin about a paused webhook'));
    }
  }
}
