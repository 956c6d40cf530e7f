import { compareCursors, formatCursor, parseCursor, type Cursor, type RecordedEvent } from '../../domain/index.ts';
import type { Db } from '../db/connect.ts';
import { countAfter, readAll } from '../event-store/read.ts';
import type { AssignmentOwners } from './owners.ts';
import type { EventTailer } from './tailer.ts';
import { canSee, type Viewer } from './visibility.ts';

export type SubscriptionSink = {
  event: (event: RecordedEvent) => void;
  /** Caught up: from here on, events arrive as they commit. */
  live: (cursor: string) => void;
  /** Too far behind to replay: reload the collections; events after `cursor` follow. */
  reload: (cursor: string) => void;
};

/**
 * One client's feed: subscribe to the tailer first (buffering), replay the backlog after the client's
 * cursor, then drain the buffer dropping what was already sent — no gap, no duplicate.
 */
export class Subscription {
  private sent: Cursor;
  private catchingUp = true;
  private buffer: RecordedEvent[] = [];
  private unsubscribe: (() => void) | null = null;
  private closed = false;

  constructor(
    private readonly deps: { db: Db; tailer: EventTailer; owners: AssignmentOwners; maxBacklog: number },
    private readonly viewer: Viewer,
    after: Cursor,
    private readonly sink: SubscriptionSink,
  ) {
    this.sent = after;
  }

  async start(): Promise<void> {
    this.unsubscribe = this.deps.tailer.subscribe((events) => {
      if (this.catchingUp) this.buffer.push(...events);
      else for (const event of events) this.deliver(event);
    });
    const { db, maxBacklog } = this.deps;
    // Decide before sending anything: beyond the bound the client reloads instead of replaying. Counting
    // replayed pages alone decided only after whole pages had gone out (with a bound above the page
    // size, 500 events were sent before 'reload'); it remains the limit for a backlog that grows meanwhile.
    let tooFarBehind = (await countAfter(db, this.sent, maxBacklog + 1)) > maxBacklog;
    let replayed = 0;
    while (!this.closed && !tooFarBehind) {
      const page = await readAll(db, { after: this.sent, limit: 500 });
      if (page.events.length === 0) break;
      replayed += page.events.length;
      if (replayed > maxBacklog) {
        tooFarBehind = true;
        break;
      }
      await this.deps.owners.learnMissing(db, page.events);
      for (const event of page.events) this.deliver(event);
    }
    if (tooFarBehind && !this.closed) {
      this.sent = this.deps.tailer.cursor;
      this.sink.reload(formatCursor(this.sent));
    }
    for (const event of this.buffer) this.deliver(event);
    this.buffer = [];
    this.catchingUp = false;
    if (!this.closed) this.sink.live(formatCursor(this.sent));
  }

  close(): void {
    this.closed = true;
    this.unsubscribe?.();
  }

  private deliver(event: RecordedEvent): void {
    if (this.closed) return;
    const cursor = parseCursor(event.cursor)!;
    if (compareCursors(cursor, this.sent) <= 0) return;
    this.sent = cursor;
    if (canSee(this.viewer, event, (id) => this.deps.owners.ownerOf(id))) this.sink.event(event);
  }
}
