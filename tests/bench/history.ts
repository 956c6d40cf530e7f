import { sql } from 'kysely';
import { createDb, createPool } from '../../server/db/connect.ts';
import { planAt } from '../../server/history/plan-at.ts';
import { rebuildReadModels } from '../../server/projections/rebuild.ts';
import { fmt, latencies, percentile, type Row } from './support.ts';

/** Issue 6's bench: the plan as of a moment, and rebuild throughput beside a raw read of the same events. */
export async function benchHistory(databaseUrl: string, progress: (message: string) => void): Promise<Row[]> {
  const db = createDb(createPool(databaseUrl, 4));
  try {
    const { rows } = await sql<{ n: number; first: Date; last: Date }>`
      select count(*)::int as n, min(recorded_at) as first, max(recorded_at) as last from events`.execute(db);
    const { n, first, last } = rows[0]!;
    progress(`plan as of a moment over ${n.toLocaleString('en-US')} events`);
    const span = last.getTime() - first.getTime();
    let i = 0;
    const times = await latencies(15, async () => {
      // Moments spread over the history, the latest ones folding nearly every event.
      const at = new Date(first.getTime() + span * (0.5 + 0.5 * ((i++ % 5) / 4)));
      await planAt(db, { at });
    }, 2);
    const t0 = performance.now();
    const raw = await sql`select type, schema_version, data, stream_position from events order by events.transaction_id, events.global_position`.execute(db);
    const rawMs = performance.now() - t0;
    const rows_: Row[] = [{
      section: 'history',
      measure: `plan as of a moment, ${n.toLocaleString('en-US')} events`,
      figure: `p50 ${fmt(percentile(times, 50), 0)} ms, p99 ${fmt(percentile(times, 99), 0)} ms`,
      anchor: `raw read of the same events: ${fmt(rawMs, 0)} ms`,
      ratio: `${fmt(percentile(times, 50) / rawMs, 2)}x p50`,
    }];
    progress('rebuild (check only)');
    const r0 = performance.now();
    const result = await rebuildReadModels(db, { swap: false });
    const rebuildSeconds = (performance.now() - r0) / 1000;
    rows_.push({
      section: 'history',
      measure: `npm run rebuild (fold + fresh tables + compare), ${result.equal ? 'equal to live' : 'DIFFERS from live'}`,
      figure: `${fmt(result.events / rebuildSeconds, 0)} events/s`,
      anchor: `raw event read: ${fmt(raw.rows.length / (rawMs / 1000), 0)} events/s`,
      ratio: `${fmt(result.events / rebuildSeconds / (raw.rows.length / (rawMs / 1000)), 2)}x`,
    });
    return rows_;
  } finally {
    await db.destroy();
  }
}
