import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseCursor, planningEventTypes, recordedEventSchema } from '../../domain/index.ts';
import { readAll } from '../event-store/read.ts';
import { HttpError } from '../http-error.ts';
import { errorResponses, isoTime } from './schemas.ts';

const eventsQuery = z.object({
  after: z.string().optional().describe('cursor "<transaction_id>:<global_position>"; omitted = from the start'),
  limit: z.coerce.number().int().min(1, 'limit must be between 1 and 1000').max(1000, 'limit must be between 1 and 1000').default(100),
  streamId: z.string().max(200).optional(),
  type: z.enum(planningEventTypes, { error: 'type must be a known event type' }).optional(),
  actorId: z.string().max(100).optional(),
  from: isoTime('from').optional(),
  to: isoTime('to').optional(),
});

export default async function eventRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/events', {
    onRequest: app.requireRole('manager', 'auditor'),
    schema: {
      tags: ['history'],
      description: 'The event log in commit-safe order, after a cursor. `next` is where to resume.',
      querystring: eventsQuery,
      response: { 200: z.object({ events: z.array(recordedEventSchema), next: z.string() }), ...errorResponses },
    },
    handler: async (request) => {
      const { after, limit, ...filter } = request.query;
      const cursor = parseCursor(after);
      if (!cursor) throw new HttpError(400, 'after must be a cursor such as "1234:56"', 'VALIDATION_FAILED');
      return readAll(app.db, { after: cursor, limit, filter });
    },
  });
}
