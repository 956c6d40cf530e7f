/**
 * When a failing webhook endpoint is tried again, and when it is given up on. Pure: the worker passes
 * the clock and its configured timings in, so tests run the same schedule in milliseconds.
 */
export type RetryTimings = {
  /** The wait after the first failure; each further failure doubles it. */
  baseMs: number;
  /** No wait grows beyond this, so a long outage is still retried regularly. */
  maxMs: number;
  /** Failing this long without one success pauses the endpoint (24 h in production). */
  giveUpMs: number;
};

/** The wait before attempt `failures + 1`, after `failures` failures in a row (1 or more). */
export function backoffMs(failures: number, timings: Pick<RetryTimings, 'baseMs' | 'maxMs'>): number {
  if (failures < 1) return 0;
  // 2^30 already passes any sensible maximum; capping the exponent keeps the number finite.
  const doubled = timings.baseMs * 2 ** Math.min(failures - 1, 30);
  return Math.min(doubled, timings.maxMs);
}

export type FailureOutcome =
  | { kind: 'retry'; failingSince: number; failures: number; nextAttemptAt: number }
  | { kind: 'pause'; failingSince: number; failures: number };

/**
 * What one more failed delivery means for an endpoint: try again after the backoff, or pause it once it
 * has been failing for `giveUpMs` (counted from its first failure since the last success).
 */
export function afterFailure(
  state: { failingSince: number | null; failures: number },
  now: number,
  timings: RetryTimings,
): FailureOutcome {
  const failingSince = state.failingSince ?? now;
  const failures = state.failures + 1;
  if (now - failingSince >= timings.giveUpMs) return { kind: 'pause', failingSince, failures };
  return { kind: 'retry', failingSince, failures, nextAttemptAt: now + backoffMs(failures, timings) };
}
