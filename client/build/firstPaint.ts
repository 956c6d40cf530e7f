/**
 * A Vite plugin (it runs in Node, at build time): bundles client/firstPaint/main.ts on its own, as one
 * classic script with no imports, and names it in first-paint.json beside index.html for the server
 * (server/plugins/web-app.ts). On its own because the app's entry chunk holds React and antd: a
 * script that shared a chunk with it would wait for all of that, which is what it exists to avoid.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';
import { FIRST_PAINT_FILE, type FirstPaintManifest } from '../../domain/page-hints.ts';

const SOURCE = path.resolve(import.meta.dirname, '../firstPaint/main.ts');

/** The script's code, minified, as the browser runs it. */
export async function firstPaintCode(): Promise<string> {
  const bundle = await rolldown({ input: SOURCE, platform: 'browser', logLevel: 'warn' });
  try {
    const { output } = await bundle.generate({ format: 'iife', minify: true });
    return output[0].code;
  } finally {
    await bundle.close();
  }
}

export function firstPaint(): Plugin {
  return {
    name: 'first-paint',
    apply: 'build',
    async generateBundle() {
      const code = await firstPaintCode();
      const fileName = `assets/first-paint-${createHash('sha256').update(code).digest('base64url').slice(0, 10)}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
      const manifest: FirstPaintManifest = { script: `/${fileName}` };
      this.emitFile({ type: 'asset', fileName: FIRST_PAINT_FILE, source: JSON.stringify(manifest) });
    },
  };
}
