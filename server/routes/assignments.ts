import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignmentListQuery, assignmentSchema, createAssignmentInput, overloadSchema, patchAssignmentInput, replaceAssignmentInput, versionOnlyInput,
} from '../../domain/index.ts';
import { createAssignment, removeAssignment, updateAssignment, updateAssignmentFromToday } from '../commands/planning.ts';
import { runCommand } from '../commands/transaction.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { HttpError } from '../http-error.ts';
import { assignmentListPage } from '../read-models/list-queries.ts';
import { overloadsOfWrite } from '../read-models/overloads.ts';
import { assignmentsJson, populatedAssignment } from '../read-models/queries.ts';
import { answerList, etag, idempotencyOf, metadataOf, requiredVersionOf, sendWriteOutcome, withCommandId } from './request-context.ts';
import { errorBody, errorResponses, idParams } from './schemas.ts';

const writeErrors = { ...errorResponses, 404: errorBody, 409: errorBody, 428: errorBody };

/** A write's answer: the assignment, and the days it put someone over capacity (never a refusal). */
const writtenAssignment = assignmentSchema.extend({ overloads: z.array(overloadSchema) });

async function populated(trx: DbOrTrx, id: string) {
  const assignment = (await populatedAssignment(trx, id)) as z.infer<typeof assignmentSchema> | undefined;
  if (!assignment) throw new HttpError(404, 'Assignment not found', 'NOT_FOUND');
  return assignment;
}

export default async function assignmentRoutes(app: FastifyInstance, options: { timeZone?: string } = {}) {
  const timeZone = options.timeZone ?? 'UTC';
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/assignments', {
    onRequest: app.authenticate,
    schema: {
      tags: ['assignments'],
      description:
        'Every assignment, populated; an engineer gets only their own. X-Cursor/X-Snapshot say which events it reflects. ' +
        'With any parameter: searched (q: engineer name or email, project name, role), filtered, sorted (default current: ' +
        'active and upcoming by start, then completed, latest first) and paged (limit with after or offset); X-Total-Count ' +
        'counts every match and X-Next-After, when more follow, is the after of the next page.',
      querystring: assignmentListQuery,
      response: { 200: z.array(assignmentSchema), ...errorResponses },
    },
    handler: async (request, reply) => {
      const ownerId = request.user.role === 'engineer' ? request.user.sub : undefined;
      const query = request.query;
      // Paging on keeps the moment of the first page, so no assignment changes status between pages.
      const at = query.after?.at ?? new Date().toISOString();
      return answerList(app, request, reply, {
        whole: (trx) => assignmentsJson(trx, { engineerId: ownerId }),
        wholeKey: `assignments ${ownerId ?? ''}`,
        page: (db) => assignmentListPage(db, query, { ownerId, at, timeZone }),
        sort: query.sort.text,
        at,
      });
    },
  });

  api.get('/api/assignments/:id', {
    onRequest: app.authenticate,
    schema: { tags: ['assignments'], params: idParams, response: { 200: assignmentSchema, 404: errorBody, ...errorResponses } },
    handler: async (request, reply) => {
      const assignment = await populated(app.db, request.params.id);
      // An engineer may read only their own; to them, anyone else's does not exist.
      if (request.user.role === 'engineer' && assignment.engineerId._id !== request.user.sub) {
        throw new HttpError(404, 'Assignment not found', 'NOT_FOUND');
      }
      return reply.header('etag', etag(assignment.version)).send(assignment);
    },
  });

  api.post('/api/assignments', {
    onRequest: app.requireRole('manager'),
    schema: {
      tags: ['assignments'],
      description: 'Creates an assignment. overloads names, per engineer, the days this write put or pushed over capacity and the peak utilisation: an overload is answered, never refused.',
      body: createAssignmentInput,
      response: { 201: writtenAssignment, ...writeErrors },
    },
    handler: async (request, reply) => {
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const result = await createAssignment(trx, request.body, metadataOf(request));
        const assignment = await populated(trx, result.state!._id);
        return { status: 201, body: { ...assignment, overloads: await overloadsOfWrite(trx, [{ before: null, after: assignment }], timeZone) } };
      });
      return sendWriteOutcome(reply, outcome);
    },
  });

  for (const method of ['PUT', 'PATCH'] as const) {
    api.route({
      method,
      url: '/api/assignments/:id',
      onRequest: app.requireRole('manager'),
      schema: {
        tags: ['assignments'],
        description: method === 'PUT'
          ? 'Replaces role, allocation and dates.'
          : 'Changes some of engineer, role, allocation and dates. endDate is the last day worked. applyFrom: `start` (default) ' +
            'changes the assignment as it is, days before today included; `today` keeps the days before today as they were ' +
            '(the assignment ends yesterday) and makes the change from today on as a new assignment, in one write; the answer ' +
            'is then the assignment that carries the change.' +
            ' overloads names, per engineer, the days this change put or pushed over capacity and the peak utilisation.',
        params: idParams,
        body: method === 'PUT' ? replaceAssignmentInput : patchAssignmentInput,
        response: { 200: writtenAssignment, ...writeErrors },
      },
      handler: async (request, reply) => {
        const { version, applyFrom, ...changes } = request.body as typeof request.body & { applyFrom?: 'today' | 'start' };
        const expected = requiredVersionOf(request, version);
        const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
          const before = ((await populatedAssignment(trx, request.params.id)) as z.infer<typeof assignmentSchema> | undefined) ?? null;
          if (applyFrom === 'today') {
            const carrier = await updateAssignmentFromToday(trx, request.params.id, changes, metadataOf(request), expected, { now: new Date(), timeZone });
            const assignment = await populated(trx, carrier);
            // Split at today: the edited assignment keeps its past, the carrier is new work from today.
            const writes = carrier === request.params.id
              ? [{ before, after: assignment }]
              : [{ before, after: await populated(trx, request.params.id) }, { before: null, after: assignment }];
            return { status: 200, body: { ...assignment, overloads: await overloadsOfWrite(trx, writes, timeZone) } };
          }
          await updateAssignment(trx, request.params.id, changes, metadataOf(request), expected);
          const assignment = await populated(trx, request.params.id);
          return { status: 200, body: { ...assignment, overloads: await overloadsOfWrite(trx, [{ before, after: assignment }], timeZone) } };
        });
        return sendWriteOutcome(reply, outcome);
      },
    });
  }

  api.delete('/api/assignments/:id', {
    onRequest: app.requireRole('manager'),
    schema: {
      tags: ['assignments'],
      description: 'Ends the plan for this assignment (AssignmentRemoved); the history keeps it.',
      params: idParams,
      body: versionOnlyInput.nullish(),
      response: { 200: z.object({ message: z.string(), version: z.number() }), ...writeErrors },
    },
    handler: async (request, reply) => {
      const expected = requiredVersionOf(request, request.body?.version);
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const result = await removeAssignment(trx, request.params.id, metadataOf(request), expected);
        return { status: 200, body: { message: 'Assignment removed', version: result.version } };
      });
      withCommandId(reply);
      return outcome.body as { message: string; version: number };
    },
  });
}
