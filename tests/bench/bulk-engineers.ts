import { ensureLargePlan, listen, login } from './bench-app.ts';
import { fmt, percentile, type Row } from './support.ts';

const SAMPLES = Number(process.env.BENCH_BULK_ENGINEERS_SAMPLES ?? 10);
const WARMUP = 2;

/**
 * A bulk change of every engineer of the large plan (2,000) in one request: POST /api/engineers/bulk
 * setting a work week from a date, alternating two weeks so every sample changes all of them, beside
 * the bulk "follow a calendar" of the same 2,000 (POST /api/engineers/follow-calendar, alternating two
 * calendars) in the same run: the same transaction's work per engineer with a lighter decision.
 */
export async function benchBulkEngineers(databaseUrl: string, progress: (message: string) => void): Promise<Row[]> {
  const plan = await ensureLargePlan(databaseUrl, progress);
  const { app, base } = await listen(databaseUrl);
  try {
    const token = await login(base, 'manager@demo.test');
    const send = async (path: string, body: unknown, expected = 200) => {
      const response = await fetch(`${base}${path}`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (response.status !== expected) throw new Error(`POST ${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
      return response.json() as Promise<unknown>;
    };
    const list = (await (await fetch(`${base}/api/engineers`, { headers: { authorization: token } })).json()) as { _id: string }[];
    const ids = list.map((e) => e._id);
    const calendar = (await send('/api/holiday-calendars', { name: `Bench ${Date.now()}` }, 201)) as { _id: string };
    const weeks = [[100, 100, 100, 100, 0, 0, 0], [80, 80, 80, 80, 80, 0, 0]];
    const calendars = [calendar._id, 'default'];

    const timed = async (label: string, body: (i: number) => unknown, path: string) => {
      progress(`${label}: ${ids.length} engineers, ${SAMPLES} requests`);
      const times: number[] = [];
      for (let i = 0; i < SAMPLES + WARMUP; i++) {
        const t0 = performance.now();
        await send(path, body(i));
        if (i >= WARMUP) times.push(performance.now() - t0);
      }
      return times.sort((a, b) => a - b);
    };
    const bulk = await timed('bulk work week', (i) => ({ ids, workWeek: weeks[i % 2], from: '2031-01-06' }), '/api/engineers/bulk');
    const follow = await timed('bulk follow a calendar', (i) => ({ engineerIds: ids, calendarId: calendars[i % 2], from: '2031-01-06' }), '/api/engineers/follow-calendar');
    const bulk50 = percentile(bulk, 50);
    const follow50 = percentile(follow, 50);
    return [{
      section: 'bulk-engineers',
      measure: `a work week for every engineer in one request: POST /api/engineers/bulk, ${ids.length.toLocaleString('en-US')} engineers (of ${plan.engineers.toLocaleString('en-US')}), one transaction`,
      figure: `p50 ${fmt(bulk50, 0)} ms, p99 ${fmt(percentile(bulk, 99), 0)} ms`,
      anchor: `the same engineers follow a calendar (POST /api/engineers/follow-calendar): p50 ${fmt(follow50, 0)} ms, p99 ${fmt(percentile(follow, 99), 0)} ms`,
      ratio: `${fmt(bulk50 / follow50, 2)}x p50`,
    }];
  } finally {
    await app.close();
  }
}
