import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-error.ts';

/** Serves the built client and falls back to index.html for the app's own routes. */
export default fp(async function webApp(app: FastifyInstance, options: { root: string }) {
  const hasClient = existsSync(path.join(options.root, 'index.html'));
  if (hasClient) {
    // wildcard: files built after start-up (a rebuild while running) are found too.
    await app.register(fastifyStatic, { root: options.root, wildcard: true, maxAge: '1h', index: false });
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = /^\/api(?:[/?#]|$)/.test(request.url) || request.url.startsWith('/socket.io');
    if (!isApi && hasClient && request.method === 'GET') {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    throw new HttpError(404, `Route ${request.method} ${request.url.split('?')[0]} not found`, 'NOT_FOUND');
  });
});
