import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { DbOrTrx } from '../db/connect.ts';
import type { Consistent } from '../read-models/consistent-read.ts';
import { SnapshotCache } from '../read-models/snapshot-cache.ts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A whole list's JSON text and, once asked for, its compressed forms. */
export type KeptList = { text: string; encoded: Map<string, Promise<Buffer>> };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A whole list (GET without a query string) as JSON text, kept until the next write: `key` names the
     * list and whose it is. Its compressed bytes are kept beside it (encodeList).
     */
    wholeList: (key: string, read: (trx: DbOrTrx) => Promise<string>) => Promise<Consistent<KeptList>>;
    /** Whether answers may be compressed (the app's `compression` option). */
    compressesLists: boolean;
  }
}

// The same encodings, in the same order of preference and at the same levels, as every other answer (compression.ts).
const encoders: [string, (text: string) => Promise<Buffer>][] = [
  ...(zlib.zstdCompress ? [['zstd', (text: string) => promisify(zlib.zstdCompress)(text)] as [string, (text: string) => Promise<Buffer>]] : []),
  ['br', (text) => promisify(zlib.brotliCompress)(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } })],
  ['gzip', (text) => promisify(zlib.gzip)(text)],
];

/** The encoding to send a list in: the first of ours the request accepts (q above 0), or none. */
export function listEncoding(acceptEncoding: string | undefined): string | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return encoders.find(([name]) => ok(name))?.[0] ?? null;
}

/** The list's bytes in `encoding`, compressed once per kept list (off the event loop, on libuv's threads). */
export function encodeList(list: KeptList, encoding: string): Promise<Buffer> {
  let bytes = list.encoded.get(encoding);
  if (!bytes) {
    bytes = encoders.find(([name]) => name === encoding)![1](list.text);
    bytes.catch(() => list.encoded.delete(encoding));
    list.encoded.set(encoding, bytes);
  }
  return bytes;
}

/**
 * The whole lists (engineers, projects, assignments: 8.7 MB of JSON at 20,000 assignments) are asked for
 * by every open screen after each write, and the same text is built and compressed for each of them.
 * Kept by snapshot, like the capacity grid: between two writes, the next ask costs a lookup.
 */
export default fp(async function wholeLists(app: FastifyInstance, options: { compression: boolean; size: number }) {
  const lists = new SnapshotCache<KeptList>(options.size);
  app.decorate('compressesLists', options.compression);
  app.decorate('wholeList', (key: string, read: (trx: DbOrTrx) => Promise<string>) =>
    lists.read(app.db, key, async (trx) => ({ text: await read(trx), encoded: new Map() })));
});
