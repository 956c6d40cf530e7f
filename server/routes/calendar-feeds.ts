import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../http-error.ts';
import { holidayFeedEntries, icsText, personFeedEntries } from '../feeds/ics.ts';
import { feedOwner, feedTokenOf, revokeFeed } from '../feeds/tokens.ts';
import { errorBody, errorResponses } from './schemas.ts';

export type CalendarFeedOptions = { publicUrl: string; secret: string; timeZone: string };

const feedGone = () => new HttpError(404, 'No such calendar feed: it may have been revoked', 'NOT_FOUND');
const ics = z.string().describe('text/calendar (RFC 5545)');

/**
 * Calendar feeds (design §14): a person's secret, revocable iCalendar URL with their assignments and
 * time off, and one public feed per holiday calendar (public holidays are not secret). The feeds are
 * opened by calendar apps, which sign in with nothing but the URL.
 */
export default async function calendarFeedRoutes(app: FastifyInstance, options: CalendarFeedOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['calendar feeds'];
  const urlOf = (token: string) => `${options.publicUrl}/ical/${token}.ics`;

  api.post('/api/calendar-feeds/me', {
    onRequest: app.authenticate,
    schema: { tags, description: 'The URL of your calendar feed (made on first use; the same until revoked). Anyone holding it can read your assignments and time off.', response: { 200: z.object({ url: z.string() }), ...errorResponses } },
    handler: async (request) => ({ url: urlOf(await feedTokenOf(app.db, options.secret, request.user.sub)) }),
  });

  api.delete('/api/calendar-feeds/me', {
    onRequest: app.authenticate,
    schema: { tags, description: 'Revokes your calendar feed: its URL answers 404 from now on; asking again gives a new one.', response: { 204: z.null(), ...errorResponses } },
    handler: async (request, reply) => {
      await revokeFeed(app.db, request.user.sub);
      return reply.code(204).send(null);
    },
  });

  api.get('/ical/:token(^[A-Za-z0-9_-]{43}).ics', {
    schema: {
      tags, security: [],
      description: "A person's assignments (the project's name and their share) and time off, as all-day events. 404 for a revoked or unknown feed.",
      params: z.object({ token: z.string() }),
      response: { 200: ics, 404: errorBody },
    },
    handler: async (request, reply) => {
      const owner = await feedOwner(app.db, request.params.token);
      if (!owner) throw feedGone();
      const entries = await personFeedEntries(app.db, owner, options.timeZone);
      const name = (await app.db.selectFrom('users').select('name').where('id', '=', owner).executeTakeFirst())?.name ?? 'Me';
      return sendIcs(reply, icsText(`${name}: work and time off`, entries, new Date()));
    },
  });

  api.get('/ical/holidays/:calendarId(^[A-Za-z0-9_-]{1,100}).ics', {
    schema: {
      tags, security: [],
      description: "A holiday calendar's days as all-day events (no sign-in: public holidays are not secret). `default` is the organisation's calendar.",
      params: z.object({ calendarId: z.string() }),
      response: { 200: ics, 404: errorBody },
    },
    handler: async (request, reply) => {
      const entries = await holidayFeedEntries(app.db, request.params.calendarId);
      if (!entries) throw new HttpError(404, 'No such holiday calendar', 'NOT_FOUND');
      return sendIcs(reply, icsText(`Holidays (${request.params.calendarId})`, entries, new Date()));
    },
  });
}

/** Calendar apps poll: a private, short cache keeps a feed fresh without asking on every glance. */
function sendIcs(reply: FastifyReply, text: string) {
  return reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(text);
}
