import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { insertAccount } from '../../server/auth/accounts.ts';
import { createDb, createPool } from '../../server/db/connect.ts';
import { BATCH_SIZE } from '../../server/import/apply.ts';
import { writeCsv } from '../../server/import/csv-text.ts';
import { startImport } from '../../server/import/run-import.ts';
import { generatePlan, random } from '../../server/seed/generate.ts';
import { fmt, type Row } from './support.ts';

const ENGINEERS = 2_000;
const PROJECTS = 400;
const ASSIGNMENTS = Number(process.env.BENCH_IMPORT_ROWS ?? 20_000);
const DAY = 86_400_000;
const roles = ['Backend Engineer', 'Frontend Engineer', 'Tech Lead', 'Data Engineer', 'SRE'];

/**
 * A CSV file of assignments over the engineers and projects there are, every row valid: only projects
 * whose name is theirs alone (a file names projects, and other sections create several of one name).
 */
async function assignmentsFile(db: ReturnType<typeof createDb>): Promise<string> {
  const engineers = await db.selectFrom('engineers').select('email').execute();
  const projects = await db
    .selectFrom('projects')
    .select('doc')
    .where('status', '<>', 'completed')
    .where('name', 'in', (q) => q.selectFrom('projects').select('name').groupBy('name').having((eb) => eb.fn.countAll(), '=', 1))
    .execute();
  const rng = random(7);
  const rows = Array.from({ length: ASSIGNMENTS }, () => {
    const project = rng.pick(projects).doc;
    const start = Date.parse(project.startDate) + rng.int(0, 30) * DAY;
    return [
      rng.pick(engineers).email, project.name, rng.pick(roles), String(rng.pick([10, 20, 25, 50, 80, 100])),
      new Date(start).toISOString().slice(0, 10), new Date(start + rng.int(7, 120) * DAY).toISOString().slice(0, 10),
    ];
  });
  return writeCsv([['engineerEmail', 'projectName', 'role', 'allocationPercentage', 'startDate', 'endDate'], ...rows]);
}

/**
 * The import bench: a CSV file of 20,000 assignments imported end to end (parse, plan against
 * the plan there is, then batches of 500 through the planning commands with read models and hash
 * chains), beside a raw multi-row INSERT of the same event rows in batches of the same size.
 */
export async function benchImport(databaseUrl: string, progress: (message: string) => void): Promise<Row[]> {
  const db = createDb(createPool(databaseUrl, 4));
  try {
    const planner = { id: uuidv7(), email: `import-bench-${Date.now()}@bench.test` };
    await insertAccount(db, { id: planner.id, email: planner.email, name: 'Import Bench', role: 'manager', department: 'Operations', password_hash: 'x' });
    const actor = { actorId: planner.id, actorRole: 'manager', correlationId: 'bench-import' };
    progress(`generating ${ENGINEERS} engineers and ${PROJECTS} projects to import assignments onto`);
    await generatePlan(db, { engineers: ENGINEERS, projects: PROJECTS, assignments: 0, now: new Date(), actor, seed: 13, emailTag: 'import' });
    const text = await assignmentsFile(db);

    progress(`importing ${ASSIGNMENTS.toLocaleString('en-US')} assignments from CSV (${fmt(text.length / 1024 / 1024, 1)} MB)`);
    const t0 = performance.now();
    const { finished } = await startImport(db, { kind: 'assignments', text, metadata: actor });
    const job = await finished;
    const importSeconds = (performance.now() - t0) / 1000;
    if (job.state !== 'done' || job.created !== ASSIGNMENTS) throw new Error(`import bench: ${JSON.stringify(job)}`);

    progress('raw multi-row INSERT of the same event rows');
    await sql`create table bench_import_events (like events including all)`.execute(db);
    const { rows: events } = await sql<Record<string, unknown>>`
      select stream_id, stream_position, event_id, type, schema_version, data::text as data, metadata::text as metadata, recorded_at, hash
        from events where metadata ->> 'commandId' = ${job.id} order by global_position`.execute(db);
    const r0 = performance.now();
    for (let start = 0; start < events.length; start += BATCH_SIZE) {
      await db.transaction().execute((trx) => trx.insertInto('bench_import_events' as 'events').values(events.slice(start, start + BATCH_SIZE) as never).execute());
    }
    const rawSeconds = (performance.now() - r0) / 1000;

    const importRate = ASSIGNMENTS / importSeconds;
    const rawRate = events.length / rawSeconds;
    return [{
      section: 'import',
      measure: `CSV import of ${ASSIGNMENTS.toLocaleString('en-US')} assignments (parse, plan, commands in batches of ${BATCH_SIZE}), goal >= 5,000/s`,
      figure: `${fmt(importRate, 0)} rows/s (${fmt(importSeconds, 2)} s)`,
      anchor: `raw multi-row INSERT of the same ${events.length.toLocaleString('en-US')} event rows: ${fmt(rawRate, 0)} rows/s`,
      ratio: `${fmt(importRate / rawRate, 2)}x`,
    }];
  } finally {
    await db.destroy();
  }
}
