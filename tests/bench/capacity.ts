import http from 'node:http';
import { sql } from 'kysely';
import pg from 'pg';
import { dateOfDay, DAY_MS, mondayOf, type CapacityResponse } from '../../domain/index.ts';
import { createDb, createPool } from '../../server/db/connect.ts';
import { ensureLargePlan, listen, login } from './bench-app.ts';
import { cpuDuring, fmt, latencies, percentile, type Row } from './support.ts';

const SAMPLES = Number(process.env.BENCH_CAPACITY_SAMPLES ?? 40);
const WARMUP = 5;
const WEEKS = 26;

/**
 * The same grid as GET /api/capacity?step=week, computed by PostgreSQL alone: every weekday of the
 * range, the assignments current at its start (start <= day 00:00 < end) summed per engineer and
 * ISO week, beside each engineer's capacity over the week's working days. Days are UTC days, the
 * bench app's organisation time zone. Written as one would by hand for speed: the assignments in
 * range narrowed to four columns first, and each day's start computed once, not per comparison.
 */
const gridSql = `
  with days as materialized (
    select d::date - (extract(isodow from d)::int - 1) as monday, d::date::timestamp at time zone 'UTC' as starts_at
      from generate_series($1::date, $2::date, interval '1 day') d
     where extract(isodow from d) <= 5
  ), weeks as (
    select monday, count(*)::int as working_days from days group by monday
  ), on_in_range as materialized (
    select engineer_id, start_date, end_date, (doc ->> 'allocationPercentage')::float8 as allocation
      from assignments
     where start_date < ($2::date + 1)::timestamp at time zone 'UTC' and end_date > $1::date::timestamp at time zone 'UTC'
  ), booked as (
    select a.engineer_id, d.monday, sum(a.allocation) as booked
      from days d
      join on_in_range a on a.start_date <= d.starts_at and a.end_date > d.starts_at
     group by a.engineer_id, d.monday
  )
  select e.id as engineer_id, w.monday::text as monday, w.working_days,
         w.working_days * (e.doc ->> 'maxCapacity')::float8 as capacity, coalesce(b.booked, 0) as booked
    from engineers e
   cross join weeks w
    left join booked b on b.engineer_id = e.id and b.monday = w.monday`;

type GridRow = { engineer_id: string; monday: string; working_days: number; capacity: number; booked: number };

/**
 * GET that reads every byte of the body and keeps none; resolves to its length. Not fetch: the
 * client runs on the server's CPU here, and fetch's web streams spend about 35 ms of it on an
 * 11 MB body, which would be counted against the route.
 */
function leanGet(agent: http.Agent, url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { authorization: token } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => (response.statusCode === 200 ? resolve(bytes) : reject(new Error(`GET ${url} answered ${response.statusCode}`))));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

const sumOf = <T>(list: readonly T[], value: (item: T) => number) => list.reduce((total, item) => total + value(item), 0);

type Measured = { p50: number; p99: number; nodeMs: number; databaseMs: number };

/** Latencies of `task`, and the CPU one run costs this process and PostgreSQL (warm-up runs included in both sums). */
async function timeAndCpu(databaseUrl: string, task: () => Promise<unknown>): Promise<Measured> {
  const { result: times, nodeMs, databaseMs } = await cpuDuring(databaseUrl, () => latencies(SAMPLES, async () => void (await task()), WARMUP));
  return { p50: percentile(times, 50), p99: percentile(times, 99), nodeMs: nodeMs / (SAMPLES + WARMUP), databaseMs: databaseMs / (SAMPLES + WARMUP) };
}

const cpuMs = (m: Measured) => m.nodeMs + (Number.isNaN(m.databaseMs) ? 0 : m.databaseMs);
const cpuText = (m: Measured) =>
  `CPU ${fmt(m.nodeMs, 0)} ms Node${Number.isNaN(m.databaseMs) ? '' : ` + ${fmt(m.databaseMs, 0)} ms PostgreSQL`}`;
const latencyText = (m: Measured) => `p50 ${fmt(m.p50)} ms, p99 ${fmt(m.p99)} ms; ${cpuText(m)}`;

/**
 * Issue 11's bench: the capacity grid of 2,000 engineers x 26 weeks through the API, beside one raw
 * SQL query computing the same grid; and "who is free at least 50 % next week".
 */
