import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createProjectInput, projectSchema, type Project } from '../../domain/index.ts';
import { createProject } from '../commands/planning.ts';
import { runCommand } from '../commands/transaction.ts';
import { HttpError } from '../http-error.ts';
import { findProject, projectsJson } from '../read-models/queries.ts';
import { etag, idempotencyOf, metadataOf, sendJsonList } from './request-context.ts';
import { readConsistent } from '../read-models/consistent-read.ts';
import { errorBody, errorResponses, idParams } from './schemas.ts';

export default async function projectRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/projects', {
    onRequest: app.authenticate,
    schema: { tags: ['projects'], response: { 200: z.array(projectSchema), ...errorResponses } },
    handler: async (_request, reply) => sendJsonList(reply, await readConsistent(app.db, (trx) => projectsJson(trx))),
  });

  api.get('/api/projects/:id', {
    onRequest: app.authenticate,
    schema: { tags: ['projects'], params: idParams, response: { 200: projectSchema, 404: errorBody, ...errorResponses } },
    handler: async (request, reply) => {
      const project = await findProject(app.db, request.params.id);
      if (!project) throw new HttpError(404, 'Project not found', 'NOT_FOUND');
      return reply.header('etag', etag(project.version)).send(project);
    },
  });

  api.post('/api/projects', {
    onRequest: app.requireRole('manager'),
    schema: {
      tags: ['projects'],
      description: 'Creates a project. The current user becomes its manager. Honours Idempotency-Key.',
      body: createProjectInput,
      response: { 201: projectSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const result = await createProject(trx, request.body, metadataOf(request));
        return { status: 201, body: result.state };
      });
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      const body = outcome.body as Project;
      return reply.code(outcome.status).header('etag', etag(body.version)).send(body);
    },
  });
}
