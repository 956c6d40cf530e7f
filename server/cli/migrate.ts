import { loadConfig } from '../config.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { resolveDatabase } from '../runtime/database.ts';

const config = loadConfig();
const database = await resolveDatabase(config);
try {
  const applied = await migrateToLatest(database.url);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date');
} finally {
  await database.stop();
}
