import http from 'node:http';
import { sql } from 'kysely';
import pg from 'pg';
import { dateOfDay, dayOfDate, DAY_MS, mondayOf, type CapacityResponse, type ProjectPlanResponse } from '../../domain/index.ts';
import { createDb, createPool } from '../../server/db/connect.ts';
import { ensureLargePlan, listen, login } from './bench-app.ts';
import { copyDatabase, cpuDuring, fmt, latencies, percentile, type Row } from './support.ts';

const SAMPLES = Number(process.env.BENCH_CAPACITY_SAMPLES ?? 40);
const WARMUP = 5;
const WEEKS = 26;

/** The days and the confirmed work both raw queries below start from (see gridSql). */
const factsCtes = `
  calendar as (
    select d::date as day, d::date - (extract(isodow from d)::int - 1) as monday,
           extract(isodow from d) <= 5 and not exists (select 1 from holidays h where h.date = d::date) as working
      from generate_series($1::date, $2::date, interval '1 day') d
  ), weeks as (
    select monday, count(*) filter (where working)::int as working_days from calendar group by monday
  ), days as materialized (
    select day, monday, day::timestamp at time zone 'UTC' as starts_at from calendar where working
  ), days_off as materialized (
    select distinct t.engineer_id, d.day, d.monday, d.starts_at
      from time_off t join days d on d.day between t.from_date and t.to_date
  ), off_per_week as (
    select engineer_id, monday, count(*)::int as days from days_off group by engineer_id, monday
  ), confirmed as materialized (
    select a.engineer_id, a.project_id, a.start_date, a.end_date, (a.doc ->> 'allocationPercentage')::float8 as allocation
      from assignments a
     where a.start_date < ($2::date + 1)::timestamp at time zone 'UTC' and a.end_date > $1::date::timestamp at time zone 'UTC'
       and a.project_id not in (select id from projects where tentative)
  )`;

/**
 * The same grid as GET /api/capacity?step=week, computed by PostgreSQL alone: the working days of the
 * range (Monday to Friday, not a holiday), and on each the confirmed assignments current at its start
 * (start <= day 00:00 < end), summed per engineer and ISO week except on the engineer's days off;
 * capacity is maxCapacity per working day not taken off. Days are UTC days, the bench app's
 * organisation time zone. Written as one would by hand for speed: the assignments in range narrowed
 * to the columns used first, each day's start computed once, and the load on days off summed apart and
 * subtracted (a few thousand days) rather than every (assignment, day) pair checked against them.
 */
const gridSql = `
  with ${factsCtes}, booked_every_day as (
    select a.engineer_id, d.monday, sum(a.allocation) as booked
      from days d
      join confirmed a on a.start_date <= d.starts_at and a.end_date > d.starts_at
     group by a.engineer_id, d.monday
  ), booked_on_days_off as (
    select o.engineer_id, o.monday, sum(a.allocation) as booked
      from days_off o
      join confirmed a on a.engineer_id = o.engineer_id and a.start_date <= o.starts_at and a.end_date > o.starts_at
     group by o.engineer_id, o.monday
  )
  select e.id as engineer_id, w.monday::text as monday, w.working_days,
         (w.working_days - coalesce(o.days, 0)) * greatest((e.doc ->> 'maxCapacity')::float8, 0) as capacity,
         case when (e.doc ->> 'maxCapacity')::float8 > 0 then coalesce(b.booked, 0) - coalesce(bo.booked, 0) else 0 end as booked
    from engineers e
   cross join weeks w
    left join off_per_week o on o.engineer_id = e.id and o.monday = w.monday
    left join booked_every_day b on b.engineer_id = e.id and b.monday = w.monday
    left join booked_on_days_off bo on bo.engineer_id = e.id and bo.monday = w.monday`;

/**
 * The same staffed figures as GET /api/projects/plan?step=week, by PostgreSQL alone: each project's
 * confirmed assignments summed over the working days of the range, per ISO week, except on the
 * assignee's days off and for assignees without capacity; the same facts as the grid above.
 */
