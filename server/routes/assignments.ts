import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assignmentSchema } from '../../domain/index.ts';
import { assignmentsJson } from '../read-models/queries.ts';
import { sendJsonList } from './request-context.ts';
import { readConsistent } from '../read-models/consistent-read.ts';
import { errorResponses } from './schemas.ts';

export default async function assignmentRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/assignments', {
    onRequest: app.authenticate,
    schema: {
      tags: ['assignments'],
      description: 'Every assignment, populated; an engineer gets only their own.',
      response: { 200: z.array(assignmentSchema), ...errorResponses },
    },
    handler: async (request, reply) => {
      const engineerId = request.user.role === 'engineer' ? request.user.sub : undefined;
      return sendJsonList(reply, await readConsistent(app.db, (trx) => assignmentsJson(trx, { engineerId })));
    },
  });
}
