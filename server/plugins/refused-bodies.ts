import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const announcesBody = (request: FastifyRequest) =>
  Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;

/**
 * A request answered before its body was read (no token, wrong role: refused in onRequest) ends its
 * connection. Otherwise Node keeps the connection for the next request and so reads the rest of the
 * body first, however large: an anonymous client could make the server swallow 50 MB per 401.
 * Fastify does the same for the bodies its parsers refuse (413).
 */
export default fp(async function refusedBodies(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    if (announcesBody(request) && !request.raw.complete && !request.raw.readableEnded) reply.header('connection', 'close');
  });
});