const planSql = `
  with ${factsCtes}, staffed_every_day as (
    select a.project_id, d.monday, sum(a.allocation) as staffed
      from days d
      join confirmed a on a.start_date <= d.starts_at and a.end_date > d.starts_at
      join engineers e on e.id = a.engineer_id and (e.doc ->> 'maxCapacity')::float8 > 0
     group by a.project_id, d.monday
  ), staffed_on_days_off as (
    select a.project_id, o.monday, sum(a.allocation) as staffed
      from days_off o
      join confirmed a on a.engineer_id = o.engineer_id and a.start_date <= o.starts_at and a.end_date > o.starts_at
      join engineers e on e.id = a.engineer_id and (e.doc ->> 'maxCapacity')::float8 > 0
     group by a.project_id, o.monday
  )
  select p.id as project_id, w.monday::text as monday, coalesce(s.staffed, 0) - coalesce(so.staffed, 0) as staffed
    from projects p
   cross join weeks w
    left join staffed_every_day s on s.project_id = p.id and s.monday = w.monday
    left join staffed_on_days_off so on so.project_id = p.id and so.monday = w.monday`;

type PlanRow = { project_id: string; monday: string; staffed: number };

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
 * The capacity bench: the capacity grid of 2,000 engineers x 26 weeks through the API, beside one raw
 * SQL query computing the same grid; and "who is free at least 50 % next week".
 */
export async function benchCapacity(databaseUrl: string, progress: (message: string) => void): Promise<Row[]> {
  const plan = await ensureLargePlan(databaseUrl, progress);
  // The same plan where people's days are their own, on a copy: the sections after this one measure the plan as generated.
  const ownDays = await copyDatabase(databaseUrl);
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
    const rawCells = new Map(grid.map((r) => [`${r.engineer_id} ${r.monday}`, r]));
    const differs = answer.rows.flatMap((row) =>
      row.periods.filter((p) => {
        const cell = rawCells.get(`${row.engineer._id} ${dateOfDay(mondayOf(dayOfDate(p.start)))}`);
        return !cell || Math.abs(cell.capacity - p.capacity) > 1e-9 || Math.abs(cell.booked - p.booked) > 1e-9;
      }),
    );
    const cells = sumOf(answer.rows, (r) => r.periods.length);
    if (cells !== grid.length || differs.length > 0) {
      throw new Error(`the API's grid (${cells} cells) differs from the raw query's (${grid.length} cells) in ${differs.length} cells`);
    }

    progress(`GET /api/capacity, ${answer.total.toLocaleString('en-US')} engineers x ${answer.periods.length} weeks, ${SAMPLES} requests`);
    let bytes = 0;
    const api = await timeAndCpu(databaseUrl, async () => (bytes = await lean(capacityPath)));
    // The same requests to a server that keeps no facts between them: what the first request after a write costs.
    const uncached = await listen(databaseUrl, { capacityFactsCacheSize: 0 });
    let cold: Measured;
    try {
      const coldToken = await login(uncached.base, 'manager@demo.test');
      progress(`the same without the facts cache, ${SAMPLES} requests`);
      cold = await timeAndCpu(databaseUrl, () => leanGet(agent, `${uncached.base}${capacityPath}`, coldToken));
    } finally {
      await uncached.app.close();
    }
    const anchor = await timeAndCpu(databaseUrl, () => raw.query(gridSql, [from, to]));
    const measured = `${answer.total.toLocaleString('en-US')} engineers x ${answer.periods.length} weeks, ${plan.assignments.toLocaleString('en-US')} assignments (${fmt(bytes / 1e6, 1)} MB)`;
    const againstAnchor = (m: Measured) => `${fmt(m.p50 / anchor.p50, 2)}x p50, ${fmt(m.p99 / anchor.p99, 2)}x p99, ${fmt(cpuMs(m) / cpuMs(anchor), 2)}x CPU`;
    const rows: Row[] = [
      { section: 'capacity', measure: `GET /api/capacity, ${measured}`, figure: latencyText(api), anchor: `raw SQL same grid: ${latencyText(anchor)}`, ratio: againstAnchor(api) },
      {
        section: 'capacity',
        measure: 'the same, facts read for every request (first request after a write)',
        figure: latencyText(cold),
        anchor: `raw SQL same grid: ${latencyText(anchor)}`,
        ratio: againstAnchor(cold),
      },
    ];

    progress('the same plan with 5 holiday calendars and 30 % of engineers on their own work week');
    const own = await listen(ownDays.url);
    try {
      const ownToken = await login(own.base, 'manager@demo.test');
      const changed = await giveOwnDays(own.base, ownToken, from);
      const ownMeasured = await timeAndCpu(ownDays.url, () => leanGet(agent, `${own.base}${capacityPath}`, ownToken));
      rows.push({
        section: 'capacity',
        measure: `GET /api/capacity with 5 calendars (${changed.calendars} engineers moved to 4 new ones) and ${changed.workWeeks} engineers on their own work week`,
        figure: latencyText(ownMeasured),
        anchor: `the single-calendar figure above: p50 ${fmt(api.p50)} ms (goal <= 1.5x)`,
        ratio: `${fmt(ownMeasured.p50 / api.p50, 2)}x p50, ${fmt(cpuMs(ownMeasured) / cpuMs(api), 2)}x CPU`,
      });
    } finally {
      await own.app.close();
    }

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

    // The project plan: every project x 26 weeks, beside the raw query of its staffed figures; the two agree first.
    const planPath = `/api/projects/plan?from=${from}&to=${to}&step=week`;
    const projectPlan = await json<ProjectPlanResponse>(planPath);
    const rawPlan = new Map((await raw.query<PlanRow>(planSql, [from, to])).rows.map((r) => [`${r.project_id} ${r.monday}`, r.staffed]));
    const planCells = projectPlan.rows.flatMap((row) => row.periods.map((p, i) => ({ key: `${row.project._id} ${dateOfDay(mondayOf(dayOfDate(projectPlan.periods[i]!.start)))}`, staffed: p.staffed })));
    const planDiffers = planCells.filter((cell) => !rawPlan.has(cell.key) || Math.abs(rawPlan.get(cell.key)! - cell.staffed) > 1e-6);
    if (planCells.length !== rawPlan.size || planDiffers.length > 0) {
      throw new Error(`the project plan (${planCells.length} cells) differs from the raw query's (${rawPlan.size} cells) in ${planDiffers.length} cells`);
    }
    progress(`GET /api/projects/plan, ${projectPlan.total} projects x ${projectPlan.periods.length} weeks, ${SAMPLES} requests`);
    let planBytes = 0;
    const planApi = await timeAndCpu(databaseUrl, async () => (planBytes = await lean(planPath)));
    const planAnchor = await timeAndCpu(databaseUrl, () => raw.query(planSql, [from, to]));
    rows.push({
      section: 'capacity',
      measure: `GET /api/projects/plan, ${projectPlan.total} projects x ${projectPlan.periods.length} weeks (${fmt(planBytes / 1e6, 1)} MB; goal p50 <= 150 ms)`,
      figure: latencyText(planApi),
      anchor: `raw SQL same staffed figures: ${latencyText(planAnchor)}`,
      ratio: `${fmt(planApi.p50 / planAnchor.p50, 2)}x p50, ${fmt(planApi.p99 / planAnchor.p99, 2)}x p99, ${fmt(cpuMs(planApi) / cpuMs(planAnchor), 2)}x CPU`,
    });
    return rows;
  } finally {
    agent.destroy();
    await app.close();
    await raw.end();
    await db.destroy();
    await ownDays.close();
  }
}

