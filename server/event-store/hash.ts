import { hash } from 'node:crypto';

/** JSON with object keys sorted at every depth: jsonb does not keep key order, the hash must not care. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export type HashedFields = {
  streamId: string;
  streamPosition: number;
  eventId: string;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: unknown;
  recordedAt: string;
};

export const GENESIS = '0'.repeat(64);

/**
 * Tamper evidence: each event's hash covers its content and the previous event's hash in
 * its stream, so altering any stored event breaks the chain from that event on.
 */
export function eventHash(previous: string, e: HashedFields): string {
  // One-shot hashing: several times faster than createHash().update().digest() for short inputs, same digest.
  return hash('sha256', [previous, e.streamId, e.streamPosition, e.eventId, e.type, e.schemaVersion, canonicalJson(e.data), canonicalJson(e.metadata), e.recordedAt].join('\n'), 'hex');
}
