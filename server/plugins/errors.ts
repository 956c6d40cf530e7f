import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { conflictMessage, DomainError } from '../../domain/index.ts';
import { isConnectionError } from '../db/connection-errors.ts';
import { readStreamEventsAfter } from '../event-store/command-events.ts';
import { ConcurrencyError } from '../event-store/errors.ts';
import { actorNames } from '../history/actors.ts';
import { HttpError } from '../http-error.ts';

const domainStatus = { invalid: 400, 'not-found': 404, conflict: 409, forbidden: 403 } as const;
const domainCode = { invalid: 'VALIDATION_FAILED', 'not-found': 'NOT_FOUND', conflict: 'CONFLICT', forbidden: 'FORBIDDEN' } as const;

const streamThing = (streamId: string) => (streamId.split('-')[0] ?? 'project') as Parameters<typeof conflictMessage>[0];

/**
 * Who made the newest change the writer had not seen, as the History names them, so a conflict can
 * say "Chris Okafor changed this assignment" instead of "someone else". The message stays as it was
 * for existing clients; nothing is added when the stream has no such change (a version from the
 * future) or the lookup fails (the 409 is the answer either way).
 */
async function changedBy(app: FastifyInstance, error: ConcurrencyError): Promise<{ changedBy?: { id: string; name: string } }> {
  try {
    const since = await readStreamEventsAfter(app.db, error.streamId, Math.max(0, error.expectedVersion));
    const id = since.at(-1)?.metadata.actorId;
    if (!id) return {};
    const name = (await actorNames(app.db, [id])).get(id);
    return name ? { changedBy: { id, name } } : {};
  } catch (lookup) {
    app.log.warn({ err: lookup }, 'could not name who changed a conflicting record');
    return {};
  }
}

/** The one error handler: `{message, code}` always; 5xx bodies never carry internals. */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const all = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        // A rule on the whole body (say "one of these fields") keeps its own message; anything else
        // failing at the root means the body is not an object at all.
        message: v.instancePath === '/' && v.keyword !== 'custom' ? `Request ${error.validationContext ?? 'body'} must be a JSON object` : v.message,
      }));
      // One failure once: an empty date fails both its `min(1)` and its readability check with one message.
      const issues = all.filter((issue, index) => all.findIndex((o) => o.path === issue.path && o.message === issue.message) === index);
      return reply.code(400).send({ message: issues[0]!.message, code: 'VALIDATION_FAILED', issues });
    }
    if (error instanceof ConcurrencyError) {
      return reply.code(409).send({
        message: conflictMessage(streamThing(error.streamId)),
        code: 'VERSION_CONFLICT',
        currentVersion: error.currentVersion,
        ...(await changedBy(app, error)),
      });
    }
    if (error instanceof DomainError) {
      const body: Record<string, unknown> = { message: error.message, code: error.code ?? domainCode[error.kind] };
      if (error.kind === 'invalid') body.issues = [{ path: error.path ?? '', message: error.message }];
      return reply.code(domainStatus[error.kind]).send(body);
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ message: error.message, code: error.code, ...error.extra });
    }
    if (isConnectionError(error)) {
      // The database went away under this request (restart, failover, cut session). A write may or may
      // not have committed: the client retries, with its Idempotency-Key if it wants exactly once.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '1').send({
        message: 'The database is not available at the moment. Please try again in a few seconds.',
        code: 'DATABASE_UNAVAILABLE',
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message, code: error.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });
});
