import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { weekBefore, weekDates } from '../../domain/actuals/weeks.ts';
import { insertAccount } from '../../server/auth/accounts.ts';
import { createDb, createPool } from '../../server/db/connect.ts';
import { BATCH_SIZE } from '../../server/import/apply.ts';
import { writeCsv } from '../../server/import/csv-text.ts';
import { startImport } from '../../server/import/run-import.ts';
import { ensureLargePlan, listen, login } from './bench-app.ts';
import { fmt, latencies, percentile, type Row } from './support.ts';

const ENGINEERS = 2_000;
const WEEKS = 10;
const PROJECTS = 5;
const DAY = 86_400_000;

/**
 * Actuals (design section 13): a time tracker's export of 100,000 rows (2,000 engineers x 10 weeks x 5
 * projects, one entry a day) imported end to end (parse, sum per engineer, project and week, then the
 * recordActuals commands in batches through the batch runner), beside a raw multi-row INSERT of the
 * same event rows; and GET /api/actuals by project over 26 weeks beside GET /api/capacity over the same weeks.
 */
export async function benchActuals(databaseUrl: string, progress: (message: string) => void): Promise<Row[]> {
  await ensureLargePlan(databaseUrl, progress);
  const db = createDb(createPool(databaseUrl, 4));
  try {
    const planner = { id: uuidv7(), email: `actuals-bench-${Date.now()}@bench.test` };
    await insertAccount(db, { id: planner.id, email: planner.email, name: 'Actuals Bench', role: 'manager', department: 'Operations', password_hash: 'x' });
    const actor = { actorId: planner.id, actorRole: 'manager', correlationId: 'bench-actuals' };
    const engineers = (await db.selectFrom('engineers').select('email').orderBy('email').limit(ENGINEERS).execute()).map((e) => e.email);
    const projects = (await db
      .selectFrom('projects')
      .select('name')
      .where('name', 'in', (q) => q.selectFrom('projects').select('name').groupBy('name').having((eb) => eb.fn.countAll(), '=', 1))
      .orderBy('name')
      .limit(PROJECTS)
      .execute()).map((p) => p.name);
    const today = new Date().toISOString().slice(0, 10);
    // The ten weeks before this one, oldest first, none of them locked.
    const weeks: string[] = [];
    for (let week = weekBefore(today); weeks.length < WEEKS; week = weekBefore(weekDates(week).from)) weeks.unshift(week);
    const rows: string[][] = [];
    for (const email of engineers) {
      for (const week of weeks) {
        const monday = Date.parse(`${weekDates(week).from}T00:00:00Z`);
        projects.forEach((project, p) => rows.push([new Date(monday + p * DAY).toISOString().slice(0, 10), email, project, '1.5']));
      }
    }
    const text = writeCsv([['Date', 'Email', 'Project', 'Hours'], ...rows]);

    progress(`importing ${rows.length.toLocaleString('en-US')} time tracker rows (${fmt(text.length / 1024 / 1024, 1)} MB)`);
    const t0 = performance.now();
    const { finished } = await startImport(db, { kind: 'actuals', text, metadata: actor });
    const job = await finished;
    const importSeconds = (performance.now() - t0) / 1000;
    if (job.state !== 'done') throw new Error(`actuals import bench: ${JSON.stringify(job)}`);

    progress('raw multi-row INSERT of the same event rows');
    await sql`create table bench_actuals_events (like events including all)`.execute(db);
    const { rows: events } = await sql<Record<string, unknown>>`
      select stream_id, stream_position, event_id, type, schema_version, data::text as data, metadata::text as metadata, recorded_at, hash
        from events where metadata ->> 'commandId' = ${job.id} order by global_position`.execute(db);
    const r0 = performance.now();
    for (let start = 0; start < events.length; start += BATCH_SIZE) {
      await db.transaction().execute((trx) => trx.insertInto('bench_actuals_events' as 'events').values(events.slice(start, start + BATCH_SIZE) as never).execute());
    }
    const rawSeconds = (performance.now() - r0) / 1000;
    await sql`drop table bench_actuals_events`.execute(db);
    const importRate = rows.length / importSeconds;
    // The same events, counted as the file's rows they carry, so the two rates compare like for like.
    const rawRate = rows.length / rawSeconds;

    progress('GET /api/actuals by project over 26 weeks');
    const { app, base } = await listen(databaseUrl);
    try {
      const token = await login(base, 'manager@demo.test');
      const from = weekDates(weekBefore(new Date(Date.now() - 25 * 7 * DAY).toISOString().slice(0, 10))).from;
      const get = (path: string) => async () => {
        const response = await fetch(`${base}${path}`, { headers: { authorization: token, 'accept-encoding': 'identity' } });
        if (!response.ok) throw new Error(`${path}: ${response.status}`);
        await response.arrayBuffer();
      };
      const actualsUrl = `/api/actuals?from=${from}&to=${today}&by=project&step=week`;
      // The first ask after a write works the answer out; the same view asked again is kept until the next write.
      const f0 = performance.now();
      await get(actualsUrl)();
      const firstAsk = performance.now() - f0;
      const actualsTimes = await latencies(15, get(actualsUrl), 2);
      const capacityTimes = await latencies(15, get(`/api/capacity?from=${from}&to=${today}&step=week`), 2);
      const p50 = percentile(actualsTimes, 50);
      const anchor = percentile(capacityTimes, 50);
      return [
        {
          section: 'actuals',
          measure: `import of ${rows.length.toLocaleString('en-US')} time tracker rows (${ENGINEERS} engineers x ${WEEKS} weeks x ${PROJECTS} projects, ${job.total.toLocaleString('en-US')} weeks recorded), goal >= 0.3x`,
          figure: `${fmt(importRate, 0)} rows/s (${fmt(importSeconds, 2)} s)`,
          anchor: `raw multi-row INSERT of the same ${events.length.toLocaleString('en-US')} events: ${fmt(rawRate, 0)} rows/s`,
          ratio: `${fmt(importRate / rawRate, 2)}x`,
        },
        {
          section: 'actuals',
          measure: 'GET /api/actuals by project over 26 weeks, p50 (first ask after a write in brackets), goal <= 150 ms',
          figure: `${fmt(p50, 0)} ms (${fmt(firstAsk, 0)} ms)`,
          anchor: `GET /api/capacity over the same weeks, p50: ${fmt(anchor, 0)} ms`,
          ratio: `${fmt(p50 / anchor, 2)}x`,
        },
      ];
    } finally {
      await app.close();
    }
  } finally {
    await db.destroy();
  }
}
