import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createProjectInput, projectListQuery, projectSchema, updateProjectInput, versionOnlyInput } from '../../domain/index.ts';
import { setProjectTentative } from '../commands/capacity-facts.ts';
import { createProject, updateProject } from '../commands/planning.ts';
import { runCommand } from '../commands/transaction.ts';
import { HttpError } from '../http-error.ts';
import { findProject, projectsJson } from '../read-models/queries.ts';
import { projectListPage } from '../read-models/list-queries.ts';
import { answerList, etag, idempotencyOf, metadataOf, requiredVersionOf, sendWriteOutcome } from './request-context.ts';
import { errorBody, errorResponses, idParams } from './schemas.ts';

export default async function projectRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/projects', {
    onRequest: app.authenticate,
    schema: {
      tags: ['projects'],
      description:
        'Every project, by start date. With any parameter: searched (q: name, description, required skills), filtered, ' +
        'sorted and paged (limit with after or offset); X-Total-Count counts every match and X-Next-After is the after of the next page.',
      querystring: projectListQuery,
      response: { 200: z.array(projectSchema), ...errorResponses },
    },
    handler: async (request, reply) => {
      const query = request.query;
      return answerList(app, request, reply, { whole: projectsJson, wholeKey: 'projects', page: (db) => projectListPage(db, query), sort: query.sort.text });
    },
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
      return sendWriteOutcome(reply, outcome);
    },
  });

  api.patch('/api/projects/:id', {
    onRequest: app.requireRole('manager'),
    schema: {
      tags: ['projects'],
      description: 'Changes fields of the create form and moves status planning -> active -> completed (completed -> active reopens).',
      params: idParams,
      body: updateProjectInput,
      response: { 200: projectSchema, ...errorResponses, 404: errorBody, 409: errorBody, 428: errorBody },
    },
    handler: async (request, reply) => {
      const { version, ...changes } = request.body;
      const expected = requiredVersionOf(request, version);
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const result = await updateProject(trx, request.params.id, changes, metadataOf(request), expected);
        return { status: 200, body: result.state };
      });
      return sendWriteOutcome(reply, outcome);
    },
  });

  // Two actions rather than a field of PATCH: each is one event (ProjectMarkedTentative, ProjectConfirmed),
  // and the edit form's PATCH keeps its meaning. Repeating one changes nothing and answers the project.
  for (const [action, tentative] of [['tentative', true], ['confirm', false]] as const) {
    api.post(`/api/projects/:id/${action}`, {
      onRequest: app.requireRole('manager'),
      schema: {
        tags: ['projects'],
        description: tentative
          ? 'Marks the project tentative (a pipeline project not yet won): its assignments become tentative load. Not for a completed project.'
          : 'Confirms a tentative project (it was won): its assignments count as confirmed load.',
        params: idParams,
        body: versionOnlyInput.nullish(),
        response: { 200: projectSchema, ...errorResponses, 404: errorBody, 409: errorBody, 428: errorBody },
      },
      handler: async (request, reply) => {
        const expected = requiredVersionOf(request, request.body?.version);
        const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
          const result = await setProjectTentative(trx, request.params.id, tentative, metadataOf(request), expected);
          return { status: 200, body: result.state };
        });
        return sendWriteOutcome(reply, outcome);
      },
    });
  }
}
