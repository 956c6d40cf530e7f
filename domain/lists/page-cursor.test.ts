import { describe, expect, it } from 'vitest';
import { decodePageCursor, encodePageCursor } from './page-cursor.ts';

describe('page cursors', () => {
  it('round-trip any sort values, names with accents included, as URL-safe text', () => {
    const cursor = { sort: '-engineer', keys: ['Zoë Ångström', '2026-05-01T00:00:00+00:00', 'id-1'], at: '2026-05-02T10:00:00.000Z' };
    const text = encodePageCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePageCursor(text)).toEqual(cursor);
    expect(decodePageCursor(encodePageCursor({ sort: 'allocation', keys: [50, 'id'], at: null }))).toEqual({ sort: 'allocation', keys: [50, 'id'], at: null });
  });

  it('refuses text this API could not have issued', () => {
    const b64 = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    for (const text of ['', 'not a cursor', '!!!', b64({ sort: 'x' }), b64(['x', [], null]), b64(['x', [{}], null]), b64(['x', ['a'], 'yesterday']), 'A'.repeat(3000), b64('plain')]) {
      expect(decodePageCursor(text), text.slice(0, 40)).toBeNull();
    }
  });
});
