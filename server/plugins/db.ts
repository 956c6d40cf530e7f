import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { createDb, createPool, type Db } from '../db/connect.ts';
import { retryOnceIfDisconnected } from '../db/connection-errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    pool: pg.Pool;
  }
}

const isRead = (method: string | string[]) => [method].flat().every((m) => m === 'GET' || m === 'HEAD');

export default fp(async function db(app: FastifyInstance, options: { databaseUrl: string }) {
  const pool = createPool(options.databaseUrl);
  pool.on('error', (error) => app.log.warn({ err: error }, 'idle database client failed'));
  app.decorate('pool', pool);
  app.decorate('db', createDb(pool));
  app.addHook('onClose', async () => {
    await app.db.destroy();
  });

  // A read caught by a dropped session (restart, failover, a cut connection) is asked again once, on
  // a fresh connection, before the client sees a 503: repeating a read changes nothing. WebSocket
  // routes keep their own handler shape and are left alone.
  app.addHook('onRoute', (route) => {
    if (!isRead(route.method) || route.websocket) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function retryingRead(request, reply) {
      return retryOnceIfDisconnected(async () => handler.call(this, request, reply), () => !reply.sent);
    };
  });
});
