import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignmentRecordSchema, canAnswer, isPending, staffingDeclineInput, staffingListQuery, staffingProposeInput, staffingRequestInput, type StaffingRequest,
} from '../../domain/index.ts';
import { approveStaffing, declineStaffing, proposeStaffing, requestStaffing, staffingActor, withdrawStaffing } from '../commands/staffing.ts';
import { runCommand } from '../commands/transaction.ts';
import { idempotencyOf, metadataOf, expectedVersionOf, sendWriteOutcome } from './request-context.ts';
import { errorBody, errorResponses, idParams } from './schemas.ts';

const writeErrors = { ...errorResponses, 404: errorBody, 409: errorBody };
const requestSchema = z.object({
  _id: z.string(), projectId: z.string(), engineerId: z.string().nullable(), placeholderId: z.string().nullable(), role: z.string(),
  allocationPercentage: z.number(), startDate: z.string(), endDate: z.string(), note: z.string(), requestedBy: z.string(),
  state: z.enum(['open', 'proposed', 'approved', 'declined', 'withdrawn']), assignmentId: z.string().optional(), reason: z.string().optional(),
  answeredBy: z.string().optional(), version: z.number(),
});
const listed = requestSchema.extend({
  projectName: z.string(), engineerName: z.string().nullable(), requestedByName: z.string(),
  mine: z.boolean().describe('asked for by the caller'), canAnswer: z.boolean().describe('the caller may approve, propose or decline it now'),
});
const emptyBody = z.object({ version: z.number().int().min(0).optional() }).optional();

/** Staffing requests between managers: ask, answer, and the inbox of both sides. */
export default async function staffingRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staffing'];

  api.post('/api/staffing-requests', {
    onRequest: app.requireRole('manager'),
    schema: {
      tags, description: "Asks for a named person (`engineerId`) or for a role (perhaps an open role's, `placeholderId`) on a project (StaffingRequested on `staffing-<id>`).",
      body: staffingRequestInput, response: { 201: requestSchema, ...writeErrors },
    },
    handler: async (request, reply) => {
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => ({ status: 201, body: await requestStaffing(trx, request.body, metadataOf(request)) }));
      return sendWriteOutcome(reply, outcome);
    },
  });

  api.get('/api/staffing-requests', {
    onRequest: app.requireRole('manager'),
    schema: {
      tags, description: 'Requests newest first; `for=me`: those the caller asked for and those they may answer. `state=pending`: open or proposed.',
      querystring: staffingListQuery, response: { 200: z.array(listed), ...errorResponses },
    },
    handler: async (request) => {
      const { state, for: forWhom } = request.query;
      let query = app.db.selectFrom('staffing_requests').select('doc').orderBy('id', 'desc');
      if (state === 'pending') query = query.where('state', 'in', ['open', 'proposed']);
      else if (state) query = query.where('state', '=', state);
      const requests: StaffingRequest[] = (await query.execute()).map((r) => r.doc);
      const engineerIds = [...new Set(requests.map((r) => r.engineerId).filter((id): id is string => id !== null))];
      const actor = await staffingActor(app.db, metadataOf(request), engineerIds);
      const names = async (table: 'engineers' | 'projects' | 'users', ids: string[]) => new Map(ids.length === 0 ? [] : (await app.db.selectFrom(table).select(['id', 'name']).where('id', 'in', ids).execute()).map((r) => [r.id, r.name]));
      const engineers = await names('engineers', engineerIds);
      const projects = await names('projects', [...new Set(requests.map((r) => r.projectId))]);
      const requesters = await names('users', [...new Set(requests.map((r) => r.requestedBy))]);
      return requests
        .map((r) => ({
          ...r, projectName: projects.get(r.projectId) ?? 'a project', engineerName: r.engineerId ? engineers.get(r.engineerId) ?? null : null,
          requestedByName: requesters.get(r.requestedBy) ?? 'a manager', mine: r.requestedBy === actor.id, canAnswer: canAnswer(r, actor),
        }))
        .filter((r) => forWhom !== 'me' || r.mine || r.canAnswer || (!isPending(r) && r.answeredBy === actor.id));
    },
  });

  const step = (path: string, description: string, run: (trx: Parameters<Parameters<typeof runCommand>[2]>[0], id: string, body: never, request: never) => Promise<{ status: number; body: unknown }>, body: z.ZodType = emptyBody) =>
    api.post(`/api/staffing-requests/:id/${path}`, {
      onRequest: app.requireRole('manager'),
      schema: { tags, description, params: idParams, body, response: { 200: requestSchema, 201: z.object({ request: requestSchema, assignment: assignmentRecordSchema }), ...writeErrors } },
      handler: async (request, reply) => {
        const outcome = await runCommand(app.db, idempotencyOf(request), (trx) => run(trx, request.params.id, (request.body ?? {}) as never, request as never));
        const version = (outcome.body as { version?: number; request?: { version: number } }).request?.version;
        return sendWriteOutcome(reply, version === undefined ? outcome : { ...outcome, body: { ...(outcome.body as object), version } });
      },
    });

  step('approve', "Approves: the assignment is made in the same command (the open role filled, when the request came from one); 201 with both. A manager of the person's team, or an org-wide one.",
    async (trx, id, _body, request) => {
      const r = request as unknown as Parameters<typeof metadataOf>[0];
      return { status: 201, body: await approveStaffing(trx, id, metadataOf(r), expectedVersionOf(r, (r.body as { version?: number } | undefined)?.version)) };
    });
  step('propose', 'Proposes someone else, one of the answering manager\'s people (StaffingProposed).',
    async (trx, id, body: { engineerId: string; note?: string }, request) => {
      const r = request as unknown as Parameters<typeof metadataOf>[0];
      return { status: 200, body: await proposeStaffing(trx, id, body, metadataOf(r)) };
    }, staffingProposeInput);
  step('decline', 'Declines with a reason (StaffingDeclined).',
    async (trx, id, body: { reason: string }, request) => ({ status: 200, body: await declineStaffing(trx, id, body.reason, metadataOf(request as never)) }), staffingDeclineInput);
  step('withdraw', 'Withdraws the request (the manager who asked, or an org-wide one).',
    async (trx, id, _body, request) => ({ status: 200, body: await withdrawStaffing(trx, id, metadataOf(request as never)) }));
}
