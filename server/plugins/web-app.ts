import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-error.ts';

/**
 * The HTML names the build's assets, so a browser must revalidate it on every load or it stays on an
 * old client after a deploy. Vite puts a content hash in every file name under assets/: those never
 * change and may be kept for a year. Anything else (favicon and the like) for an hour.
 */
function cacheControl(reply: FastifyReply, file: string) {
  if (file.endsWith('.html')) reply.header('cache-control', 'no-cache');
  else if (file.split(path.sep).includes('assets')) reply.header('cache-control', 'public, max-age=31536000, immutable');
}

/** Serves the built client and falls back to index.html for the app's own routes. */
export default fp(async function webApp(app: FastifyInstance, options: { root: string }) {
  const hasClient = existsSync(path.join(options.root, 'index.html'));
  if (hasClient) {
    // wildcard: files built after start-up (a rebuild while running) are found too.
    await app.register(fastifyStatic, {
      root: options.root, wildcard: true, maxAge: '1h', index: false,
      setHeaders: (reply, file) => cacheControl(reply, path.relative(options.root, file)),
    });
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.sendFile('index.html'));
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = /^\/api(?:[/?#]|$)/.test(request.url) || request.url.startsWith('/socket.io');
    if (!isApi && hasClient && request.method === 'GET') return reply.sendFile('index.html');
    throw new HttpError(404, `Route ${request.method} ${request.url.split('?')[0]} not found`, 'NOT_FOUND');
  });
});
