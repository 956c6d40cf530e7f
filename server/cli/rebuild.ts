import { Presets, SingleBar } from 'cli-progress';
import { loadConfig } from '../config.ts';
import { createDb, createPool } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { rebuildReadModels } from '../projections/rebuild.ts';
import { resolveDatabase } from '../runtime/database.ts';

/** `npm run rebuild [-- --check]`: refold every read model from the events; --check compares without swapping. */
const swap = !process.argv.includes('--check');
const config = loadConfig();
const database = await resolveDatabase(config);
const db = createDb(createPool(database.url, 2));
let exitCode = 0;
try {
  await migrateToLatest(database.url);
  const bar = new SingleBar({ format: 'Rebuilding [{bar}] {percentage}% | {value}/{total} events' }, Presets.shades_classic);
  bar.start(1, 0);
  const started = performance.now();
  const result = await rebuildReadModels(db, { swap, onProgress: (done, total) => { bar.setTotal(Math.max(total, 1)); bar.update(done); } });
  bar.stop();
  const seconds = (performance.now() - started) / 1000;
  console.table(result.tables);
  console.log(`${result.events} events in ${seconds.toFixed(2)} s (${Math.round(result.events / seconds)} events/s).`);
  console.log(result.equal ? 'The rebuilt read models equal the live ones.' : 'The rebuilt read models DIFFER from the live ones (see the table).');
  console.log(swap ? 'Swapped the rebuilt read models in.' : 'Checked only (--check): nothing was swapped.');
  if (!result.equal) exitCode = 1;
} finally {
  await db.destroy();
  await database.stop();
}
process.exit(exitCode);
