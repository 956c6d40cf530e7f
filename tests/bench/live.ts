import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { createProject } from '../../server/commands/planning.ts';
import { runCommand } from '../../server/commands/transaction.ts';
import { createDb, createPool } from '../../server/db/connect.ts';
import { seedDemoIfEmpty } from '../../server/seed/demo.ts';
import { listen } from './bench-app.ts';
import type { WorkerMessage } from './live-worker.ts';
import { fmt, percentile, type Row } from './support.ts';

const CLIENTS = Number(process.env.BENCH_LIVE_CLIENTS ?? 200);
const WRITES = Number(process.env.BENCH_LIVE_WRITES ?? 50);
const WORKERS = Math.max(1, Number(process.env.BENCH_LIVE_WORKERS ?? 1));
const WARMUP = 5;
const now = () => performance.timeOrigin + performance.now();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const input = (i: number) => ({
  name: `Live bench ${i} ${Math.random().toString(36).slice(2, 8)}`, description: 'A project created by the live benchmark.',
  startDate: '2027-01-04T00:00:00.000Z', endDate: '2027-06-30T00:00:00.000Z', teamSize: 3, requiredSkills: ['Go'], status: 'planning' as const,
});

/** Clients spread over worker threads; tells when an event (by stream) has reached every client of every worker. */
class Audience {
  private readonly workers: Worker[] = [];
  private readonly partial = new Map<string, { first: number; last: number; workers: number }>();
  private readonly complete = new Map<string, { first: number; last: number }>();
  private readonly waiting = new Map<string, (t: { first: number; last: number }) => void>();
  errors: string[] = [];

  static async start(base: string, token: string, after: string, clients: number, workers: number): Promise<Audience> {
    const audience = new Audience();
    const per = Math.ceil(clients / workers);
    const ready: Promise<void>[] = [];
    for (let w = 0; w < workers; w += 1) {
      const count = Math.min(per, clients - w * per);
      const worker = new Worker(new URL('./live-worker.ts', import.meta.url), { workerData: { baseUrl: base, token, after, count } });
      audience.workers.push(worker);
      ready.push(new Promise((resolve, reject) => {
        worker.on('error', reject);
        worker.on('message', (message: WorkerMessage) => {
          if (message.kind === 'ready') resolve();
          else if (message.kind === 'error') audience.errors.push(message.message);
          else audience.arrived(message.key, message.first, message.last);
        });
      }));
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`clients not live after 120 s: ${audience.errors.slice(0, 3).join('; ')}`)), 120_000);
    });
    await Promise.race([Promise.all(ready), timeout]).finally(() => clearTimeout(timer));
    return audience;
  }

  private arrived(key: string, first: number, last: number) {
    const entry = this.partial.get(key) ?? { first, last, workers: 0 };
    entry.first = Math.min(entry.first, first);
    entry.last = Math.max(entry.last, last);
    entry.workers += 1;
    if (entry.workers < this.workers.length) {
      this.partial.set(key, entry);
      return;
    }
    this.partial.delete(key);
    const resolve = this.waiting.get(key);
    if (resolve) resolve(entry);
    else this.complete.set(key, entry);
  }

  /** When the event of stream `key` reached the first and the last client. */
  until(key: string, timeoutMs = 30_000): Promise<{ first: number; last: number }> {
    const done = this.complete.get(key);
    if (done) {
      this.complete.delete(key);
      return Promise.resolve(done);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(key);
        reject(new Error(`${key} did not reach every client in ${timeoutMs} ms (${this.errors.slice(0, 3).join('; ')})`));
      }, timeoutMs);
      this.waiting.set(key, (t) => {
        clearTimeout(timer);
        this.waiting.delete(key);
        resolve(t);
      });
    });
  }

  async close() {
    const exits = this.workers.map((worker) => new Promise((resolve) => worker.once('exit', resolve)));
    for (const worker of this.workers) worker.postMessage({ kind: 'close' });
    await Promise.all(exits);
  }
}

/**
 * The live bench: with CLIENTS socket.io clients connected to the real app, the time from a write's
 * commit to its arrival at all of them (and at the first), and from an HTTP POST to arrival at all,
 * beside a raw LISTEN/NOTIFY round trip between two pg clients measured in the same run.
 */
