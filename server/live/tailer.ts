import pg from 'pg';
import { compareCursors, parseCursor, type Cursor, type RecordedEvent } from '../../domain/index.ts';
import type { Db } from '../db/connect.ts';
import { headCursor, readAll } from '../event-store/read.ts';
import type { AssignmentOwners } from './owners.ts';

type Listener = (events: RecordedEvent[]) => void;

/**
 * One per server instance: follows the event log in commit-safe order from the head at start-up
 * (see docs/architecture.md, 'Event store rules'). NOTIFY on a dedicated connection only wakes it; a
 * fallback poll covers lost notifications and reconnects. Several instances each tail the same database: it is the bus.
 */
export class EventTailer {
  cursor: Cursor = { transactionId: '0', globalPosition: 0 };
  private readonly listeners = new Set<Listener>();
  private listener: pg.Client | null = null;
  private pumping: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly connectionString: string,
    private readonly owners: AssignmentOwners,
    private readonly options: { pollMs: number; onError: (error: unknown) => void },
  ) {}

  async start(): Promise<void> {
    this.cursor = parseCursor(await headCursor(this.db))!;
    await this.owners.load(this.db);
    await this.listen();
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.pumping?.catch(() => undefined);
    await this.listener?.end().catch(() => undefined);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Reads until caught up; overlapping wake-ups coalesce into one more round. */
  wake(): void {
    if (this.stopped) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = this.pump()
      .catch((error) => this.options.onError(error))
      .finally(() => {
        this.pumping = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async pump(): Promise<void> {
    for (;;) {
      const page = await readAll(this.db, { after: this.cursor, limit: 500 });
      if (page.events.length === 0) return;
      for (const event of page.events) this.owners.learn(event);
      const next = parseCursor(page.next)!;
      if (compareCursors(next, this.cursor) <= 0) return;
      this.cursor = next;
      for (const listener of this.listeners) listener(page.events);
    }
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    // keepAlive: a failover can leave the socket half-open, and a dead LISTEN would wait forever.
    const client = new pg.Client({ connectionString: this.connectionString, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    client.on('notification', () => this.wake());
    client.on('error', (error) => {
      if (this.stopped) return;
      this.options.onError(error);
      void this.reconnect(client);
    });
    client.on('end', () => void this.reconnect(client));
    try {
      await client.connect();
      await client.query('listen events_appended');
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.listener = client;
    // Anything committed while we were not listening is read now, from the cursor we kept.
    this.wake();
  }

  /** With backoff (0.2 s doubling to 5 s); meanwhile the fallback poll keeps the feed going. */
  private async reconnect(old: pg.Client): Promise<void> {
    if (this.stopped || this.listener !== old) return;
    this.listener = null;
    for (let delay = 200; !this.stopped; delay = Math.min(delay * 2, 5_000)) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      try {
        await this.listen();
        return;
      } catch (error) {
        this.options.onError(error);
      }
    }
  }
}
