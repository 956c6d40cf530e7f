import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';

export default async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', {
    schema: {
      tags: ['health'],
      security: [],
      response: { 200: z.object({ status: z.literal('ok'), database: z.literal('up') }), 503: z.object({ status: z.string(), database: z.string(), message: z.string() }) },
    },
    handler: async (_request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
        return { status: 'ok' as const, database: 'up' as const };
      } catch {
        return reply.code(503).send({ status: 'degraded', database: 'down', message: 'The database does not answer' });
      }
    },
  });
}
