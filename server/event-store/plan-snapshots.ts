import { sql, type RawBuilder, type Transaction } from 'kysely';
import { compareCursors, START, type Cursor } from '../../domain/index.ts';
import type { Db, DbOrTrx } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { positionIs } from './commit-order.ts';
import type { ReplayBound } from './replay.ts';

/** A snapshot of the folded plan, without the plan: the last event it holds and what it knows of their times. */
export type SnapshotInfo = { cursor: Cursor; eventCount: number; recordedAtLast: Date; recordedAtMax: Date };
export type NewSnapshot = SnapshotInfo & { format: string; segmentRecordedAtMin: Date; plan: Buffer };

/**
 * A stretch of the log in commit order: after one cursor, up to and including another (or to the end),
 * and when known, the earliest time any event in it was recorded.
 */
export type Span = { after: Cursor; through?: Cursor; recordedFrom?: Date };

/** Where folding up to a bound can start, and the stretches of the log after it that may hold its events. */
export type FoldStart = { snapshot?: SnapshotInfo; spans: Span[] };

type InfoRow = { transaction_id: string; global_position: number; event_count: number; recorded_at_last: Date; recorded_at_max: Date };

const infoColumns = sql`transaction_id::text as transaction_id, global_position, event_count, recorded_at_last, recorded_at_max`;
// The table's xid8 columns by name: the select lists' text alias of the transaction id would sort '9999' after '10000'.
const newestFirst = sql`order by plan_snapshots.transaction_id desc, plan_snapshots.global_position desc`;

const toInfo = (row: InfoRow): SnapshotInfo => ({
  cursor: { transactionId: row.transaction_id, globalPosition: Number(row.global_position) },
  eventCount: Number(row.event_count),
  recordedAtLast: row.recorded_at_last,
  recordedAtMax: row.recorded_at_max,
});

const cursorOf = (row: { transaction_id: string; global_position: number }): Cursor => ({
  transactionId: row.transaction_id,
  globalPosition: Number(row.global_position),
});

/** The newest snapshot of a format, without its plan. */
export async function newestSnapshot(db: DbOrTrx, format: string): Promise<SnapshotInfo | undefined> {
  const { rows } = await sql<InfoRow>`
    select ${infoColumns} from plan_snapshots where format = ${format} ${newestFirst} limit 1`.execute(db);
  return rows[0] && toInfo(rows[0]);
}

export async function readSnapshotPlan(db: DbOrTrx, format: string, cursor: Cursor): Promise<Buffer | undefined> {
  const { rows } = await sql<{ plan: Buffer }>`
    select plan from plan_snapshots where format = ${format} and ${positionIs('=', cursor)}`.execute(db);
  return rows[0]?.plan;
}

/**
 * The nearest snapshot whose events all belong to the answer for `bound`, and the stretches after it
 * that may hold the rest of the answer.
 *
 * Up to a cursor the answer is a prefix of the log: the newest snapshot at or before it, then on to it.
 *
 * Up to a moment the answer is every event recorded by then, and commit order is not recorded_at order:
 * an event is stamped by its writer's clock when appended, while its transaction's place in the log is
 * taken at the transaction's first write (a transaction can append after a younger one has committed,
 * and instances' clocks differ). So the answer need not be a prefix of the log. A snapshot
 * serves only if every event it holds was recorded by then (recorded_at_max). After it, an event of
 * the answer can sit anywhere the log has not been snapshotted yet, or in a snapshot's own stretch that
 * starts no later than the moment (segment_recorded_at_min): the stretches between the newest such
 * snapshot and the newest snapshot of all hold none, and are not read. Snapshots are written one after
 * the other, each stretch starting where the previous one ended, so their stretches cover the log.
 */
export async function findFoldStart(db: DbOrTrx, format: string, bound: ReplayBound): Promise<FoldStart> {
  if ('cursor' in bound) {
    const base = await snapshotWhere(db, format, positionIs('<=', bound.cursor), newestFirst);
    return { snapshot: base, spans: [{ after: base?.cursor ?? START }] };
  }
  const [base, newest] = await Promise.all([
    snapshotWhere(db, format, sql`recorded_at_max <= ${bound.at}`, sql`order by recorded_at_max desc, plan_snapshots.transaction_id desc, plan_snapshots.global_position desc`),
    newestSnapshot(db, format),
  ]);
  const after = base?.cursor ?? START;
  if (!newest || compareCursors(newest.cursor, after) <= 0) return { snapshot: base, spans: [{ after }] };
  // The newest snapshot whose stretch starts by then, and the earliest time in the stretches up to it.
  const { rows } = await sql<{ transaction_id: string; global_position: number; recorded_from: Date }>`
    select reach.transaction_id::text as transaction_id, reach.global_position,
           (select min(s.segment_recorded_at_min) from plan_snapshots s
             where s.format = ${format} and ${positionIs('>', after)}
               and (s.transaction_id, s.global_position) <= (reach.transaction_id, reach.global_position)) as recorded_from
      from (select transaction_id, global_position from plan_snapshots
             where format = ${format} and ${positionIs('>', after)} and segment_recorded_at_min <= ${bound.at} ${newestFirst} limit 1) as reach`.execute(db);
  const reach = rows[0];
  const tail: Span = { after: newest.cursor };
  if (!reach) return { snapshot: base, spans: [tail] };
  // Every event between the base and the reached snapshot was recorded no earlier than recorded_from:
  // saying so keeps the database's search by time to that stretch, however long the log.
  return { snapshot: base, spans: [{ after, through: cursorOf(reach), recordedFrom: reach.recorded_from }, tail] };
}

async function snapshotWhere(db: DbOrTrx, format: string, condition: RawBuilder<unknown>, order: RawBuilder<unknown>): Promise<SnapshotInfo | undefined> {
  const { rows } = await sql<InfoRow>`
    select ${infoColumns} from plan_snapshots where format = ${format} and ${condition} ${order} limit 1`.execute(db);
  return rows[0] && toInfo(rows[0]);
}

export async function insertSnapshot(db: DbOrTrx, s: NewSnapshot): Promise<void> {
  await sql`
    insert into plan_snapshots (cursor, transaction_id, global_position, format, event_count, recorded_at_last, recorded_at_max, segment_recorded_at_min, plan)
    values (${`${s.cursor.transactionId}:${s.cursor.globalPosition}`}, ${s.cursor.transactionId}::xid8, ${s.cursor.globalPosition}, ${s.format},
            ${s.eventCount}, ${s.recordedAtLast}, ${s.recordedAtMax}, ${s.segmentRecordedAtMin}, ${s.plan})`.execute(db);
}

/** Snapshots of other formats: folds by other reducers, never read again. */
export async function dropOtherFormats(db: DbOrTrx, format: string): Promise<number> {
  const result = await sql`delete from plan_snapshots where format <> ${format}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Every snapshot, waiting for a writer of snapshots to finish first (see withSnapshotLock). */
export async function dropAllSnapshots(trx: Transaction<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${SNAPSHOT_LOCK})`.execute(trx);
  await sql`delete from plan_snapshots`.execute(trx);
}

// One writer of snapshots per database at a time, whatever the number of server instances.
const SNAPSHOT_LOCK = 0x706c616e; // "plan"

/**
 * Runs `work` in a transaction that holds the snapshot writers' lock, or returns undefined at once when
 * another session holds it. The lock goes with the transaction, so a writer that dies frees it.
 */
export async function withSnapshotLock<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T | undefined> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${SNAPSHOT_LOCK}) as locked`.execute(trx);
    return rows[0]!.locked ? work(trx) : undefined;
  });
}
