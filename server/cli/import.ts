import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { Presets, SingleBar } from 'cli-progress';
import { v7 as uuidv7 } from 'uuid';
import { importKinds, type ImportKind } from '../../domain/import/index.ts';
import { findAccountByEmail, insertAccount } from '../auth/accounts.ts';
import { hashPassword } from '../auth/password.ts';
import { loadConfig } from '../config.ts';
import { createDb, createPool, type Db } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { HttpError } from '../http-error.ts';
import { kindOfCsv } from '../import/csv-text.ts';
import { previewCsv, startImport } from '../import/run-import.ts';
import { resolveDatabase } from '../runtime/database.ts';

const usage = `Usage: npm run import -- FILE.csv [--kind ${importKinds.join('|')}] [--as MANAGER_EMAIL] [--dry-run]
  --kind     what the file holds (guessed from its header when left out)
  --as       the manager the events are recorded for (default: a "Command-line import" manager account)
  --dry-run  show what the import would do, write nothing
Columns and keys: see README.md, "Import and export (CSV)".`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { kind: { type: 'string' }, as: { type: 'string' }, 'dry-run': { type: 'boolean' }, help: { type: 'boolean' } },
});
const fail = (message: string): never => {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
};
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const file = positionals[0] ?? fail('Name the CSV file to import.');
const text = await readFile(file, 'utf8').catch((error: Error) => fail(`Cannot read ${file}: ${error.message}`));
const kind = (values.kind ?? kindOfCsv(text) ?? fail(`Cannot tell from its header what ${file} holds: name it with --kind.`)) as ImportKind;
if (!importKinds.includes(kind)) fail(`--kind must be one of ${importKinds.join(', ')}`);

const CLI_ACCOUNT = 'command-line-import@localhost';

/** The manager the events are recorded for: the one named, or an account of the command line's own (no one can sign in to it). */
async function actor(db: Db): Promise<{ actorId: string; actorRole: string; correlationId: string }> {
  const email = values.as ?? CLI_ACCOUNT;
  let account = await findAccountByEmail(db, email);
  if (!account && !values.as) {
    await insertAccount(db, { id: uuidv7(), email, name: 'Command-line import', role: 'manager', department: 'Operations', password_hash: await hashPassword(uuidv7()) });
    account = await findAccountByEmail(db, email);
  }
  if (!account || account.role !== 'manager') fail(`--as must be the email of a manager account (${email} is not).`);
  return { actorId: account!.id, actorRole: 'manager', correlationId: `cli-import-${uuidv7()}` };
}

const printErrors = (issues: { path: string; message: string }[]) => {
  for (const issue of issues.slice(0, 20)) console.error(`  ${issue.path}: ${issue.message}`);
  if (issues.length > 20) console.error(`  ... and ${issues.length - 20} more`);
};

const config = loadConfig();
const database = await resolveDatabase(config);
const db = createDb(createPool(database.url, 4));
let exitCode = 0;
try {
  await migrateToLatest(database.url);
  if (values['dry-run']) {
    const preview = await previewCsv(db, kind, text);
    console.log(`${file} (${kind}): ${preview.counts.create} to create, ${preview.counts.update} to update, ${preview.counts.unchanged} unchanged, ${preview.counts.error} with errors.`);
    const errors = [...preview.fileErrors, ...preview.rows.flatMap((r) => r.errors)];
    printErrors(errors.map((e) => ({ path: e.column ? `line ${e.line}: ${e.column}` : `line ${e.line}`, message: e.message })));
    exitCode = errors.length > 0 ? 1 : 0;
  } else {
    const bar = new SingleBar({ format: `Importing ${kind} [{bar}] {percentage}% | {value}/{total} rows | {eta_formatted} left` }, Presets.shades_classic);
    const started = performance.now();
    const { job, finished } = await startImport(db, { kind, text, metadata: await actor(db), onProgress: (progress) => bar.update(progress.done) });
    bar.start(Math.max(job.total, 1), 0);
    const done = await finished.finally(() => bar.stop());
    const seconds = (performance.now() - started) / 1000;
    console.log(`${done.created} created, ${done.updated} updated, ${done.unchanged} unchanged in ${seconds.toFixed(1)} s (${Math.round(done.total / seconds)} rows/s written).`);
  }
} catch (error) {
  if (!(error instanceof HttpError)) throw error;
  console.error(error.message);
  printErrors((error.extra.issues as { path: string; message: string }[] | undefined) ?? []);
  exitCode = 1;
} finally {
  await db.destroy();
  await database.stop();
}
process.exit(exitCode);
