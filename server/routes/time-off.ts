import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookTimeOffInput, calendarDate, timeOffMessages, timeOffSchema, versionOnlyInput } from '../../domain/index.ts';
import { bookTimeOff, cancelTimeOff } from '../commands/capacity-facts.ts';
import { runCommand } from '../commands/transaction.ts';
import { HttpError } from '../http-error.ts';
import { timeOffJson } from '../read-models/time-off-holidays-placeholders.ts';
import { readConsistent } from '../read-models/consistent-read.ts';
import { expectedVersionOf, idempotencyOf, metadataOf, requiredVersionOf, sendJsonList, sendWriteOutcome } from './request-context.ts';
import { errorBody, errorResponses, idParams, removedBody } from './schemas.ts';

const writeErrors = { ...errorResponses, 404: errorBody, 409: errorBody, 428: errorBody };

/**
 * An engineer books and cancels only their own time off: anyone else's is refused (403) before the body
 * or the version is looked at, so they never learn more from a 404, 428 or 409.
 */
async function ownTimeOffOnly(request: FastifyRequest) {
  if (request.user.role === 'engineer' && request.user.sub !== (request.params as { id?: string }).id) {
    throw new HttpError(403, timeOffMessages.ownOnly, 'FORBIDDEN');
  }
}

const timeOffQuery = z
  .object({
    engineerId: z.string().min(1).max(100).optional(),
    from: calendarDate('from').optional(),
    to: calendarDate('to').optional(),
  })
  .refine((q) => !(q.from && q.to) || q.to >= q.from, { path: ['to'], message: 'to must not be before from' });

export default async function timeOffRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const writers = [app.requireRole('manager', 'engineer'), ownTimeOffOnly];

  api.get('/api/time-off', {
    onRequest: app.authenticate,
    schema: {
      tags: ['capacity'],
      description: 'Time off bookings, by first day. `from`/`to` (YYYY-MM-DD, both included) keep those overlapping the range. An engineer gets only their own. X-Cursor/X-Snapshot say which events it reflects.',
      querystring: timeOffQuery,
      response: { 200: z.array(timeOffSchema), ...errorResponses },
    },
    handler: async (request, reply) => {
      const { engineerId, from, to } = request.query;
      const own = request.user.role === 'engineer' ? request.user.sub : undefined;
      if (own && engineerId && engineerId !== own) throw new HttpError(403, 'You can only see your own time off', 'FORBIDDEN');
      const filter = { engineerId: own ?? engineerId, from, to };
      return sendJsonList(reply, await readConsistent(app.db, (trx) => timeOffJson(trx, filter)));
    },
  });

  api.post('/api/engineers/:id/time-off', {
    onRequest: writers,
    schema: {
      tags: ['capacity'],
      description: "Books whole days off (TimeOffBooked on the engineer's stream). Managers book anyone's, an engineer their own. `version` (or If-Match) is the engineer's version and optional here; bookings of one engineer may not overlap (409).",
      params: idParams,
      body: bookTimeOffInput,
      response: { 201: timeOffSchema, ...writeErrors },
    },
    handler: async (request, reply) => {
      const { version, ...input } = request.body;
      const expected = expectedVersionOf(request, version);
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const result = await bookTimeOff(trx, request.params.id, input, metadataOf(request), expected);
        return { status: 201, body: result.timeOff };
      });
      return sendWriteOutcome(reply, outcome);
    },
  });

  api.delete('/api/engineers/:id/time-off/:timeOffId', {
    onRequest: writers,
    schema: {
      tags: ['capacity'],
      description: "Cancels a booking (TimeOffCancelled). Send the engineer's version (If-Match or `version`); the answer's version is the engineer's new one.",
      params: idParams.extend({ timeOffId: z.string().min(1).max(100) }),
      body: versionOnlyInput.nullish(),
      response: { 200: removedBody, ...writeErrors },
    },
    handler: async (request, reply) => {
      const expected = requiredVersionOf(request, request.body?.version);
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const result = await cancelTimeOff(trx, request.params.id, request.params.timeOffId, metadataOf(request), expected);
        return { status: 200, body: { message: 'Time off cancelled', version: result.version } };
      });
      return sendWriteOutcome(reply, outcome);
    },
  });
}
