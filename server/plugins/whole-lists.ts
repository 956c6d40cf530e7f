import type { DbOrTrx } from '../db/connect.ts';
import { compress } from '../http-encodings.ts';
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
  }
}

/** The list's bytes in `encoding`, compressed once per kept list (off the event loop, on libuv's threads). */
export function encodeList(list: KeptList, encoding: string): Promise<Buffer> {
  let bytes = list.encoded.get(encoding);
  if (!bytes) {
    bytes = compress(list.text, encoding);
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
export default fp(async function wholeLists(app: FastifyInstance, options: { size: number }) {
  const lists = new SnapshotCache<KeptList>(options.size);
  app.decorate('wholeList', (key: string, read: (trx: DbOrTrx) => Promise<string>) =>
    lists.read(app.db, key, async (trx) => ({ text: await read(trx), encoded: new Map() })));
});
