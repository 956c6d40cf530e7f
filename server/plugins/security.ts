import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-error.ts';

export const nulMessage = 'Text must not contain the NUL character';

/**
 * The path of the first string (or key) holding U+0000, which PostgreSQL text and jsonb cannot store.
 * Stops descending at a depth no valid input has (the schemas refuse such bodies anyway).
 */
function nulPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : null;
  if (value && typeof value === 'object' && path.length < 16) {
    for (const [key, inner] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key].join('.');
      const found = nulPath(inner, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

export default fp(async function security(app: FastifyInstance, options: { corsOrigin?: string }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // antd (CSS-in-JS) and the charts inject styles at run time; scripts stay same-origin only.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'connect-src': ["'self'", 'ws:', 'wss:'],
        'worker-src': ["'self'", 'blob:'],
        // Served over plain HTTP on localhost and in docker-compose: upgrading would break the page.
        'upgrade-insecure-requests': null,
      },
    },
    // HSTS belongs to the TLS-terminating proxy in front of a real deployment, not to this process.
    hsts: false,
  });
  if (options.corsOrigin) {
    await app.register(cors, {
      origin: options.corsOrigin.split(',').map((o) => o.trim()),
      // A browser on another origin may read only the headers listed here: the lists' paging and position,
      // and the command id a write's undo takes.
      exposedHeaders: ['X-Total-Count', 'X-Next-After', 'X-Cursor', 'X-Snapshot', 'ETag', 'X-Command-Id'],
    });
  }
  // Refused as invalid input (400) before it reaches SQL, where it would fail as a 500.
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = nulPath(part);
      if (path !== null) throw new HttpError(400, nulMessage, 'VALIDATION_FAILED', { issues: [{ path, message: nulMessage }] });
    }
  });
  // Limits are opted into per route (login), not global.
  await app.register(rateLimit, { global: false });
});
