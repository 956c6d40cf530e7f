import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { noticeLabels, wellFormedText } from '../../domain/index.ts';
import { HttpError } from '../http-error.ts';
import { noticePreferences, setNoticePreferences } from '../notifications/settings.ts';
import { readUnsubscribeToken } from '../notifications/unsubscribe-tokens.ts';
import { errorBody, errorResponses, idParams } from './schemas.ts';

const preferences = z.object({ assigned: z.boolean(), timeOff: z.boolean(), digest: z.boolean(), staffing: z.boolean() });
const preferenceChanges = preferences.partial().strict().refine((value) => Object.keys(value).length > 0, 'Say which e-mails to turn on or off: assigned, timeOff, digest or staffing');
const tokenParams = z.object({ token: z.string().min(1).max(500) });
const webAddress = z
  .string({ error: 'URL is required' })
  .trim()
  .max(2000, 'URL must be at most 2000 characters')
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'URL must be a web address starting with http:// or https://');
const channelInput = z.object({ name: wellFormedText('Name', 'Name is required').trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'), url: webAddress });
const channel = z.object({ _id: z.string(), name: z.string(), url: z.string() });

const notAToken = () => new HttpError(404, 'This unsubscribe link is not valid', 'NOT_FOUND');

/** What each person is told by e-mail, the one-click unsubscribe, and the Slack channels (admins). */
export default async function notificationRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/notifications/me', {
    onRequest: app.authenticate,
    schema: { tags: ['notifications'], description: 'Which e-mails I get.', response: { 200: preferences, ...errorResponses } },
    handler: async (request) => noticePreferences(app.db, request.user.sub),
  });

  api.put('/api/notifications/me', {
    onRequest: app.authenticate,
    schema: { tags: ['notifications'], description: 'Turns kinds of e-mail on or off.', body: preferenceChanges, response: { 200: preferences, ...errorResponses } },
    handler: async (request) => setNoticePreferences(app.db, request.user.sub, request.body),
  });

  // No sign-in: the signed link is the proof. GET for the link in the e-mail, POST for mail programs' one-click (RFC 8058).
  api.get('/api/notifications/unsubscribe/:token', {
    schema: { tags: ['notifications'], security: [], description: 'Turns off the kind of e-mail the link came with; no sign-in. Answers a short HTML page.', params: tokenParams, response: { 200: z.string(), 404: errorBody } },
    handler: async (request, reply) => {
      const found = readUnsubscribeToken(app.notices.links.unsubscribeKey, request.params.token);
      if (!found) throw notAToken();
      await setNoticePreferences(app.db, found.userId, { [found.kind]: false });
      return reply
        .type('text/html; charset=utf-8')
        .send(`<!doctype html><meta charset="utf-8"><title>Unsubscribed</title><p>Done: you will no longer get e-mails ${noticeLabels[found.kind]}.</p><p>You can turn them on again on your Profile.</p>`);
    },
  });

  api.post('/api/notifications/unsubscribe/:token', {
    schema: { tags: ['notifications'], security: [], description: 'One-click unsubscribe from a mail program; no sign-in.', params: tokenParams, response: { 200: z.object({ message: z.string() }), 404: errorBody } },
    handler: async (request) => {
      const found = readUnsubscribeToken(app.notices.links.unsubscribeKey, request.params.token);
      if (!found) throw notAToken();
      await setNoticePreferences(app.db, found.userId, { [found.kind]: false });
      return { message: `Unsubscribed from e-mails ${noticeLabels[found.kind]}` };
    },
  });

  api.get('/api/slack-channels', {
    onRequest: app.requireAdmin,
    schema: { tags: ['notifications'], description: 'The Slack channels told about overloads, published scenarios and finished imports.', response: { 200: z.array(channel), ...errorResponses } },
    handler: async () => (await app.db.selectFrom('slack_channels').select(['id', 'name', 'url']).orderBy('created_at').execute()).map(({ id, ...rest }) => ({ _id: id, ...rest })),
  });

  api.post('/api/slack-channels', {
    onRequest: app.requireAdmin,
    schema: { tags: ['notifications'], description: "Adds a channel by its incoming-webhook URL.", body: channelInput, response: { 201: channel, ...errorResponses } },
    handler: async (request, reply) => {
      const id = uuidv7();
      await app.db.insertInto('slack_channels').values({ id, name: request.body.name, url: request.body.url }).execute();
      return reply.code(201).send({ _id: id, ...request.body });
    },
  });

  api.delete('/api/slack-channels/:id', {
    onRequest: app.requireAdmin,
    schema: { tags: ['notifications'], params: idParams, response: { 204: z.null(), 404: errorBody, ...errorResponses } },
    handler: async (request, reply) => {
      const removed = await app.db.deleteFrom('slack_channels').where('id', '=', request.params.id).executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) throw new HttpError(404, 'Slack channel not found', 'NOT_FOUND');
      return reply.code(204).send(null);
    },
  });
}
