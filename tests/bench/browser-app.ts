/** The client built afresh and a signed-in Chromium context: shared by the client bench and its cold loads. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { ROLE_HINT_COOKIE } from '../../client/lib/roleHint.ts';
import { decodeJwt } from '../support/api-helpers.ts';
import { recordLongTasks } from '../support/long-tasks.ts';

export type ManifestChunk = { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] };

export async function buildClient(outDir: string): Promise<Record<string, ManifestChunk>> {
  await build({
    configFile: path.resolve('vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  return JSON.parse(await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
}

/**
 * A signed-in context at desktop size that records long tasks, optionally with a rows probe: the token
 * where the app keeps it and the role hint the app writes beside it at sign-in (client/lib/token.ts).
 */
export async function signedInContext(browser: Browser, base: string, token: string | null, probe?: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  // Without a token: nobody signed in yet (the login screen), at the same size.
  if (token !== null) {
    await context.addInitScript(`localStorage.setItem('userToken', ${JSON.stringify(JSON.stringify(token))});`);
    const role = decodeJwt(token).role as string;
    await context.addCookies([{ name: ROLE_HINT_COOKIE, value: role, url: base }]);
  }
  await recordLongTasks(context);
  if (probe) await context.addInitScript(probe);
  return context;
}
