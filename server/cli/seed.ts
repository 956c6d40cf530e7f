import { parseArgs } from 'node:util';
import { SingleBar, Presets } from 'cli-progress';
import { v7 as uuidv7 } from 'uuid';
import { insertAccount } from '../auth/accounts.ts';
import { hashPassword } from '../auth/password.ts';
import { loadConfig } from '../config.ts';
import { createDb, createPool } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { resolveDatabase } from '../runtime/database.ts';
import { seedDemoIfEmpty } from '../seed/demo.ts';
import { generatePlan } from '../seed/generate.ts';

const usage = `Usage: npm run seed -- [--engineers N --projects N --assignments N]
  no flags: the demo data (only on an empty database)
  with flags: a large generated data set on top of what is there, e.g.
    npm run seed -- --engineers 2000 --projects 400 --assignments 20000`;

const { values } = parseArgs({
  options: {
    engineers: { type: 'string' },
    projects: { type: 'string' },
    assignments: { type: 'string' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const count = (name: 'engineers' | 'projects' | 'assignments', fallback: number) => {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 1_000_000) {
    console.error(`--${name} must be a whole number from 0 to 1000000\n\n${usage}`);
    process.exit(2);
  }
  return n;
};
const generating = values.engineers !== undefined || values.projects !== undefined || values.assignments !== undefined;
const engineers = count('engineers', 200);
const projects = count('projects', 40);
const assignments = count('assignments', 2000);
if (generating && assignments > 0 && (engineers === 0 || projects === 0)) {
  console.error('Assignments need at least one engineer and one project.');
  process.exit(2);
}

const config = loadConfig();
const database = await resolveDatabase(config);
const db = createDb(createPool(database.url));
try {
  await migrateToLatest(database.url);
  const seeded = await seedDemoIfEmpty(db, new Date());
  console.log(seeded ? 'Seeded the demo data.' : 'Demo data already present.');
  if (generating) {
    const planner = { id: uuidv7(), email: `planner-${Date.now()}@generated.test` };
    await insertAccount(db, { id: planner.id, email: planner.email, name: 'Data Generator', role: 'manager', department: 'Operations', password_hash: await hashPassword(uuidv7()) });
    const bar = new SingleBar({ format: 'Generating [{bar}] {percentage}% | {value}/{total} commands | {eta_formatted} left' }, Presets.shades_classic);
    bar.start(engineers + projects + assignments, 0);
    const started = Date.now();
    const facts = await generatePlan(db, {
      engineers, projects, assignments, now: new Date(),
      actor: { actorId: planner.id, actorRole: 'manager', correlationId: 'generate' },
      onProgress: (done, total) => {
        bar.setTotal(total);
        bar.update(done);
      },
    });
    bar.stop();
    const seconds = (Date.now() - started) / 1000;
    const commands = engineers + projects + assignments + facts.timeOff + facts.holidays + facts.tentative + facts.placeholders;
    console.log(`Generated ${engineers} engineers, ${projects} projects, ${assignments} assignments, ${facts.timeOff} time off bookings, ${facts.holidays} holidays, ${facts.tentative} tentative projects and ${facts.placeholders} placeholders in ${seconds.toFixed(1)} s (${Math.round(commands / seconds)} commands/s).`);
  }
} finally {
  await db.destroy();
  await database.stop();
}
