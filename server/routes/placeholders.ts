import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addPlaceholderInput, assignmentSchema, fillPlaceholderInput, overloadSchema, placeholderSchema, updatePlaceholderInput, versionOnlyInput,
} from '../../domain/index.ts';
import { addPlaceholder, fillPlaceholder, removePlaceholder, updatePlaceholder } from '../commands/capacity-facts.ts';
import { runCommand } from '../commands/transaction.ts';
import { HttpError } from '../http-error.ts';
import { placeholdersJson } from '../read-models/time-off-holidays-placeholders.ts';
import { readConsistent } from '../read-models/consistent-read.ts';
import { overloadsOfWrite } from '../read-models/overloads.ts';
import { findProject, populatedAssignment } from '../read-models/queries.ts';
import { etag, expectedVersionOf, idempotencyOf, metadataOf, requiredVersionOf, sendJsonList, sendWriteOutcome } from './request-context.ts';
import { errorBody, errorResponses, idParams, removedBody } from './schemas.ts';

const writeErrors = { ...errorResponses, 404: errorBody, 409: errorBody, 428: errorBody };
const placeholderParams = idParams.extend({ placeholderId: z.string().min(1).max(100) });

const filledBody = z.object({
  placeholderId: z.string(),
  projectId: z.string(),
  version: z.number().describe("the project's new version"),
  assignment: assignmentSchema,
  overloads: z.array(overloadSchema).describe('the days this fill put or pushed the engineer over capacity, and the peak'),
});

export default async function placeholderRoutes(app: FastifyInstance, options: { timeZone: string }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const managers = app.requireRole('manager');

  api.get('/api/placeholders', {
    onRequest: app.authenticate,
    schema: {
      tags: ['capacity'],
      description: "Every open placeholder (a project's unfilled need), by start. X-Cursor/X-Snapshot say which events it reflects.",
      response: { 200: z.array(placeholderSchema), ...errorResponses },
    },
    handler: async (_request, reply) => sendJsonList(reply, await readConsistent(app.db, (trx) => placeholdersJson(trx))),
  });

  api.get('/api/projects/:id/placeholders', {
    onRequest: app.authenticate,
    schema: {
      tags: ['capacity'],
      description: "The project's open placeholders, by start. ETag is the project's version, which every placeholder write sends.",
      params: idParams,
      response: { 200: z.array(placeholderSchema), 404: errorBody, ...errorResponses },
    },
    handler: async (request, reply) => {
      const { id } = request.params;
      const list = await readConsistent(app.db, (trx) => Promise.all([findProject(trx, id), placeholdersJson(trx, { projectId: id })]));
      const [project, json] = list.value;
      if (!project) throw new HttpError(404, 'Project not found', 'NOT_FOUND');
      return sendJsonList(reply.header('etag', etag(project.version)), { ...list, value: json });
    },
  });

  api.post('/api/projects/:id/placeholders', {
    onRequest: managers,
    schema: {
      tags: ['capacity'],
      description: "Adds a placeholder (PlaceholderAdded on the project's stream). `version` (or If-Match) is the project's version, optional here. A completed project takes none.",
      params: idParams,
      body: addPlaceholderInput,
      response: { 201: placeholderSchema, ...writeErrors },
    },
    handler: async (request, reply) => {
      const { version, ...input } = request.body;
      const expected = expectedVersionOf(request, version);
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const result = await addPlaceholder(trx, request.params.id, input, metadataOf(request), expected);
        return { status: 201, body: result.placeholder };
      });
      return sendWriteOutcome(reply, outcome);
    },
  });

  api.patch('/api/projects/:id/placeholders/:placeholderId', {
    onRequest: managers,
    schema: {
      tags: ['capacity'],
      description: "Changes role, skills, allocation or dates (PlaceholderUpdated). Send the project's version; 409 when the placeholder was filled or removed meanwhile.",
      params: placeholderParams,
      body: updatePlaceholderInput,
      response: { 200: placeholderSchema, ...writeErrors },
    },
    handler: async (request, reply) => {
      const { version, ...changes } = request.body;
      const expected = requiredVersionOf(request, version);
      const { id, placeholderId } = request.params;
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const result = await updatePlaceholder(trx, id, placeholderId, changes, metadataOf(request), expected);
        return { status: 200, body: result.placeholder };
      });
      return sendWriteOutcome(reply, outcome);
    },
  });

  api.delete('/api/projects/:id/placeholders/:placeholderId', {
    onRequest: managers,
    schema: {
      tags: ['capacity'],
      description: "Removes a placeholder (PlaceholderRemoved). Send the project's version; the answer's version is the project's new one.",
      params: placeholderParams,
      body: versionOnlyInput.nullish(),
      response: { 200: removedBody, ...writeErrors },
    },
    handler: async (request, reply) => {
      const expected = requiredVersionOf(request, request.body?.version);
      const { id, placeholderId } = request.params;
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const result = await removePlaceholder(trx, id, placeholderId, metadataOf(request), expected);
        return { status: 200, body: { message: 'Placeholder removed', version: result.version } };
      });
      return sendWriteOutcome(reply, outcome);
    },
  });

  api.post('/api/projects/:id/placeholders/:placeholderId/fill', {
    onRequest: managers,
    schema: {
      tags: ['capacity'],
      description: "Fills the placeholder with an engineer: one transaction appends PlaceholderFilled to the project and AssignmentCreated (role, allocation and dates of the placeholder) to a new assignment. Send the project's version; 409 when it is stale or the placeholder was filled or removed. Answers the new assignment and the project's new version.",
      params: placeholderParams,
      body: fillPlaceholderInput,
      response: { 201: filledBody, ...writeErrors },
    },
    handler: async (request, reply) => {
      const expected = requiredVersionOf(request, request.body.version);
      const { id, placeholderId } = request.params;
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const result = await fillPlaceholder(trx, id, placeholderId, request.body.engineerId, metadataOf(request), expected);
        const assignment = (await populatedAssignment(trx, result.assignmentId)) as z.infer<typeof assignmentSchema> | undefined;
        const overloads = assignment ? await overloadsOfWrite(trx, [{ before: null, after: assignment }], options.timeZone) : [];
        return { status: 201, body: { placeholderId, projectId: id, version: result.projectVersion, assignment, overloads } };
      });
      return sendWriteOutcome(reply, outcome);
    },
  });
}
