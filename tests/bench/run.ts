import { rm } from 'node:fs/promises';
import path from 'node:path';
import { benchBackend } from './backend.ts';
import { benchCapacity } from './capacity.ts';
import { benchHistory } from './history.ts';
import { benchDatabase, printTable, type Row } from './support.ts';

/** `npm run bench`: every figure printed beside an anchor measured in the same run on the same machine. */
const sections = (process.env.BENCH_SECTIONS ?? 'backend,history,capacity,scenarios,live,client,import').split(',');
const progress = (message: string) => process.stderr.write(`[bench] ${message}\n`);
const rows: Row[] = [];
const database = await benchDatabase();
try {
  if (sections.includes('backend')) rows.push(...(await benchBackend(database.url, progress)));
  if (sections.includes('history')) rows.push(...(await benchHistory(database.url, progress)));
  if (sections.includes('capacity')) rows.push(...(await benchCapacity(database.url, progress)));
  if (sections.includes('scenarios')) rows.push(...(await (await import('./scenarios.ts')).benchScenarios(database.url, progress)));
  if (sections.includes('live')) rows.push(...(await (await import('./live.ts')).benchLive(database.url, progress)));
  if (sections.includes('client')) rows.push(...(await (await import('./client.ts')).benchClient(database.url, progress)));
  if (sections.includes('import')) rows.push(...(await (await import('./import.ts')).benchImport(database.url, progress)));
} finally {
  await database.close();
  await rm(path.resolve('data', `bench-postgres-${process.pid}`), { recursive: true, force: true });
}
console.log('');
printTable(rows);
