/**
 * Whether an error means the database session is gone or cannot be had right now (a restart, a
 * failover, an administrator's pg_terminate_backend, a session timeout, an unreachable host), as
 * opposed to a query the database refused. Only the first kind is worth a 503 and a retry.
 */

// SQLSTATEs the server sends as it ends a session or refuses a new one.
const sessionEndedCodes = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, or a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '57P05', // idle_session_timeout
  '25P03', // idle_in_transaction_session_timeout
  '53300', // too_many_connections
]);

// What the socket reports when the host is down, restarting or cut off.
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

// node-postgres and pg-pool have no codes for these; their messages are stable across versions.
const driverMessages = [
  'Connection terminated',
  'not queryable',
  'timeout exceeded when trying to connect',
  'Postgres connection has been discarded',
];

export function isConnectionError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, message, errors, cause } = error as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof code === 'string' && (sessionEndedCodes.has(code) || code.startsWith('08') || networkCodes.has(code))) return true;
  if (typeof message === 'string' && driverMessages.some((text) => message.includes(text))) return true;
  // A host name with several addresses fails with one AggregateError of the attempts.
  if (Array.isArray(errors) && errors.some((inner) => isConnectionError(inner, depth + 1))) return true;
  return isConnectionError(cause, depth + 1);
}

/**
 * Runs `work` again, once, when it failed because the session was lost. Only for work that is safe to
 * repeat: a read, or a write whose Idempotency-Key makes a second run return the first one's answer.
 */
export async function retryOnceIfDisconnected<T>(work: () => Promise<T>, canRetry: () => boolean = () => true): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isConnectionError(error) || !canRetry()) throw error;
    // The other pooled sessions were usually cut in the same moment: let the pool see their errors and
    // drop them first, so the retry gets a fresh connection rather than another dead one.
    await new Promise((resolve) => setTimeout(resolve, 25));
    return work();
  }
}
