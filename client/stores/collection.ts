import { proxy, ref } from 'valtio/vanilla';
import { errorMessage } from '../lib/api.ts';
import { yieldToMain } from '../lib/slices.ts';

/**
 * A loaded collection: its data, a loading flag and an error message.
 * The data is kept as a valtio `ref`: it is replaced whole (by a load or by a live event folded in
 * with the domain reducers), never mutated in place, so it need not be proxied deeply. That keeps
 * 20,000 assignments cheap to hold and to snapshot.
 */
export type Ref<T> = T extends object ? T & { $$valtioSnapshot: T } : T;

const asRef = <T,>(value: T) => (value !== null && typeof value === 'object' ? ref(value) : value) as Ref<T>;

export type Collection<T> = {
  data: T;
  loading: boolean;
  error: string | null;
  /** True once a load has succeeded: screens show skeletons only before that. */
  loaded: boolean;
};

/**
 * Whether a collection's first answer is still to come: not loaded and not failed. `loading` alone is
 * false before the load has started (a list asked for after the first paint), and a screen that took
 * that for "loaded" drew zeros beside figures that had already come ("Current Running 0" beside 186 %).
 */
export const awaitingFirstLoad = (collection: Pick<Collection<unknown>, 'loaded' | 'error'>) => !collection.loaded && collection.error === null;

/**
 * Watches every collection's loads (for the live channel): `started` when a load begins, `loaded`
 * once its answer has replaced the data (with the body as received, which carries the list's position
 * in the event log), `ended` once per started load whatever became of it.
 */
export type LoadObserver = {
  started?: (state: Collection<unknown>) => void;
  loaded?: (state: Collection<unknown>, data: unknown) => void;
  ended?: (state: Collection<unknown>) => void;
};
const observers = new Set<LoadObserver>();
export function observeLoads(observer: LoadObserver): () => void {
  observers.add(observer);
  return () => void observers.delete(observer);
}

/** From this many items, a list that has just arrived is handed to the screens in a task of its own. */
const LARGE_LIST = 1_000;

export function createCollection<T>(initial: () => T, fetcher: () => Promise<T>) {
  const state = proxy<Collection<Ref<T>>>({ data: asRef(initial()), loading: false, error: null, loaded: false });
  let latest = 0;

  /** Loading, then success (data replaced by the response body) or failure (error set); loading cleared in both. */
  async function load(): Promise<boolean> {
    const id = ++latest;
    state.loading = true;
    state.error = null;
    const observed = state as Collection<unknown>;
    for (const observer of observers) observer.started?.(observed);
    try {
      const data = await fetcher();
      // Parsing 20,000 assignments is a task's worth of work already: the screens redraw in the next one.
      if (Array.isArray(data) && data.length >= LARGE_LIST) await yieldToMain();
      if (id !== latest) return false;
      state.data = asRef(data ?? initial());
      state.loaded = true;
      for (const observer of observers) observer.loaded?.(observed, data);
      return true;
    } catch (error) {
      if (id !== latest) return false;
      state.error = errorMessage(error);
      return false;
    } finally {
      if (id === latest) state.loading = false;
      for (const observer of observers) observer.ended?.(observed);
    }
  }

  /** Replaces the data (a live event folded in, or a value the session already holds). */
  function set(data: T) {
    state.data = asRef(data);
    state.loaded = true;
  }

  /** Back to empty, e.g. when the session ends, so the next user never sees this one's data. */
  function reset() {
    latest += 1;
    state.data = asRef(initial());
    state.loading = false;
    state.error = null;
    state.loaded = false;
  }

  return { state, load, set, reset };
}
