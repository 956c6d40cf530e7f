import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function build(files: Record<string, string | Buffer>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

const text = (kB: number) => 'const answer = 42; '.repeat(Math.ceil((kB * 1024) / 19));

describe('precompressDir', () => {
  it('writes a brotli and a gzip copy beside each text file of 1 kB or more, in subfolders too, that decompress to the file', async () => {
    const js = text(20);
    const css = `.a { color: red; } ${'.b { margin: 0; } '.repeat(100)}`;
    const dir = build({ 'index.html': `<html>${text(2)}</html>`, 'assets/app-h.js': js, 'assets/app-h.css': css, '.vite/manifest.json': JSON.stringify({ a: text(2) }) });

    const written = await precompressDir(dir);

    expect(written.sort()).toEqual(
      ['.vite/manifest.json', 'assets/app-h.css', 'assets/app-h.js', 'index.html'].flatMap((file) => [`${file}.br`, `${file}.gz`]).sort(),
    );
    const br = readFileSync(path.join(dir, 'assets/app-h.js.br'));
    const gz = readFileSync(path.join(dir, 'assets/app-h.js.gz'));
    expect(brotliDecompressSync(br).toString('utf8')).toBe(js);
    expect(gunzipSync(gz).toString('utf8')).toBe(js);
    expect(br.length).toBeLessThan(js.length / 10);
    expect(gunzipSync(readFileSync(path.join(dir, 'assets/app-h.css.gz'))).toString('utf8')).toBe(css);
  });

  it('leaves alone files under 1 kB and files that are not text', async () => {
    const dir = build({ 'assets/tiny-h.js': 'export const x = 1;', 'assets/logo-h.png': Buffer.alloc(4096, 7), 'assets/big-h.js': text(2) });

    expect(await precompressDir(dir)).toEqual(['assets/big-h.js.br', 'assets/big-h.js.gz']);
    expect(readdirSync(path.join(dir, 'assets')).sort()).toEqual(['big-h.js', 'big-h.js.br', 'big-h.js.gz', 'logo-h.png', 'tiny-h.js']);
  });

  it('does nothing in a build without text files', async () => {
    expect(await precompressDir(build({}))).toEqual([]);
  });
});
