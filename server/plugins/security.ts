import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp(async function security(app: FastifyInstance, options: { corsOrigin?: string }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // antd (CSS-in-JS) and the charts inject styles at run time; scripts stay same-origin only.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'connect-src': ["'self'", 'ws:', 'wss:'],
        'worker-src': ["'self'", 'blob:'],
      },
    },
  });
  if (options.corsOrigin) await app.register(cors, { origin: options.corsOrigin.split(',').map((o) => o.trim()) });
  // Limits are opted into per route (login), not global.
  await app.register(rateLimit, { global: false });
});
