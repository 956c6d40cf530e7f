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
 * Entries are dropped as soon as another snapshot is read: after a write nobody asks for the old one
 * again (while a write commits, two snapshots may take turns; that costs reads, never correctness).
 * Concurrent readers of one key share a single read. What a read returns is shared by every hit, so
 * callers must not change it.
 */
export class SnapshotCache<T> {
  private snapshot = '';
  private readonly entries = new Map<string, Promise<{ value: T; cursor: string }>>();

  /** `size` keys per snapshot at most, least recently used dropped first; 0 turns the cache off. */
  constructor(private readonly size: number) {}

  read(db: Db, key: string, read: (trx: DbOrTrx) => Promise<T>): Promise<Consistent<T>> {
    return db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        const { snapshot, started } = await trx
          .selectNoFrom((eb) => [
            eb.cast<string>(eb.fn('pg_current_snapshot'), 'text').as('snapshot'),
            eb.cast<string>(eb.fn('pg_postmaster_start_time'), 'text').as('started'),
          ])
          .executeTakeFirstOrThrow();
        const fresh = async () => ({ value: await read(trx), cursor: await headCursor(trx) });
        if (this.size === 0) return { ...(await fresh()), snapshot };
        const version = `${started} ${snapshot}`;
        if (version !== this.snapshot) {
          this.snapshot = version;
          this.entries.clear();
        }
        let entry = this.entries.get(key);
        if (entry) {
          this.entries.delete(key);
        } else {
          entry = fresh();
          entry.catch(() => this.entries.get(key) === entry && this.entries.delete(key));
          if (this.entries.size >= this.size) this.entries.delete(this.entries.keys().next().value!);
        }
        this.entries.set(key, entry);
        return { ...(await entry), snapshot };
      });
  }
}
