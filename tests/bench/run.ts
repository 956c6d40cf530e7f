import { rm } from 'node:fs/promises';
import path from 'node:path';
import { benchBackend } from './backend.ts';
import { benchCapacity } from './capacity.ts';
import { benchHistory } from './history.ts';
import { benchDatabase, printTable, type Row } from './support.ts';

/** `npm run bench`: every figure printed beside an anchor measured in the same run on the same machine. */
const sections = (process.env.BENCH_SECTIONS ?? 'backend,history,capacity,scenarios,bulk,bulk-engineers,live,client,import,webhooks,actuals,reports,levelling,scopes').split(',');
const progress = (message: string) => process.stderr.write(`[bench] ${message}\n`);
const rows: Row[] = [];
const database = await benchDatabase();
const benches: Record<string, () => Promise<Row[]>> = {
  backend: () => benchBackend(database.url, progress),
  history: () => benchHistory(database.url, progress),
  capacity: () => benchCapacity(database.url, progress),
  scenarios: async () => (await import('./scenarios.ts')).benchScenarios(database.url, progress),
  bulk: async () => (await import('./bulk.ts')).benchBulk(database.url, progress),
  'bulk-engineers': async () => (await import('./bulk-engineers.ts')).benchBulkEngineers(database.url, progress),
  live: async () => (await import('./live.ts')).benchLive(database.url, progress),
  client: async () => (await import('./client.ts')).benchClient(database.url, progress),
  // The client section's cold loads alone (quick with BENCH_CLIENT_RUNS=3).
  cold: async () => (await import('./cold.ts')).benchColdLoads(database.url, progress),
  import: async () => (await import('./import.ts')).benchImport(database.url, progress),
  webhooks: async () => (await import('./webhooks.ts')).benchWebhooks(database.url, progress),
  actuals: async () => (await import('./actuals.ts')).benchActuals(database.url, progress),
  reports: async () => (await import('./reports.ts')).benchReports(database.url, progress),
  levelling: async () => (await import('./levelling.ts')).benchLevelling(database.url, progress),
  scopes: async () => (await import('./scopes.ts')).benchScopes(database.url, progress),
};
let failed = false;
try {
  for (const section of sections) {
    const bench = benches[section];
    if (!bench) throw new Error(`unknown bench section ${section}: one of ${Object.keys(benches).join(', ')}`);
    // A section that fails says so in the table; the figures of the others are not lost with it.
    try {
      rows.push(...(await bench()));
    } catch (error) {
      failed = true;
      progress(`${section} failed: ${(error as Error).stack ?? error}`);
      rows.push({ section, measure: 'FAILED', figure: (error as Error).message.slice(0, 200), anchor: '', ratio: '' });
    }
  }
} finally {
  await database.close();
  await rm(path.resolve('data', `bench-postgres-${process.pid}`), { recursive: true, force: true });
}
console.log('');
printTable(rows);
if (failed) process.exitCode = 1;
