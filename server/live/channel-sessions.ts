import type { Viewer } from './visibility.ts';

type Channel = { close: () => void };
type Opened = { sid: string; role: Viewer['role'] };
type Rights = { role: Viewer['role'] };

/**
 * Every open live channel and the session it was opened with, so that an ended session's channels
 * (signed out, deactivated, role changed — on any instance, or in SQL) can be closed. `sweep` asks
 * the database about all of them in one query and closes those no longer good.
 *
 * A sweep judges only the channels it asked about: one opened while the query ran (a page reloaded,
 * its new socket bearing the same session) is not in the answer, and closing it would sign a user
 * out for reloading while the server was busy. It is judged by the next sweep.
 */
export class ChannelSessions {
  private readonly channels = new Map<Channel, Opened>();
  private sweeping = false;

  /** Registers a channel; the returned function forgets it (on its own close). */
  watch(opened: Opened, close: () => void): () => void {
    const channel = { close };
    this.channels.set(channel, opened);
    return () => {
      this.channels.delete(channel);
    };
  }

  /** Closes the channels whose session `rightsOf` no longer knows or whose role changed. */
  async sweep(rightsOf: (sessionIds: string[]) => Promise<Map<string, Rights>>): Promise<void> {
    // A slow answer must not pile sweeps up behind it: the next one starts after this one ends.
    if (this.sweeping || this.channels.size === 0) return;
    this.sweeping = true;
    try {
      const judged = [...this.channels];
      const rights = await rightsOf([...new Set(judged.map(([, opened]) => opened.sid))]);
      for (const [channel, opened] of judged) {
        if (!this.channels.has(channel)) continue;
        const now = rights.get(opened.sid);
        if (!now || now.role !== opened.role) {
          this.channels.delete(channel);
          channel.close();
        }
      }
    } finally {
      this.sweeping = false;
    }
  }
}
