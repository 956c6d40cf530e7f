import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { engineerFigures, engineerSchema } from '../../domain/index.ts';
import { HttpError } from '../http-error.ts';
import { assignmentsOfEngineer, engineersJson, findEngineer } from '../read-models/queries.ts';
import { etag, sendJsonList } from './request-context.ts';
import { readConsistent } from '../read-models/consistent-read.ts';
import { errorBody, errorResponses, idParams } from './schemas.ts';

const capacitySchema = z.object({
  engineerId: z.string(),
  maxCapacity: z.number(),
  currentAllocation: z.number(),
  availableCapacity: z.number(),
  utilizationPercentage: z.number(),
  utilizationStatus: z.enum(['overloaded', 'underutilized', 'optimal']),
  currentAssignments: z.array(z.any()),
  upcomingAssignments: z.array(z.any()),
});

export default async function engineerRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/engineers', {
    onRequest: app.authenticate,
    schema: { tags: ['engineers'], response: { 200: z.array(engineerSchema), ...errorResponses } },
    handler: async (_request, reply) => sendJsonList(reply, await readConsistent(app.db, (trx) => engineersJson(trx))),
  });

  api.get('/api/engineers/:id', {
    onRequest: app.authenticate,
    schema: { tags: ['engineers'], params: idParams, response: { 200: engineerSchema, 404: errorBody, ...errorResponses } },
    handler: async (request, reply) => {
      const engineer = await findEngineer(app.db, request.params.id);
      if (!engineer) throw new HttpError(404, 'Engineer not found', 'NOT_FOUND');
      return reply.header('etag', etag(engineer.version)).send(engineer);
    },
  });

  api.get('/api/engineers/:id/capacity', {
    onRequest: app.authenticate,
    schema: { tags: ['engineers'], params: idParams, response: { 200: capacitySchema, 404: errorBody, ...errorResponses } },
    handler: async (request) => {
      const { id } = request.params;
      if (request.user.role === 'engineer' && request.user.sub !== id) {
        throw new HttpError(403, 'You can only see your own capacity', 'FORBIDDEN');
      }
      const engineer = await findEngineer(app.db, id);
      if (!engineer) throw new HttpError(404, 'Engineer not found', 'NOT_FOUND');
      const figures = engineerFigures(engineer, await assignmentsOfEngineer(app.db, id), new Date());
      return {
        engineerId: id,
        maxCapacity: engineer.maxCapacity,
        currentAllocation: figures.currentAllocation,
        availableCapacity: figures.availableCapacity,
        utilizationPercentage: figures.utilizationPercentage,
        utilizationStatus: figures.utilizationStatus,
        currentAssignments: figures.currentAssignments,
        upcomingAssignments: figures.upcomingAssignments,
      };
    },
  });
}