export async function benchLive(databaseUrl: string, progress: (message: string) => void): Promise<Row[]> {
  const pool = createPool(databaseUrl, 4);
  const db = createDb(pool);
  const { app, base } = await listen(databaseUrl);
  let audience: Audience | null = null;
  try {
    await seedDemoIfEmpty(db, new Date());
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'manager@demo.test', password: 'demo1234' }) });
    const { token, user } = (await login.json()) as { token: string; user: { _id: string } };
    const list = await fetch(`${base}/api/projects`, { headers: { authorization: token } });
    await list.arrayBuffer();
    const after = list.headers.get('x-cursor')!;

    progress(`connecting ${CLIENTS} socket.io clients (websocket) in ${WORKERS} worker thread(s)`);
    audience = await Audience.start(base, token, after, CLIENTS, WORKERS);
    if (app.live.connections() < CLIENTS) throw new Error(`only ${app.live.connections()} clients connected`);

    // ---- commit -> arrival: the command in one transaction, timed from the commit's acknowledgement
    progress(`${WRITES} writes, commit -> arrival at all ${CLIENTS}`);
    const metadata = { actorId: user._id, actorRole: 'manager' as const, correlationId: 'bench-live' };
    const toAll: number[] = [];
    const toFirst: number[] = [];
    for (let i = 0; i < WARMUP + WRITES; i += 1) {
      let key = '';
      await runCommand(db, null, async (trx) => {
        const result = await createProject(trx, input(i), metadata);
        key = `project-${(result.state as { _id: string })._id}`;
        return { status: 201, body: null };
      });
      const committed = now();
      const arrival = await audience.until(key);
      if (i >= WARMUP) {
        toAll.push(arrival.last - committed);
        toFirst.push(arrival.first - committed);
      }
      await pause(20);
    }

    // ---- HTTP POST -> arrival: what a manager's click costs until everyone sees it
    progress(`${WRITES} writes, POST /api/projects -> arrival at all ${CLIENTS}`);
    const viaHttp: number[] = [];
    for (let i = 0; i < WARMUP + WRITES; i += 1) {
      const sent = now();
      const response = await fetch(`${base}/api/projects`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify(input(i)) });
      if (response.status !== 201) throw new Error(`POST /api/projects answered ${response.status}`);
      const body = (await response.json()) as { _id: string };
      const arrival = await audience.until(`project-${body._id}`);
      if (i >= WARMUP) viaHttp.push(arrival.last - sent);
      await pause(20);
    }
    if (audience.errors.length > 0) throw new Error(`client errors: ${audience.errors.slice(0, 5).join('; ')}`);
    await audience.close();
    audience = null;

    // ---- anchor: one pg client's NOTIFY to another's notification, same server, same run
    progress('raw LISTEN/NOTIFY round trip');
    const listener = new pg.Client({ connectionString: databaseUrl });
    const notifier = new pg.Client({ connectionString: databaseUrl });
    await Promise.all([listener.connect(), notifier.connect()]);
    await listener.query('listen bench_live');
    const waiting = new Map<string, (t: number) => void>();
    listener.on('notification', (message) => {
      const t = now();
      waiting.get(message.payload ?? '')?.(t);
    });
    const raw: number[] = [];
    for (let i = 0; i < WARMUP + WRITES; i += 1) {
      const payload = String(i);
      const received = new Promise<number>((resolve) => waiting.set(payload, resolve));
      const sent = now();
      await notifier.query(`notify bench_live, '${payload}'`);
      const t = await received;
      waiting.delete(payload);
      if (i >= WARMUP) raw.push(t - sent);
      await pause(20);
    }
    await Promise.all([listener.end(), notifier.end()]);

    const sorted = (values: number[]) => [...values].sort((x, y) => x - y);
    const [all, first, http, anchor] = [sorted(toAll), sorted(toFirst), sorted(viaHttp), sorted(raw)];
    const r50 = percentile(anchor, 50);
    const r99 = percentile(anchor, 99);
    const anchorText = `raw LISTEN/NOTIFY round trip: p50 ${fmt(r50, 2)} ms, p99 ${fmt(r99, 2)} ms`;
    const row = (measure: string, values: number[]): Row => ({
      section: 'live',
      measure,
      figure: `p50 ${fmt(percentile(values, 50))} ms, p99 ${fmt(percentile(values, 99))} ms`,
      anchor: anchorText,
      ratio: `${fmt(percentile(values, 50) / r50, 1)}x p50, ${fmt(percentile(values, 99) / r99, 1)}x p99`,
    });
    return [
      row(`commit -> arrival at all ${CLIENTS} socket.io clients (${WRITES} writes)`, all),
      row(`commit -> arrival at the first client`, first),
      row(`POST /api/projects sent -> arrival at all ${CLIENTS}`, http),
    ];
  } finally {
    await audience?.close().catch(() => undefined);
    await app.close();
    await db.destroy();
  }
}