export async function benchCapacity(databaseUrl: string, progress: (message: string) => void): Promise<Row[]> {
  const plan = await ensureLargePlan(databaseUrl, progress);
  const db = createDb(createPool(databaseUrl, 4));
  const raw = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const { app, base } = await listen(databaseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    await sql`analyze`.execute(db);
    const token = await login(base, 'manager@demo.test');
    const today = Math.floor(Date.now() / DAY_MS);
    const from = dateOfDay(mondayOf(today));
    const to = dateOfDay(mondayOf(today) + WEEKS * 7 - 1);
    const json = async <T>(path: string) => {
      const response = await fetch(`${base}${path}`, { headers: { authorization: token } });
      if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
      return (await response.json()) as T;
    };
    const lean = (path: string) => leanGet(agent, `${base}${path}`, token);

    // The two must agree before their speeds are compared.
    const capacityPath = `/api/capacity?from=${from}&to=${to}&step=week`;
    const answer = await json<CapacityResponse>(capacityPath);
    const grid = (await raw.query<GridRow>(gridSql, [from, to])).rows;
    const cells = sumOf(answer.rows, (r) => r.periods.length);
    const apiBooked = sumOf(answer.rows, (r) => sumOf(r.periods, (p) => p.booked));
    const rawBooked = sumOf(grid, (r) => r.booked);
    if (cells !== grid.length || Math.abs(apiBooked - rawBooked) > 1e-6 * Math.max(1, rawBooked)) {
      throw new Error(`the API's grid (${cells} cells, ${apiBooked} booked) differs from the raw query's (${grid.length} cells, ${rawBooked} booked)`);
    }

    progress(`GET /api/capacity, ${answer.total.toLocaleString('en-US')} engineers x ${answer.periods.length} weeks, ${SAMPLES} requests`);
    let bytes = 0;
    const api = await timeAndCpu(databaseUrl, async () => (bytes = await lean(capacityPath)));
    const anchor = await timeAndCpu(databaseUrl, () => raw.query(gridSql, [from, to]));
    const rows: Row[] = [{
      section: 'capacity',
      measure: `GET /api/capacity, ${answer.total.toLocaleString('en-US')} engineers x ${answer.periods.length} weeks, ${plan.assignments.toLocaleString('en-US')} assignments (${fmt(bytes / 1e6, 1)} MB)`,
      figure: latencyText(api),
      anchor: `raw SQL same grid: ${latencyText(anchor)}`,
      ratio: `${fmt(api.p50 / anchor.p50, 2)}x p50, ${fmt(api.p99 / anchor.p99, 2)}x p99, ${fmt(cpuMs(api) / cpuMs(anchor), 2)}x CPU`,
    }];

    // "Who is free at least 50 % next week", beside the same grid for that week filtered in SQL.
    const nextMonday = mondayOf(today) + 7;
    const week = { from: dateOfDay(nextMonday), to: dateOfDay(nextMonday + 6) };
    const availablePath = `/api/engineers/available?from=${week.from}&to=${week.to}&minFree=50`;
    const freeSql = `select * from (${gridSql}) grid where working_days > 0 and (capacity - booked) / working_days >= 50`;
    const available = await json<unknown[]>(availablePath);
    const freeRows = (await raw.query(freeSql, [week.from, week.to])).rows;
    if (available.length !== freeRows.length) throw new Error(`available: the API finds ${available.length}, the raw query ${freeRows.length}`);
    progress(`GET /api/engineers/available over ${week.from}..${week.to}, ${SAMPLES} requests`);
    const free = await timeAndCpu(databaseUrl, () => lean(availablePath));
    const freeAnchor = await timeAndCpu(databaseUrl, () => raw.query(freeSql, [week.from, week.to]));
    rows.push({
      section: 'capacity',
      measure: `GET /api/engineers/available, minFree 50, next week (${available.length.toLocaleString('en-US')} engineers)`,
      figure: latencyText(free),
      anchor: `raw SQL same filter: ${latencyText(freeAnchor)}`,
      ratio: `${fmt(free.p50 / freeAnchor.p50, 2)}x p50, ${fmt(cpuMs(free) / cpuMs(freeAnchor), 2)}x CPU`,
    });
    return rows;
  } finally {
    agent.destroy();
    await app.close();
    await raw.end();
    await db.destroy();
  }
}
