import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, keptZstd, zstdPrefixed } from './http-encodings.ts';

const decode = (frame: Buffer) => zlib.zstdDecompressSync(frame).toString('utf8');

describe('the encoding an answer goes in', () => {
  it('is the first of zstd, brotli and gzip the request accepts, or none', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('zstd');
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('zstd;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('zstd');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});

describe('a kept zstd frame with a prefix put in front', () => {
  it('decodes to the prefix then the kept text, small or many megabytes, with repeats across the join', async () => {
    const small = Buffer.from('"cursor":"1:2","engineers":[]}');
    const large = Buffer.from(JSON.stringify({ rows: Array.from({ length: 150_000 }, (_, i) => ({ id: i, name: `row ${i % 997}` })) }).slice(1));
    for (const text of [small, large]) {
      const kept = await keptZstd(text);
      for (const prefix of ['{"asOf":"2026-11-28T00:00:00.000Z",', '{"asOf":"2026-11-29T12:30:00.000Z",', '']) {
        const frame = zstdPrefixed(Buffer.from(prefix), kept)!;
        expect(frame).not.toBeNull();
        expect(decode(frame)).toBe(prefix + text.toString('utf8'));
      }
    }
  });

  it('is refused (null) for a frame that names its size or carries a checksum, which a prefix would break', () => {
    const text = Buffer.from('x'.repeat(5000));
    expect(zstdPrefixed(Buffer.from('{'), zlib.zstdCompressSync(text))).toBeNull();
    const checked = zlib.zstdCompressSync(text, { params: { [zlib.constants.ZSTD_c_contentSizeFlag]: 0, [zlib.constants.ZSTD_c_checksumFlag]: 1 } });
    expect(zstdPrefixed(Buffer.from('{'), checked)).toBeNull();
    expect(zstdPrefixed(Buffer.from('{'), Buffer.from('not zstd at all'))).toBeNull();
  });
});
