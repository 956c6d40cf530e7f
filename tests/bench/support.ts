import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { reachablePlaceFor } from '../../server/db/embedded/service-home.ts';
import { startEmbeddedPostgres } from '../../server/db/embedded/start.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';

/** A server to benchmark on: DATABASE_URL's, else a throw-away embedded one; one fresh database per run. */
export async function benchDatabase(): Promise<{ url: string; close(): Promise<void> }> {
  let adminUrl = process.env.DATABASE_URL;
  let stopServer: () => Promise<void> = async () => undefined;
  if (!adminUrl) {
    const dataRoot = await reachablePlaceFor(path.resolve('data'));
    const embedded = await startEmbeddedPostgres({ dataDir: path.join(dataRoot, `bench-postgres-${process.pid}`), ephemeral: true });
    adminUrl = embedded.url;
    stopServer = embedded.stop;
  }
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await migrateToLatest(url.toString());
  return {
    url: url.toString(),
    async close() {
      await admin(`drop database if exists ${name} with (force)`);
      await stopServer();
    },
  };
}

/**
 * A copy of a bench database, for a section that changes the plan (the others then still measure the
 * plan they expect). Nothing may be connected to the original while it is copied.
 */
export async function copyDatabase(databaseUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const original = new URL(databaseUrl);
  const name = `${original.pathname.slice(1)}_copy`;
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = '/postgres';
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name} template ${original.pathname.slice(1)}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), close: () => admin(`drop database if exists ${name} with (force)`) };
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Runs `task` from `concurrency` loops for `durationMs`; returns completions per second. */
export async function throughput(concurrency: number, durationMs: number, task: (i: number) => Promise<void>): Promise<number> {
  const deadline = performance.now() + durationMs;
  const started = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        await task(done);
        done += 1;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

/** Times `task` `count` times in a row (after `warmup` untimed runs); returns sorted latencies in ms. */
export async function latencies(count: number, task: () => Promise<void>, warmup = 5): Promise<number[]> {
  for (let i = 0; i < warmup; i += 1) await task();
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const t0 = performance.now();
    await task();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

/** CPU seconds (user + system) of a process, from /proc (Linux counts in ticks of 10 ms); NaN when it cannot be read. */
function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU time spent by this process and by the database's server processes while `task` runs, in ms.
 * On a shared machine latencies grow with everyone else's load; the CPU a request costs does not.
 * The database's share is read from /proc, so it is known only for a server on this machine (else NaN).
 */
export async function cpuDuring<T>(databaseUrl: string, task: () => Promise<T>): Promise<{ result: T; nodeMs: number; databaseMs: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const backends = async () => {
      const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
      return new Map(rows.map(({ pid }) => [pid, processCpuMs(pid)]));
    };
    const before = await backends();
    const nodeBefore = process.cpuUsage();
    const result = await task();
    const node = process.cpuUsage(nodeBefore);
    let databaseMs = 0;
    for (const [pid, ms] of await backends()) databaseMs += ms - (before.get(pid) ?? 0);
    return { result, nodeMs: (node.user + node.system) / 1000, databaseMs };
  } finally {
    await client.end();
  }
}

/** What Chrome, Edge and Firefox ask for: the server then answers in zstd. Node's fetch alone asks for gzip, deflate. */
export const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

export type Row = { section: string; measure: string; figure: string; anchor: string; ratio: string };

export function printTable(rows: Row[]) {
  const headers: Row = { section: 'Section', measure: 'Measure', figure: 'Figure', anchor: 'Anchor (same run)', ratio: 'Ratio' };
  const keys = Object.keys(headers) as (keyof Row)[];
  const widths = keys.map((k) => Math.max(headers[k].length, ...rows.map((r) => r[k].length)));
  const line = (r: Row) => `| ${keys.map((k, i) => r[k].padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

export const fmt = (n: number, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
