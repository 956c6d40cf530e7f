/**
 * Answers asked for before the screen that needs them has loaded (as the app boots, see app/readAhead.ts,
 * or as a route is entered): the screen's first request for the same key takes the answer over instead
 * of asking again, so the two waits overlap. One cache for every read ahead: the app's GETs by path
 * (lib/http.ts), the schedule's grid and the project plan.
 */

/** An answer older than this was read ahead for a visit that never asked for it, and is not handed out. */
export const READ_AHEAD_FRESH_MS = 15_000;

type Entry<T> = { at: number; answer: Promise<T>; settled?: T };

/**
 * A cache of answers by key. `one`: it keeps only the latest answer (a screen's data for one view),
 * and taking empties it, whichever key was asked.
 */
export function createReadAhead<T>({ one = false }: { one?: boolean } = {}) {
  const entries = new Map<string, Entry<T>>();
  const fresh = (key: string) => {
    const entry = entries.get(key);
    return entry && performance.now() - entry.at <= READ_AHEAD_FRESH_MS ? entry : null;
  };
  return {
    /** Asks now with `ask`, for the first `take(key)`; a second start while the first answer is fresh asks nothing more. */
    start(key: string, ask: () => Promise<T>) {
      if (fresh(key)) return;
      const answer = ask();
      // Whoever takes it handles a failure; one never taken must not be reported as unhandled.
      answer.catch(() => undefined);
      const entry: Entry<T> = { at: performance.now(), answer };
      void answer.then((data) => (entry.settled = data), () => undefined);
      if (one) entries.clear();
      entries.set(key, entry);
    },
    /** The answer read ahead for `key`, once; null when there is none or it is stale. */
    take(key: string): Promise<T> | null {
      const found = fresh(key);
      if (one) entries.clear();
      else entries.delete(key);
      return found?.answer ?? null;
    },
    /** The answer for `key` if it has already come, without taking it. */
    arrived(key: string): T | null {
      return fresh(key)?.settled ?? null;
    },
    /** `data` has been shown: no later visit may take it. */
    release(data: T) {
      for (const [key, entry] of entries) if (entry.settled === data) entries.delete(key);
    },
  };
}
