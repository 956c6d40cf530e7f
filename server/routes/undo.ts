import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { wellFormedText } from '../../domain/index.ts';
import { runCommand } from '../commands/transaction.ts';
import { undoCommand } from '../commands/undo.ts';
import { idempotencyOf, metadataOf, withCommandId } from './request-context.ts';
import { errorBody, errorResponses } from './schemas.ts';

const undoParams = z.object({ commandId: wellFormedText('Command id', 'Command id is required').min(1, 'Command id is required').max(100) });
const undoAnswer = z.object({ commandId: z.string(), reversed: z.number().int() });
/** A refusal: which record changed since (VERSION_CONFLICT), or which undo already reversed it (ALREADY_UNDONE). */
const undoRefused = errorBody.extend({ streamId: z.string().optional(), assignmentId: z.string().optional(), undoneBy: z.string().optional() });

export default async function undoRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/undo/:commandId', {
    onRequest: app.requireRole('manager'),
    schema: {
      tags: ['history'],
      description:
        'Reverses the planning write whose answer carried X-Command-Id: commandId, with compensating writes recorded as ' +
        'its undo (metadata.undoOf). Answers the undo\'s own command id (undoable in turn) and how many events it appended. ' +
        '409 VERSION_CONFLICT when a record it wrote changed since, ALREADY_UNDONE, or NOT_UNDOABLE (a new project or ' +
        'engineer); 404 for an unknown id. Honours Idempotency-Key.',
      params: undoParams,
      response: { 200: undoAnswer, ...errorResponses, 404: errorBody, 409: undoRefused },
    },
    handler: async (request, reply) => {
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const metadata = metadataOf(request);
        const { reversed } = await undoCommand(trx, request.params.commandId, metadata);
        return { status: 200, body: { commandId: metadata.commandId!, reversed } };
      });
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      // The undo is itself a write: its own command id, which an undo of the undo takes.
      return withCommandId(reply).code(outcome.status).send(outcome.body as z.infer<typeof undoAnswer>);
    },
  });
}
