import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// Frozen copy of the hash as it was defined when this migration was written (server/event-store/hash.ts).
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table events add column hash text`.execute(db);
  // Backfill the chain for events written before it existed; the append-only guard is lifted for this
  // one statement set, inside the migration's own transaction, and restored right after.
  await sql`alter table events disable trigger events_no_update_or_delete`.execute(db);
  const { rows } = await sql<{ stream_id: string; stream_position: string | number; event_id: string; type: string; schema_version: number; data: unknown; metadata: unknown; recorded_at: Date }>`
    select stream_id, stream_position, event_id, type, schema_version, data, metadata, recorded_at
      from events order by stream_id, stream_position`.execute(db);
  let stream = '';
  let previous = '';
  for (const row of rows) {
    if (row.stream_id !== stream) {
      stream = row.stream_id;
      previous = '0'.repeat(64);
    }
    previous = createHash('sha256')
      .update([previous, row.stream_id, Number(row.stream_position), row.event_id, row.type, row.schema_version, canonicalJson(row.data), canonicalJson(row.metadata), row.recorded_at.toISOString()].join('\n'))
      .digest('hex');
    await sql`update events set hash = ${previous} where stream_id = ${row.stream_id} and stream_position = ${row.stream_position}`.execute(db);
  }
  await sql`alter table events enable trigger events_no_update_or_delete`.execute(db);
  await sql`alter table events alter column hash set not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table events drop column hash`.execute(db);
}
