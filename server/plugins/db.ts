import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { createDb, createPool, type Db } from '../db/connect.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    pool: pg.Pool;
  }
}

export default fp(async function db(app: FastifyInstance, options: { databaseUrl: string }) {
  const pool = createPool(options.databaseUrl);
  pool.on('error', (error) => app.log.warn({ err: error }, 'idle database client failed'));
  app.decorate('pool', pool);
  app.decorate('db', createDb(pool));
  app.addHook('onClose', async () => {
    await app.db.destroy();
  });
});
