import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { testPayload, type Delivery } from '../../domain/index.ts';
import type { WebhookTimings } from '../config.ts';
import { createDb, createPool } from '../db/connect.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sendPayload } from '../webhooks/send.ts';
import { CONCURRENT_ENDPOINTS, WebhookWorker } from '../webhooks/worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: {
      /** Look for work now (after a replay, a resume, a new endpoint) rather than at the next poll. */
      wake: () => void;
      /** Sends a test event to the endpoint at once and logs the attempt; it is not in the log, so nothing else moves. */
      sendTest: (endpoint: { id: string; url: string; secret: string }, actorId: string) => Promise<Delivery>;
    };
  }
}

export const defaultWebhookTimings: WebhookTimings = { pollMs: 1_000, baseMs: 5_000, maxMs: 3_600_000, giveUpMs: 24 * 3_600_000, timeoutMs: 10_000 };

export type WebhooksOptions = { databaseUrl: string; timings?: Partial<WebhookTimings>; mailer: Mailer | null; deliver?: boolean };

/**
 * The outbound webhook worker of this instance (server/webhooks/worker.ts), woken by the live tailer's
 * pages of new events and by its own poll for retries. It has a small pool of its own: each endpoint
 * in hand holds a connection for its advisory lock, which must not starve the requests' pool.
 */
export default fp(async function webhooks(app: FastifyInstance, options: WebhooksOptions) {
  const timings = { ...defaultWebhookTimings, ...options.timings };
  const pool = createPool(options.databaseUrl, CONCURRENT_ENDPOINTS + 1);
  const db = createDb(pool);
  const worker = new WebhookWorker(db, timings, app.log, { mailer: options.mailer });
  const deliver = options.deliver ?? true;

  app.decorate('webhooks', {
    wake: () => worker.wake(),
    async sendTest(endpoint, actorId) {
      const payload = testPayload(randomUUID(), endpoint.id, new Date(), actorId);
      const result = await sendPayload(endpoint.url, endpoint.secret, payload, timings.timeoutMs);
      const row = await app.db.insertInto('webhook_deliveries').values({
        webhook_id: endpoint.id, event_id: payload.eventId, cursor: null, type: payload.type, attempt: 1,
        status: result.status, error: result.error ?? null, ms: result.ms,
      }).returning('at').executeTakeFirstOrThrow();
      return {
        eventId: payload.eventId, cursor: null, type: payload.type, attempt: 1, status: result.status,
        ...(result.error ? { error: result.error } : {}), at: row.at.toISOString(), ms: result.ms,
      };
    },
  });

  if (!deliver) {
    app.addHook('onClose', async () => db.destroy());
    return;
  }
  const unsubscribe = app.live.tailer.subscribe(() => worker.wake());
  app.addHook('onReady', async () => worker.start());
  app.addHook('preClose', async () => {
    unsubscribe();
    await worker.stop();
  });
  app.addHook('onClose', async () => db.destroy());
});
