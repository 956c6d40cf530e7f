import { hash } from 'node:crypto';

/** JSON with object keys sorted at every depth: jsonb does not keep key order, the hash must not care. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  // Built up in loops rather than through entries, filter, sort, map and join: every event is hashed.
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i++) text += (i === 0 ? '' : ',') + canonicalJson(value[i]);
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  // Keys are strings, so the default sort's order is the code-unit order the chain has always used.
  const keys = Object.keys(record).sort();
  let text = '{';
  for (const key of keys) {
    const item = record[key];
    if (item === undefined) continue;
    text += `${text.length === 1 ? '' : ','}${JSON.stringify(key)}:${canonicalJson(item)}`;
  }
  return `${text}}`;
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
 * its stream, so altering any stored event breaks the chain from that event on. `metadataJson` is
 * `canonicalJson(e.metadata)`, which a caller hashing many events of one command works out once.
 */
export function eventHash(previous: string, e: HashedFields, metadataJson = canonicalJson(e.metadata)): string {
  // One-shot hashing: several times faster than createHash().update().digest() for short inputs, same digest.
  return hash('sha256', [previous, e.streamId, e.streamPosition, e.eventId, e.type, e.schemaVersion, canonicalJson(e.data), metadataJson, e.recordedAt].join('\n'), 'hex');
}
