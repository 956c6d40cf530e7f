import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { saveViewInput, savedViewSchema } from '../../domain/index.ts';
import { runCommand } from '../commands/transaction.ts';
import { removeView, saveView } from '../commands/views.ts';
import { readConsistent } from '../read-models/consistent-read.ts';
import { viewsJson } from '../read-models/views.ts';
import { idempotencyOf, metadataOf, sendJsonList, sendWriteOutcome } from './request-context.ts';
import { errorBody, errorResponses, idParams, removedBody } from './schemas.ts';

/**
 * Saved views of the schedule, project plan, Engineers and Report: the screens managers and auditors
 * plan and read on, so they are the ones who save them (an auditor's view is their own, not a change
 * to the plan). Engineers have none of those screens, and are refused.
 */
export default async function viewRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['views'];
  const planners = app.requireRole('manager', 'auditor');

  api.get('/api/views', {
    onRequest: planners,
    schema: {
      tags,
      description: "The saved views one may open: one's own and the shared ones, by name. X-Cursor/X-Snapshot say which events it reflects.",
      response: { 200: z.array(savedViewSchema), ...errorResponses },
    },
    handler: async (request, reply) => sendJsonList(reply, await readConsistent(app.db, (trx) => viewsJson(trx, request.user.sub))),
  });

  api.post('/api/views', {
    onRequest: planners,
    schema: {
      tags,
      description: "Saves a screen's address (`path`: its path and query, as the address bar shows it) under `name` (ViewSaved); `shared: true` lists it for every manager and auditor, otherwise only for its owner.",
      body: saveViewInput,
      response: { 201: savedViewSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => ({ status: 201, body: await saveView(trx, request.body, metadataOf(request)) }));
      return sendWriteOutcome(reply, outcome);
    },
  });

  api.delete('/api/views/:id', {
    onRequest: planners,
    schema: {
      tags,
      description: "Removes a saved view (ViewRemoved). Only its owner may (403); someone else's private view is not found (404).",
      params: idParams,
      response: { 200: removedBody, ...errorResponses, 404: errorBody },
    },
    handler: async (request, reply) => {
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const version = await removeView(trx, request.params.id, metadataOf(request));
        return { status: 200, body: { message: 'View removed', version } };
      });
      return sendWriteOutcome(reply, outcome);
    },
  });
}
