import { sql } from 'kysely';
import type { DbOrTrx } from '../db/connect.ts';
import type { MailMessage } from '../mail/mailer.ts';

/**
 * The outbox: messages wait here until sent, so a restart loses none. A message is claimed (status
 * 'sending') in a transaction of its own before it goes out and marked 'sent' after, so two instances
 * never send one message, and a process that dies between the two leaves it 'sending': it is then
 * marked 'unknown' and not sent again. Never twice, at the price of perhaps never for the one message
 * in flight at a crash (a mail server gives no way to ask whether it got one).
 */

export type OutboxMessage =
  | { channel: 'mail'; dedupeKey: string; target: string; payload: MailMessage }
  | { channel: 'slack'; dedupeKey: string; target: string; payload: unknown };

/** Queues messages; one already queued under its key (an event seen again) is left as it is. */
export async function enqueue(db: DbOrTrx, messages: readonly OutboxMessage[]): Promise<number> {
  if (messages.length === 0) return 0;
  const result = await db
    .insertInto('outbox')
    .values(messages.map((m) => ({ dedupe_key: m.dedupeKey, channel: m.channel, target: m.target, payload: JSON.stringify(m.payload), last_error: null, claimed_at: null, sent_at: null })))
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export type Senders = { mail?: (message: MailMessage) => Promise<void>; slack?: (url: string, payload: unknown) => Promise<void> };

const MAX_ATTEMPTS = 8;
/** 30 s, 1 min, 2 min ... about 1 h: a mail server down for an hour still gets the message. */
const retryDelayMs = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);
/** A claim this old belongs to a process that died while sending. */
const LOST_CLAIM_MS = 10 * 60_000;

/** Sends what is due, a batch at a time; answers how many went. */
export async function sendDue(db: DbOrTrx, senders: Senders, now = new Date(), batch = 20): Promise<number> {
  await db
    .updateTable('outbox')
    .set({ status: 'unknown', last_error: 'The process sending it stopped; not sent again' })
    .where('status', '=', 'sending')
    .where('claimed_at', '<', new Date(now.getTime() - LOST_CLAIM_MS))
    .execute();
  const channels = (['mail', 'slack'] as const).filter((c) => senders[c]);
  if (channels.length === 0) return 0;
  // One statement: the rows it picks are locked and skipped by any other instance picking at once.
  const claimed = await db
      .updateTable('outbox')
      .set({ status: 'sending', claimed_at: now })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('outbox')
          .select('id')
          .where('status', '=', 'pending')
          .where('channel', 'in', channels)
          .where('next_attempt_at', '<=', now)
          .orderBy('id')
          .limit(batch)
          .modifyEnd(sql`for update skip locked`),
      )
      .returning(['id', 'channel', 'target', 'payload', 'attempts'])
      .execute();
  let sent = 0;
  for (const message of claimed.sort((a, b) => Number(a.id) - Number(b.id))) {
    try {
      if (message.channel === 'mail') await senders.mail!(message.payload as MailMessage);
      else await senders.slack!(message.target, message.payload);
      await db.updateTable('outbox').set({ status: 'sent', sent_at: new Date(), attempts: message.attempts + 1 }).where('id', '=', message.id).execute();
      sent += 1;
    } catch (error) {
      const attempts = message.attempts + 1;
      await db
        .updateTable('outbox')
        .set({
          status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          attempts,
          last_error: (error as Error).message.slice(0, 500),
          next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts)),
        })
        .where('id', '=', message.id)
        .execute();
    }
  }
  return sent;
}
