import { sql } from 'kysely';
import { formatCursor, START } from '../../domain/index.ts';
import { createProject } from '../../server/commands/planning.ts';
import { runCommand } from '../../server/commands/transaction.ts';
import { createDb, createPool } from '../../server/db/connect.ts';
import { readAllWithIds } from '../../server/event-store/read.ts';
import { seedDemoIfEmpty } from '../../server/seed/demo.ts';
import { generatePlan } from '../../server/seed/generate.ts';
import { type Receiver, startReceiver } from '../support/webhook-receiver.ts';
import { listen, login } from './bench-app.ts';
import { fmt, percentile, type Row } from './support.ts';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 3_000);
const ENDPOINTS = 10;
const WRITES = Number(process.env.BENCH_WEBHOOK_WRITES ?? 50);
const WARMUP = 5;
const SECRET = 'bench-webhook-secret-0123456789';
const now = () => performance.timeOrigin + performance.now();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Outbound webhooks: how fast one endpoint is sent the log (events/s, a replay from the start, each
 * event one signed POST to a local receiver that checks the signature), beside how fast the same
 * events are read from the log in the same run; and, with 10 endpoints, the time from a write's commit
 * to its arrival at each endpoint (p50/p99).
 */
export async function benchWebhooks(databaseUrl: string, progress: (message: string) => void): Promise<Row[]> {
  const db = createDb(createPool(databaseUrl, 4));
  // Woken by the live tailer on each commit; the poll only picks up retries, as in production.
  const { app, base } = await listen(databaseUrl, { webhooks: { pollMs: 1_000, baseMs: 100, maxMs: 1_000 } });
  const receivers: Receiver[] = [];
  try {
    await seedDemoIfEmpty(db, new Date());
    const count = async () => Number((await sql<{ n: number }>`select count(*)::int as n from events`.execute(db)).rows[0]!.n);
    if ((await count()) < EVENTS) {
      progress(`generating events up to ${EVENTS}`);
      const missing = EVENTS - (await count());
      await generatePlan(db, {
        engineers: Math.ceil(missing / 4), projects: Math.ceil(missing / 20), assignments: Math.ceil(missing / 2), now: new Date(),
        actor: { actorId: 'bench', actorRole: 'manager', correlationId: 'bench-webhooks' }, seed: 7,
      });
    }
    const token = await login(base, 'manager@demo.test');
    const call = async (method: string, url: string, body?: unknown) => {
      const headers: Record<string, string> = { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
      const response = await fetch(`${base}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      if (response.status >= 300) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
      return (response.status === 204 ? null : response.json()) as Promise<{ _id: string; cursor: string }>;
    };

    // ---- anchor: the raw read of the same events, in the delivery's page size
    const total = Math.min(EVENTS, await count());
    progress(`reading ${total} events from the log`);
    let readStarted = performance.now();
    let read = 0;
    for (let after = START; read < total;) {
      const page = await readAllWithIds(db, after, 100);
      if (page.length === 0) break;
      read += page.length;
      const last = page.at(-1)!.event.cursor.split(':');
      after = { transactionId: last[0]!, globalPosition: Number(last[1]) };
    }
    const readRate = read / ((performance.now() - readStarted) / 1000);

    // ---- one endpoint sent the log from the start
    progress(`delivering ${total} events to one endpoint`);
    const one = await startReceiver(SECRET);
    receivers.push(one);
    const hook = await call('POST', '/api/webhooks', { url: one.url, events: ['*'], secret: SECRET, active: false });
    await call('POST', `/api/webhooks/${hook._id}/replay`, { after: formatCursor(START) });
    readStarted = performance.now();
    await call('PATCH', `/api/webhooks/${hook._id}`, { active: true });
    await one.waitFor(total, 300_000);
    const deliveryRate = total / ((performance.now() - readStarted) / 1000);
    if (!one.received.slice(0, total).every((r) => r.signed)) throw new Error('a delivery was not signed right');
    await call('DELETE', `/api/webhooks/${hook._id}`);

    // ---- commit -> arrival at each of 10 endpoints
    progress(`${WRITES} writes, commit -> arrival at each of ${ENDPOINTS} endpoints`);
    const arrivals = new Map<string, number[]>();
    for (let i = 0; i < ENDPOINTS; i++) {
      const r = await startReceiver(SECRET, `/hook-${i}`);
      r.onArrive = (payload: { streamId: string }) => {
        const list = arrivals.get(payload.streamId) ?? [];
        list.push(now());
        arrivals.set(payload.streamId, list);
      };
      receivers.push(r);
      await call('POST', '/api/webhooks', { url: r.url, events: ['ProjectCreated'], secret: SECRET });
    }
    const user = (await (await fetch(`${base}/api/auth/profile`, { headers: { authorization: token } })).json()) as { _id: string };
    const metadata = { actorId: user._id, actorRole: 'manager' as const, correlationId: 'bench-webhooks' };
    const each: number[] = [];
    const all: number[] = [];
    for (let i = 0; i < WARMUP + WRITES; i++) {
      let stream = '';
      await runCommand(db, null, async (trx) => {
        const result = await createProject(trx, {
          name: `Webhook bench ${i} ${Math.random().toString(36).slice(2, 8)}`, description: 'A project made by the webhook bench.',
          startDate: '2027-01-04T00:00:00.000Z', endDate: '2027-06-30T00:00:00.000Z', teamSize: 3, requiredSkills: ['Go'], status: 'planning',
        }, metadata);
        stream = `project-${(result.state as { _id: string })._id}`;
        return { status: 201, body: null };
      });
      const committed = now();
      const until = Date.now() + 30_000;
      while ((arrivals.get(stream)?.length ?? 0) < ENDPOINTS) {
        if (Date.now() > until) throw new Error(`${stream} reached ${arrivals.get(stream)?.length ?? 0} of ${ENDPOINTS} endpoints in 30 s`);
        await pause(1);
      }
      if (i >= WARMUP) {
        const times = arrivals.get(stream)!.map((t) => t - committed);
        each.push(...times);
        all.push(Math.max(...times));
      }
      await pause(20);
    }
    const sorted = (values: number[]) => [...values].sort((x, y) => x - y);
    const [e, a] = [sorted(each), sorted(all)];
    const anchor = `raw read of the same events from the log: ${fmt(readRate, 0)} events/s`;
    return [
      { section: 'webhooks', measure: `delivery to one local endpoint (${total} events, one signed POST each, in order)`, figure: `${fmt(deliveryRate, 0)} events/s`, anchor, ratio: `${fmt(readRate / deliveryRate, 1)}x slower than reading` },
      { section: 'webhooks', measure: `commit -> arrival at each of ${ENDPOINTS} endpoints (${WRITES} writes)`, figure: `p50 ${fmt(percentile(e, 50))} ms, p99 ${fmt(percentile(e, 99))} ms`, anchor: '', ratio: '' },
      { section: 'webhooks', measure: `commit -> arrival at all ${ENDPOINTS} endpoints`, figure: `p50 ${fmt(percentile(a, 50))} ms, p99 ${fmt(percentile(a, 99))} ms`, anchor: '', ratio: '' },
    ];
  } finally {
    await Promise.all(receivers.map((r) => r.close()));
    await app.close();
    await db.destroy();
  }
}
