import { Presets, SingleBar } from 'cli-progress';
import { loadConfig } from '../config.ts';
import { createDb, createPool } from '../db/connect.ts';
import { verifyHistory } from '../history/verify.ts';
import { resolveDatabase } from '../runtime/database.ts';

/** `npm run verify-history`: checks every stream's hash chain and names each altered event; exit 1 if any. */
const config = loadConfig();
const database = await resolveDatabase(config);
const db = createDb(createPool(database.url, 2));
let exitCode = 0;
try {
  const bar = new SingleBar({ format: 'Verifying [{bar}] {percentage}% | {value}/{total} events' }, Presets.shades_classic);
  bar.start(1, 0);
  const result = await verifyHistory(db, (checked, total) => { bar.setTotal(Math.max(total, 1)); bar.update(checked); });
  bar.stop();
  if (result.ok) {
    console.log(`History intact: ${result.events} events in ${result.streams} streams, every hash chain checks out.`);
  } else {
    if (result.altered.length > 0) console.log(`History ALTERED: ${result.altered.length} event(s) do not match their hash chain:`);
    for (const a of result.altered) console.log(`  ${a.eventId}  ${a.streamId} #${a.streamPosition}  ${a.type}  recorded ${a.recordedAt}`);
    if (result.gaps.length > 0) console.log(`History INCOMPLETE: ${result.gaps.length} stream(s) are missing events:`);
    for (const g of result.gaps) console.log(`  ${g.streamId}: version ${g.expectedVersion}, ${g.positions} event(s) stored`);
    exitCode = 1;
  }
} finally {
  await db.destroy();
  await database.stop();
}
process.exit(exitCode);
