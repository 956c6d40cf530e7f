import { z } from 'zod';

/**
 * Where a page of a list ended, so the next page starts right after it (keyset paging): the sort
 * order it belongs to, the sort values of the page's last row (its id last), and the moment that
 * decided which assignments counted as completed, so that the order cannot shift under a reader
 * who pages on while an assignment ends. Sent to clients as opaque base64url text.
 */
export type PageCursor = { sort: string; keys: (string | number)[]; at: string | null };

const cursorShape = z.tuple([
  z.string().max(40),
  z.array(z.union([z.string().max(400), z.number().finite()])).min(1).max(8),
  z.iso.datetime({ offset: true }).nullable(),
]);

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

export const encodePageCursor = (cursor: PageCursor): string => toBase64Url(JSON.stringify([cursor.sort, cursor.keys, cursor.at]));

/** The cursor in `text`, or null when it is not one this API could have issued. */
export function decodePageCursor(text: string): PageCursor | null {
  if (text.length === 0 || text.length > 2000 || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const parsed = cursorShape.safeParse(JSON.parse(fromBase64Url(text)));
    return parsed.success ? { sort: parsed.data[0], keys: parsed.data[1], at: parsed.data[2] } : null;
  } catch {
    return null;
  }
}
