import type { EventMetadata } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';

/**
 * The one way an event is recorded at a moment other than the clock's: the demo seed, which spreads
 * the demo's history over the weeks before it is seeded so that a new install has a past to travel
 * to, compare and read actuals from (docs/architecture.md, "The demo's past").
 *
 * A seed clock belongs to one transaction: every event appended in it is recorded at the clock's
 * moment and carries `demo: true` in its metadata, so the log itself says which recorded times the
 * seed chose. The clock only moves forward and never past the moment the seed runs, so recorded
 * times follow commit order within the seed, and every later write (recorded by the real clock)
 * comes after them. No request can reach it: routes build metadata from the session, and the
 * append takes no time from its callers.
 */
export class SeedClock {
  #at: number;

  constructor(start: Date, private readonly until: Date) {
    if (start.getTime() > until.getTime()) throw new Error('A seed clock cannot start after the moment it is seeded');
    this.#at = start.getTime();
  }

  get now(): Date {
    return new Date(this.#at);
  }

  /** Moves on to `at`; a moment before the current one or after the seed's own is a bug in the seed. */
  advanceTo(at: Date): void {
    const ms = at.getTime();
    if (ms < this.#at) throw new Error(`The seed clock only moves forward: ${at.toISOString()} is before ${this.now.toISOString()}`);
    if (ms > this.until.getTime()) throw new Error(`The seed clock cannot pass the moment it is seeded: ${at.toISOString()}`);
    this.#at = ms;
  }
}

const clocks = new WeakMap<DbOrTrx, SeedClock>();

/** From now on, what `trx` appends is recorded at `clock`'s moments (the demo seed's transaction alone). */
export function recordBySeedClock(trx: DbOrTrx, clock: SeedClock): void {
  clocks.set(trx, clock);
}

/** When an append in `trx` is recorded, and the metadata it stores: the clock's now, unless the seed's clock runs it. */
export function recording(trx: DbOrTrx, metadata: EventMetadata): { recordedAt: string; metadata: EventMetadata } {
  const clock = clocks.get(trx);
  if (!clock) return { recordedAt: new Date().toISOString(), metadata };
  return { recordedAt: clock.now.toISOString(), metadata: { ...metadata, demo: true } };
}
