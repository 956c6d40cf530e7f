import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assignmentSchema, bulkChangesInput, overloadSchema, type Assignment } from '../../domain/index.ts';
import { bulkChangeAssignments } from '../commands/bulk-assignments.ts';
import { runCommand } from '../commands/transaction.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { overloadsOfWrite } from '../read-models/overloads.ts';
import { assignmentsWithNames, populatedAssignmentDoc } from '../read-models/queries.ts';
import { idempotencyOf, metadataOf, withCommandId } from './request-context.ts';
import { errorBody, errorResponses } from './schemas.ts';

const bulkAnswer = z.object({
  assignments: z.array(assignmentSchema),
  removed: z.array(z.string()),
  overloads: z.array(overloadSchema).describe('per engineer, the days these changes put or pushed over capacity, and the peak'),
});
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
        'assignmentId and currentVersion. One X-Command-Id for all, so one undo reverses them. Honours Idempotency-Key. ' +
        "applyFrom 'today' keeps every day before today as it was: a started assignment ends yesterday and its changed part " +
        "runs from today as a new assignment (listed in the answer); 'start' (default) changes them as they are.",
      body: bulkChangesInput,
      response: { 200: bulkAnswer, ...errorResponses, 400: bulkRefused, 403: bulkRefused, 404: bulkRefused, 409: bulkRefused },
    },
    handler: async (request, reply) => {
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const before = await populatedAssignments(trx, request.body.changes.map((c) => c.assignmentId));
        const keepPast = request.body.applyFrom === 'today' ? { now: new Date() } : undefined;
        const { changed, removed } = await bulkChangeAssignments(trx, request.body.changes, metadataOf(request), options.timeZone, keepPast);
        const assignments = await populatedAssignments(trx, changed);
        const after = new Map(assignments.map((a) => [a._id, a]));
        const known = new Set(before.map((b) => b._id));
        // A change split at today adds new work from today: it was nothing before.
        const writes = [
          ...before.map((b) => ({ before: b, after: after.get(b._id) ?? null })),
          ...assignments.filter((a) => !known.has(a._id)).map((a) => ({ before: null, after: a })),
        ];
        const overloads = await overloadsOfWrite(trx, writes, options.timeZone);
        return { status: 200, body: { assignments, removed, overloads } };
      });
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return withCommandId(reply).code(outcome.status).send(outcome.body as z.infer<typeof bulkAnswer>);
    },
  });
}
