import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../db/connect.ts';
import { headCursor } from '../event-store/read.ts';
import type { Consistent } from './consistent-read.ts';

/**
 * Reads that are worth keeping until the next write: readConsistent's answer, remembered per
 * PostgreSQL snapshot and key (say, a range of dates).
 *
 * The key is the snapshot, not X-Cursor: the cursor stops before the oldest transaction still in
 * flight, so a later one can commit (and change the read models) while the cursor stays put. Two
 * equal snapshots (xmin:xmax:in-progress list) see exactly the same committed transactions, and any
 * commit or abort changes the text, so a hit is the same answer a fresh read would give. The
 * server's start time goes into the key as well: a restored or failed-over database may hand out
 * the same numbers for different data.
 *
 * The snapshot is the whole server's, though; reads that change only with events say so
 * (changedOnlyByEvents) and are kept by the events their snapshot sees instead (versionOf).
 *
 * Entries are dropped as soon as another snapshot is read: after a write nobody asks for the old one
 * again (while a write commits, two snapshots may take turns; that costs reads, never correctness).
 * Concurrent readers of one key share a single read. What a read returns is shared by every hit, so
 * callers must not change it.
 */
/** Events counted for a version by events at most (see versionOf). */
const COUNTED_AT_MOST = 5_000;

export class SnapshotCache<T> {
  private snapshot = '';
  /** changedOnlyByEvents: the xmin that the kept entries' version counts events from (see read). */
  private anchor: bigint | null = null;
  private readonly entries = new Map<string, Promise<{ value: T; cursor: string }>>();

  /**
   * `size` keys per snapshot at most, least recently used dropped first; 0 turns the cache off.
   * `changedOnlyByEvents`: what `read` reads changes only in transactions that append events (the read
   * models are written with their events), so the entries are kept across snapshots that see the same
   * events; see `versionOf`.
   */
  constructor(private readonly size: number, private readonly options: { changedOnlyByEvents?: boolean } = {}) {}

  read(db: Db, key: string, read: (trx: DbOrTrx) => Promise<T>): Promise<Consistent<T>> {
    return db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        const { snapshot, started, xmin } = await trx
          .selectNoFrom((eb) => [
            eb.cast<string>(eb.fn('pg_current_snapshot'), 'text').as('snapshot'),
            eb.cast<string>(eb.fn('pg_postmaster_start_time'), 'text').as('started'),
            eb.cast<string>(eb.fn('pg_snapshot_xmin', [eb.fn('pg_current_snapshot')]), 'text').as('xmin'),
          ])
          .executeTakeFirstOrThrow();
        const fresh = async () => ({ value: await read(trx), cursor: await headCursor(trx) });
        if (this.size === 0) return { ...(await fresh()), snapshot };
        const byEvents = this.options.changedOnlyByEvents ? await this.versionOf(trx, started, BigInt(xmin)) : undefined;
        // A snapshot older than the entries' anchor is read afresh and kept nowhere.
        if (byEvents === null) return { ...(await fresh()), snapshot };
        const version = byEvents ?? `${started} ${snapshot}`;
        if (version !== this.snapshot) {
          this.snapshot = version;
          this.entries.clear();
        }
        let entry = this.entries.get(key);
        const kept = entry !== undefined;
        if (entry) {
          this.entries.delete(key);
        } else {
          entry = fresh();
          entry.catch(() => this.entries.get(key) === entry && this.entries.delete(key));
          if (this.entries.size >= this.size) this.entries.delete(this.entries.keys().next().value!);
        }
        this.entries.set(key, entry);
        const { value, cursor } = await entry;
        // The log's head as this snapshot sees it: an entry kept by events may have been read in an earlier snapshot.
        return { value, cursor: kept && byEvents ? await headCursor(trx) : cursor, snapshot };
      });
  }

  /**
   * The version of what this snapshot sees of this database, for reads that change only with events.
   * pg_current_snapshot() is the whole server's: on a server other databases (other apps, other
   * tenants, tests) also use, it moves with every write anywhere, and the entries would be dropped
   * all the time. Every transaction below the anchor (a snapshot's xmin) had ended before the entries
   * were read and before any snapshot whose xmin is at or above it; so two such snapshots see the same
   * events exactly when they see the same ones appended by transactions from the anchor on. Snapshots
   * taken later see every commit an earlier one saw, so the same ones means as many rows. Null for a
   * snapshot older than the anchor (its request began before the entries were read); undefined when
   * more than COUNTED_AT_MOST events were appended since this snapshot's xmin (then the snapshot decides).
   */
  private async versionOf(trx: DbOrTrx, started: string, xmin: bigint): Promise<string | null | undefined> {
    // Counted up to a bound: a transaction left open anywhere on the server holds xmin back, and
    // counting every event since would cost more than it saves. Past it, the whole snapshot is the version.
    const count = async (from: bigint) =>
      Number((await sql<{ n: number }>`
        select count(*)::int as n from (select 1 from events where transaction_id >= ${from.toString()}::xid8 limit ${COUNTED_AT_MOST + 1}) as since`.execute(trx)).rows[0]!.n);
    if (this.anchor !== null && this.snapshot.startsWith(`${started} ${this.anchor} `)) {
      if (xmin < this.anchor) return null;
      const n = await count(this.anchor);
      const version = `${started} ${this.anchor} ${n}`;
      if (version === this.snapshot && n <= COUNTED_AT_MOST) return version;
    }
    // New entries from here: counted from this snapshot's xmin, the fewest rows to count.
    const n = await count(xmin);
    this.anchor = n <= COUNTED_AT_MOST ? xmin : null;
    return this.anchor === null ? undefined : `${started} ${xmin} ${n}`;
  }
}
