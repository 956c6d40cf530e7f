import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deliverySchema, replayInput, webhookChangeInput, webhookInput, webhookMessages as M, webhookSchema } from '../../domain/index.ts';
import { HttpError } from '../http-error.ts';
import { changeWebhook, createWebhook, findWebhook, listDeliveries, listWebhooks, removeWebhook, replayWebhook } from '../webhooks/endpoints.ts';
import { errorBody, errorResponses, idParams } from './schemas.ts';
import { etag, expectedVersionOf } from './request-context.ts';

const notFound = () => new HttpError(404, M.notFound, 'NOT_FOUND');
const deliveriesQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) });

/**
 * Outbound webhooks (design §14), admins only: endpoints, their delivery log, replay from a cursor and a
 * test event. The secret is written, never read back. Delivery itself is the worker's (plugins/webhooks.ts).
 */
export default async function webhookRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['webhooks'];
  const errors = { ...errorResponses, 404: errorBody };

  api.get('/api/webhooks', {
    onRequest: app.requireAdmin,
    schema: { tags, description: 'Every webhook endpoint and its state (active, failing since, paused and why). Never the secret.', response: { 200: z.array(webhookSchema), ...errorResponses } },
    handler: async () => listWebhooks(app.db),
  });

  api.post('/api/webhooks', {
    onRequest: app.requireAdmin,
    schema: {
      tags,
      description: 'Adds an endpoint: `events` is ["*"] or event types; every matching event from now on is POSTed in commit order, signed with `X-Signature: sha256=<HMAC-SHA256(secret, body)>` and with the Standard Webhooks headers (`webhook-id` (the event id), `webhook-timestamp`, `webhook-signature`; a `whsec_` secret is base64 after the prefix, any other is its UTF-8 bytes), with `X-Event-Id` and `X-Cursor`.',
      body: webhookInput,
      response: { 201: webhookSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const created = await createWebhook(app.db, request.body, request.user.sub);
      app.webhooks.wake();
      return reply.code(201).header('etag', etag(created.version)).send(created);
    },
  });

  api.patch('/api/webhooks/:id', {
    onRequest: app.requireAdmin,
    schema: {
      tags,
      description: 'Changes an endpoint\'s url, events or secret; `active: false` pauses it, `active: true` resumes it from where it stopped. If-Match (or `version`) is checked when sent.',
      params: idParams,
      body: webhookChangeInput,
      response: { 200: webhookSchema, ...errors, 409: errorBody },
    },
    handler: async (request, reply) => {
      const { version, ...change } = request.body;
      const changed = await changeWebhook(app.db, request.params.id, change, expectedVersionOf(request, version), request.user.name);
      if (changed === null) throw notFound();
      if (changed === 'stale') throw new HttpError(409, 'Someone else changed this webhook endpoint meanwhile. Reload it and try again.', 'VERSION_CONFLICT');
      app.webhooks.wake();
      return reply.header('etag', etag(changed.version)).send(changed);
    },
  });

  api.delete('/api/webhooks/:id', {
    onRequest: app.requireAdmin,
    schema: { tags, description: 'Removes an endpoint and its delivery log.', params: idParams, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      if (!(await removeWebhook(app.db, request.params.id))) throw notFound();
      return reply.code(204).send(null);
    },
  });

  api.get('/api/webhooks/:id/deliveries', {
    onRequest: app.requireAdmin,
    schema: {
      tags,
      description: 'The delivery log: one entry per attempt (and test event), newest first.',
      params: idParams,
      querystring: deliveriesQuery,
      response: { 200: z.array(deliverySchema), ...errors },
    },
    handler: async (request) => {
      if (!(await findWebhook(app.db, request.params.id))) throw notFound();
      return listDeliveries(app.db, request.params.id, request.query.limit);
    },
  });

  api.post('/api/webhooks/:id/replay', {
    onRequest: app.requireAdmin,
    schema: {
      tags,
      description: 'Sends every event after the cursor `after` again, in order (the endpoint\'s cursor goes back there). 202: the worker does it.',
      params: idParams,
      body: replayInput,
      response: { 202: webhookSchema, ...errors },
    },
    handler: async (request, reply) => {
      const replayed = await replayWebhook(app.db, request.params.id, request.body.after);
      if (!replayed) throw notFound();
      app.webhooks.wake();
      return reply.code(202).send(replayed);
    },
  });

  api.post('/api/webhooks/:id/test', {
    onRequest: app.requireAdmin,
    schema: {
      tags,
      description: 'Sends a test event (type WebhookTest, signed like any other, not in the log) at once and answers the attempt, as the delivery log shows it.',
      params: idParams,
      response: { 200: deliverySchema, ...errors },
    },
    handler: async (request) => {
      const endpoint = await findWebhook(app.db, request.params.id);
      if (!endpoint) throw notFound();
      return app.webhooks.sendTest(endpoint, request.user.sub);
    },
  });
}
