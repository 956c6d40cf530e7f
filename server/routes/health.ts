import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

// A host that has gone away (a failover in progress) may answer nothing at all: waiting for the
// pool's connect timeout would make the health check itself time out instead of saying "down".
const HEALTH_TIMEOUT_MS = 2_000;

async function answersWithin(ms: number, work: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), ms);
  });
  work.catch(() => undefined);
  try {
    await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

export default async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', {
    schema: {
      tags: ['health'],
      security: [],
      response: { 200: z.object({ status: z.literal('ok'), database: z.literal('up') }), 503: z.object({ status: z.string(), database: z.string(), message: z.string() }) },
    },
    handler: async (_request, reply) => {
      try {
        await answersWithin(HEALTH_TIMEOUT_MS, app.db.selectNoFrom((eb) => eb.lit(1).as('one')).execute());
        return { status: 'ok' as const, database: 'up' as const };
      } catch {
        return reply.code(503).send({ status: 'degraded', database: 'down', message: 'The database does not answer' });
      }
    },
  });
}
