import { describe, expect, it } from 'vitest';
import { canonicalJson, eventHash, GENESIS } from './hash.ts';

/** The canonical form as first written (entries, filter, sort, join): every stored chain was hashed with it. */
function firstCanonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(firstCanonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${firstCanonicalJson(v)}`).join(',')}}`;
}

const event = {
  streamId: 'engineer-1',
  streamPosition: 3,
  eventId: '0190b1a4-7c5e-7000-8000-000000000001',
  type: 'ActualsRecorded',
  schemaVersion: 1,
  data: {
    week: '2026-W48', engineerId: 'e1', entries: [{ projectId: 'p', hours: 1.5 }, { hours: 2, projectId: 'q' }],
    note: 'a "quoted", \\ note ü', previous: undefined,
  },
  metadata: { actorId: 'a', actorRole: 'manager', commandId: 'c', correlationId: 'x', z: null, '10': 1, '9': [undefined, 2] },
  recordedAt: '2026-11-28T00:00:00.000Z',
};

describe('the hash chain', () => {
  it('hashes an event as it always has (this digest was worked out by the first implementation)', () => {
    expect(eventHash(GENESIS, event)).toBe('737e7186849852b22ee412ab16153542440fb13f330bdc4d0a314654ff07e4cd');
    expect(eventHash(GENESIS, event, canonicalJson(event.metadata))).toBe(eventHash(GENESIS, event));
  });

  it('writes every value in the same canonical form as the first implementation', () => {
    const values: unknown[] = [
      null, undefined, 0, -1.5, 1e21, 'text', '', 'ü "\\\n', true, [], {}, [undefined, null, [1, [2]]],
      { b: 1, a: { d: [{ z: 1, y: undefined }], c: 'x' }, '': 0, A: 2, é: 3, '10': 4, '9': 5, __proto__x: 6 },
      new Date(0), { nested: { deeper: { list: [{ k: 'v' }, 'w', 7] } } },
      event.data, event.metadata,
    ];
    for (const value of values) expect(canonicalJson(value)).toBe(firstCanonicalJson(value));
  });
});
