/**
 * Big work in small tasks. A browser task that runs longer than a frame or two blocks input and
 * drawing (the goal: no main-thread task over 200 ms, with 2,000 engineers and 20,000 assignments,
 * on a busy two-core machine), so work that grows with the plan stops every few milliseconds and
 * lets the browser run what is waiting before it goes on.
 */

type Scheduler = { yield?: () => Promise<void> };

/**
 * Ends the current task: resolves in a new one, after whatever the browser has waiting. Chromium's
 * `scheduler.yield()` resumes ahead of other queued tasks; elsewhere a zero timeout does the same job.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** How long one slice may run before it yields: well under a frame, so even a slowed-down CPU stays far below a long task. */
export const SLICE_BUDGET_MS = 8;

/**
 * `items.map(map)`, in slices of about `budgetMs` each, one task apiece. Resolves to null, without
 * finishing, once `cancelled()` says the answer is no longer wanted (the data moved on meanwhile).
 */
export async function mapInSlices<T, R>(
  items: readonly T[],
  map: (item: T) => R,
  cancelled: () => boolean = () => false,
  budgetMs = SLICE_BUDGET_MS,
): Promise<R[] | null> {
  const out: R[] = [];
  let sliceStart = performance.now();
  for (const item of items) {
    if (performance.now() - sliceStart > budgetMs) {
      await yieldToMain();
      if (cancelled()) return null;
      sliceStart = performance.now();
    }
    out.push(map(item));
  }
  return out;
}
