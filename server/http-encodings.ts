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

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;
/** Brotli's quality for answers made per request: the fast end, about zstd's size on JSON. */
export const BROTLI_QUALITY = 2;

const zstd = zlib.zstdCompress ? (promisify(zlib.zstdCompress) as Compressor) : null;
const brotli = promisify(zlib.brotliCompress) as (data: string | Buffer, options: zlib.BrotliOptions) => Promise<Buffer>;
const compressors: [string, Compressor][] = [
  ...(zstd ? [['zstd', zstd] as [string, Compressor]] : []),
  ['br', (data) => brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })],
  ['gzip', promisify(zlib.gzip) as Compressor],
];

/** The encodings answers go in, most preferred first (zstd where this Node has it). */
export const ENCODINGS = compressors.map(([name]) => name) as ('zstd' | 'br' | 'gzip')[];

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

/**
 * A zstd frame that more text can be put in front of: no content size and no checksum in its header, the
 * two things that name the whole text. An answer whose first few bytes differ per request (the plan at
 * a moment: its `asOf`) keeps the rest compressed this way once, and each request costs a few bytes.
 */
export function keptZstd(text: Buffer): Promise<Buffer> {
  if (!zstd) return Promise.reject(new Error('zstd is not available'));
  const params = { [zlib.constants.ZSTD_c_checksumFlag]: 0, [zlib.constants.ZSTD_c_contentSizeFlag]: 0 };
  return (promisify(zlib.zstdCompress) as (data: Buffer, options: zlib.ZstdOptions) => Promise<Buffer>)(text, { params });
}

const ZSTD_MAGIC = 0xfd2fb528;
const MAX_RAW_BLOCK = 128 * 1024;

/**
 * `prefix` then the text of a keptZstd frame, as one zstd frame: the frame's header, `prefix` as a raw
 * block, then the frame's own blocks. Blocks refer back by distance, so the kept ones decode the same
 * after a raw block in front of them. Null when the frame is not one keptZstd makes (then compress anew).
 */
export function zstdPrefixed(prefix: Buffer, kept: Buffer): Buffer | null {
  if (kept.length < 6 || kept.readUInt32LE(0) !== ZSTD_MAGIC) return null;
  const descriptor = kept[4]!;
  const contentSizeFlag = descriptor >> 6;
  const singleSegment = (descriptor >> 5) & 1;
  const checksum = (descriptor >> 2) & 1;
  const dictionaryBytes = [0, 1, 2, 4][descriptor & 3]!;
  if (contentSizeFlag !== 0 || singleSegment || checksum) return null;
  const windowLog = 10 + (kept[5]! >> 3);
  if (prefix.length > Math.min(MAX_RAW_BLOCK, 2 ** windowLog)) return null;
  const headerLength = 6 + dictionaryBytes;
  // Block header, little-endian: Last_Block (bit 0, not last), Block_Type (bits 1-2, 0 = raw), Block_Size (bits 3-23).
  const blockHeader = prefix.length << 3;
  return Buffer.concat([
    kept.subarray(0, headerLength),
    Buffer.from([blockHeader & 0xff, (blockHeader >> 8) & 0xff, (blockHeader >> 16) & 0xff]),
    prefix,
    kept.subarray(headerLength),
  ]);
}
