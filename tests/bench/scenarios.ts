import { sql } from 'kysely';
import { dateOfDay, DAY_MS, mondayOf } from '../../domain/index.ts';
import { createDb, createPool } from '../../server/db/connect.ts';
import { ensureLargePlan, listen, login } from './bench-app.ts';
import { fmt, latencies, percentile, type Row } from './support.ts';

const SAMPLES = Number(process.env.BENCH_SCENARIO_SAMPLES ?? 20);
const WEEKS = 26;
const CHANGES = 50;
const COLD_SAMPLES = 7;

/**
 * The scenario bench: the schedule's grid of 2,000 engineers x 26 weeks with a scenario of 50 drafted
 * changes folded on the live plan, beside the live grid (the same query on the read models) in the
 * same run: what working in a scenario costs over working live.
 */
export async function benchScenarios(databaseUrl: string, progress: (message: string) => void): Promise<Row[]> {
  const plan = await ensureLargePlan(databaseUrl, progress);
  const db = createDb(createPool(databaseUrl, 2));
  const { app, base } = await listen(databaseUrl);
  try {
    const token = await login(base, 'manager@demo.test');
    const request = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
      return response;
    };

    progress(`drafting a scenario of ${CHANGES} changes (assignments moved two weeks later)`);
    const scenario = (await (await request('POST', '/api/scenarios', { name: 'Bench scenario' })).json()) as { _id: string };
    const { rows: moved } = await sql<{ id: string; start: Date; end: Date }>`
      select id, start_date as start, end_date as "end" from assignments where end_date > now() order by id limit ${CHANGES}`.execute(db);
    const later = (date: Date) => new Date(date.getTime() + 14 * DAY_MS).toISOString();
    for (const a of moved) {
      await request('POST', `/api/scenarios/${scenario._id}/changes`, {
        command: { kind: 'updateAssignment', assignmentId: a.id, input: { startDate: later(a.start), endDate: later(a.end) } },
      });
    }

    const today = Math.floor(Date.now() / DAY_MS);
    const query = `from=${dateOfDay(mondayOf(today))}&to=${dateOfDay(mondayOf(today) + WEEKS * 7 - 1)}&step=week`;
    let bytes = 0;
    const get = (path: string) => async () => {
      bytes = (await (await request('GET', path)).arrayBuffer()).byteLength;
    };
    progress(`GET /api/scenarios/:id/capacity and /api/capacity, ${WEEKS} weeks, ${SAMPLES} requests each`);
    const liveTimes = await latencies(SAMPLES, get(`/api/capacity?${query}`), 3);
    const liveBytes = bytes;
    const scenarioTimes = await latencies(SAMPLES, get(`/api/scenarios/${scenario._id}/capacity?${query}`), 3);
    // Cold: the first view after the scenario changed (one more change drafted, untimed, before each).
    const { rows: more } = await sql<{ id: string; allocation: number }>`
      select id, (doc ->> 'allocationPercentage')::float8 as allocation
        from assignments where end_date > now() order by id offset ${CHANGES} limit ${COLD_SAMPLES}`.execute(db);
    const coldTimes: number[] = [];
    for (const a of more) {
      await request('POST', `/api/scenarios/${scenario._id}/changes`, {
        command: { kind: 'updateAssignment', assignmentId: a.id, input: { allocationPercentage: a.allocation === 10 ? 20 : 10 } },
      });
      const t0 = performance.now();
      await get(`/api/scenarios/${scenario._id}/capacity?${query}`)();
      coldTimes.push(performance.now() - t0);
    }
    coldTimes.sort((a, b) => a - b);
    const live50 = percentile(liveTimes, 50);
    const scenario50 = percentile(scenarioTimes, 50);
    return [{
      section: 'scenarios',
      measure: `scenario view: GET /api/scenarios/:id/capacity, ${plan.engineers.toLocaleString('en-US')} engineers x ${WEEKS} weeks, ${moved.length} drafted changes, ${plan.assignments.toLocaleString('en-US')} assignments (${fmt(bytes / 1e6, 1)} MB; goal p50 <= 300 ms)`,
      figure: `p50 ${fmt(scenario50, 0)} ms, p99 ${fmt(percentile(scenarioTimes, 99), 0)} ms`,
      anchor: `live view, GET /api/capacity same query (${fmt(liveBytes / 1e6, 1)} MB): p50 ${fmt(live50, 0)} ms, p99 ${fmt(percentile(liveTimes, 99), 0)} ms`,
      ratio: `${fmt(scenario50 / live50, 2)}x p50`,
    }, {
      section: 'scenarios',
      measure: `the same, first view after each new drafted change (${coldTimes.length} changes, ${CHANGES + 1}-${CHANGES + coldTimes.length} in all): folded again, on the live plan kept since no live write came in between`,
      figure: `p50 ${fmt(percentile(coldTimes, 50), 0)} ms, max ${fmt(coldTimes.at(-1)!, 0)} ms`,
      anchor: `live view p50 ${fmt(live50, 0)} ms`,
      ratio: `${fmt(percentile(coldTimes, 50) / live50, 2)}x p50`,
    }];
  } finally {
    await app.close();
    await db.destroy();
  }
}
