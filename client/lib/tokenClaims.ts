/**
 * A token's claims, read without checking its signature: hints for the browser only (which screens to
 * read ahead, how long to keep a cookie); the server checks every token it is given. Null when the
 * token has no payload or the payload is not a JSON object.
 */
export function tokenClaims(token: string | null): Record<string, unknown> | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
