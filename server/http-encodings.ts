import { promisify } from 'node:util';
import zlib from 'node:zlib';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether answers may be compressed (the app's `compression` option: off behind a proxy that does it). */
    compressesAnswers: boolean;
  }
}

/**
 * The encodings answers are compressed in, in order of preference and at the levels every other answer
 * uses (plugins/compression.ts), for the answers that keep their compressed bytes between requests.
 */
type Compressor = (data: string | Buffer) => Promise<Buffer>;
const zstd = zlib.zstdCompress ? (promisify(zlib.zstdCompress) as Compressor) : null;
const brotli = promisify(zlib.brotliCompress) as (data: string | Buffer, options: zlib.BrotliOptions) => Promise<Buffer>;
const compressors: [string, Compressor][] = [
  ...(zstd ? [['zstd', zstd] as [string, Compressor]] : []),
  ['br', (data) => brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } })],
  ['gzip', promisify(zlib.gzip) as Compressor],
];

/** The encoding to answer in: the first of ours the request accepts (q above 0), or null for none. */
export function acceptedEncoding(acceptEncoding: string | undefined): string | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return compressors.find(([name]) => ok(name))?.[0] ?? null;
}

/** Compresses off the event loop (on libuv's threads). */
export function compress(data: string | Buffer, encoding: string): Promise<Buffer> {
  return compressors.find(([name]) => name === encoding)![1](data);
}
