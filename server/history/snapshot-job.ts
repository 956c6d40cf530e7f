import type { Db } from '../db/connect.ts';
import { writeDueSnapshots, type SnapshotWriter } from './plan-snapshots.ts';

export type SnapshotJobOptions = {
  every: number;
  /** A round now and then even without news: another instance may have stopped writing, or a wake-up been lost. */
  pollMs: number;
  onError: (error: unknown) => void;
  onWritten?: (count: number) => void;
};

/**
 * Keeps the plan snapshots up with the log, in the background: a round when enough new events have
 * been seen since the last one, and now and then. Rounds never overlap; wake-ups during one coalesce
 * into one more round.
 */
export class SnapshotJob {
  private readonly writer: SnapshotWriter;
  private seen = 0;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly options: SnapshotJobOptions,
  ) {
    this.writer = { every: options.every };
  }

  start(): void {
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** New events were seen in the log: a round once a snapshot's worth may have gathered. */
  notice(events: number): void {
    this.seen += events;
    if (this.seen >= this.options.every) this.wake();
  }

  /** Settles when the round in progress, and any asked for during it, have run. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.seen = 0;
    this.running = writeDueSnapshots(this.db, this.writer)
      .then(({ written, pending }) => {
        // Events noticed during the round may be among those it wrote or counted: counting them twice
        // only brings the next round early, while not counting them could leave a snapshot unwritten.
        this.seen += pending;
        if (this.seen >= this.options.every) this.again = true;
        if (written > 0) this.options.onWritten?.(written);
      })
      .catch((error) => this.options.onError(error))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }
}
