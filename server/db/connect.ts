import { Kysely, PostgresDialect, type QueryCreator, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

// bigint (int8) counts and positions come back as strings by default; ours stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type Db = Kysely<Database>;
export type DbOrTrx = Kysely<Database> | Transaction<Database>;
/** What a projection needs: any query creator, so a rebuild can point it at another schema. */
export type Writer = QueryCreator<Database>;

/**
 * Short timeouts on every session: one long-open transaction would hold back
 * pg_snapshot_xmin and stall every event reader.
 */
export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    options: '-c statement_timeout=15000 -c idle_in_transaction_session_timeout=15000',
    // An unreachable host (a failover in progress) answers nothing at all: give up and say so (503)
    // rather than hold the request, and find out about half-open sockets.
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client dropped by the server (restart, DROP DATABASE ... FORCE) is removed by the pool,
  // which then emits 'error': without a listener that would crash the process.
  pool.on('error', quietIdleError);
  // pg-pool listens for errors only on idle clients. A client that is checked out (in a transaction,
  // between two queries) still emits 'error' when its session is cut, and an 'error' with no listener
  // kills the process. The query in flight, or the next one, rejects with the same error and the
  // request answers 503; the pool then discards the client, as it is no longer queryable.
  pool.on('connect', (client) => client.on('error', ignoreLostSession));
  return pool;
}

export function createDb(pool: pg.Pool): Db {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export const quietIdleError = () => undefined;
const ignoreLostSession = () => undefined;