/**
 * Four calendars filled from public holidays (the default one is the fifth), every engineer but one in
 * five moved to one of them, and three in ten on a four-day or 80 % week, all from the range's start.
 */
async function giveOwnDays(base: string, token: string, from: string): Promise<{ calendars: number; workWeeks: number }> {
  const call = async <T>(method: string, path: string, body: unknown, version?: number) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: token, 'content-type': 'application/json', ...(version === undefined ? {} : { 'if-match': `"${version}"` }) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  // The year most of the 26 weeks fall in.
  const year = new Date(Date.parse(from) + 13 * 7 * DAY_MS).getUTCFullYear();
  const calendars: string[] = [];
  for (const country of ['DE', 'IN', 'GB', 'FR']) {
    const created = await call<{ _id: string }>('POST', '/api/holiday-calendars', { name: `Public holidays ${country}`, country, year });
    calendars.push(created._id);
  }
  const engineers = await (await fetch(`${base}/api/engineers`, { headers: { authorization: token } })).json() as { _id: string; version: number }[];
  let moved = 0;
  let weeks = 0;
  const weekShapes = [[100, 100, 100, 100, 0, 0, 0], [80, 80, 80, 80, 80, 0, 0], [100, 100, 100, 60, 60, 0, 0]];
  for (const [i, engineer] of engineers.entries()) {
    let version = engineer.version;
    if (i % 5 !== 0) {
      version = (await call<{ version: number }>('PUT', `/api/engineers/${engineer._id}/calendar`, { calendarId: calendars[i % 4], from }, version)).version;
      moved += 1;
    }
    if (i % 10 < 3) {
      await call('PUT', `/api/engineers/${engineer._id}/work-week`, { from, days: weekShapes[i % 3] }, version);
      weeks += 1;
    }
  }
  return { calendars: moved, workWeeks: weeks };
}
