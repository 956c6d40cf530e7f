import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assignmentSchema, bulkChangesInput, type Assignment } from '../../domain/index.ts';
import { bulkChangeAssignments } from '../commands/bulk-assignments.ts';
import { runCommand } from '../commands/transaction.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { assignmentsWithNames, populatedAssignmentDoc } from '../read-models/queries.ts';
import { idempotencyOf, metadataOf, withCommandId } from './request-context.ts';
import { errorBody, errorResponses } from './schemas.ts';

const bulkAnswer = z.object({ assignments: z.array(assignmentSchema), removed: z.array(z.string()) });
/** A refusal names the assignment it is about: the stale one (409, with its currentVersion), or the one not found or refused. */
const bulkRefused = errorBody.extend({ assignmentId: z.string().optional() });

/** The assignments, populated as the lists serve them, in the order asked. */
async function populatedAssignments(trx: DbOrTrx, ids: readonly string[]): Promise<Assignment[]> {
  if (ids.length === 0) return [];
  const rows = await assignmentsWithNames(trx).select(populatedAssignmentDoc.as('doc')).where('a.id', 'in', [...ids]).execute();
  const byId = new Map(rows.map((r) => [r.doc._id, r.doc]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export default async function bulkAssignmentRoutes(app: FastifyInstance, options: { timeZone: string }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/assignments/bulk', {
    onRequest: app.requireRole('manager'),
    schema: {
      tags: ['assignments'],
      description:
        'Changes 1 to 200 assignments at once, each with the version it was made against: moved by whole days ' +
        "(op 'move', days; both dates, in the organisation's time zone), given an allocation (op 'allocation') or removed " +
        "(op 'remove'). One transaction: all are applied or none; a stale version is 409 VERSION_CONFLICT naming its " +
        'assignmentId and currentVersion. One X-Command-Id for all, so one undo reverses them. Honours Idempotency-Key.',
      body: bulkChangesInput,
      response: { 200: bulkAnswer, ...errorResponses, 400: bulkRefused, 403: bulkRefused, 404: bulkRefused, 409: bulkRefused },
    },
    handler: async (request, reply) => {
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const { changed, removed } = await bulkChangeAssignments(trx, request.body.changes, metadataOf(request), options.timeZone);
        return { status: 200, body: { assignments: await populatedAssignments(trx, changed), removed } };
      });
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return withCommandId(reply).code(outcome.status).send(outcome.body as z.infer<typeof bulkAnswer>);
    },
  });
}
