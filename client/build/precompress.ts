/**
 * A Vite plugin (it runs in Node, at build time): writes a brotli (.br) and a gzip (.gz) copy beside
 * every text file of the build of 1 kB or more, at the strongest settings, since it happens once per
 * build instead of once per request. The server sends the copy the browser accepts
 * (server/plugins/web-app.ts, @fastify/static's preCompressed).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Smaller files go as they are: the headers would be most of the answer anyway. */
const PRECOMPRESS_FROM_BYTES = 1024;

/** The build's text files: what compresses (images and fonts of the build are already compressed). */
const TEXT = /\.(?:js|mjs|css|html|json|svg|txt|map)$/;

/** Every file under `dir`, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** Writes `file.br` and `file.gz` beside each text file of `dir` of PRECOMPRESS_FROM_BYTES or more; the files written. */
export async function precompressDir(dir: string): Promise<string[]> {
  const texts = (await filesUnder(dir)).filter((file) => TEXT.test(file));
  // All at once: zlib's asynchronous calls run on libuv's threads, one file per core at a time.
  const written = await Promise.all(texts.map(async (file) => {
    const content = await readFile(path.join(dir, file));
    if (content.length < PRECOMPRESS_FROM_BYTES) return [];
    const [br, gz] = await Promise.all([
      brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
      gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    await Promise.all([writeFile(path.join(dir, `${file}.br`), br), writeFile(path.join(dir, `${file}.gz`), gz)]);
    return [`${file}.br`, `${file}.gz`];
  }));
  return written.flat();
}

export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    // After every other plugin's writeBundle (the route hints write a file too).
    enforce: 'post',
    async writeBundle(options) {
      await precompressDir(options.dir ?? 'dist');
    },
  };
}
