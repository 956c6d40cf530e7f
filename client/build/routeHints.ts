/**
 * A Vite plugin (it runs in Node, at build time): writes route-hints.json beside the build, naming for
 * each first screen the files its code needs beyond what index.html already loads. The server lists them
 * in the page it sends for that address (server/plugins/web-app.ts), so on a cold load the browser asks
 * for the screen's code at once, beside the app's own, instead of after evaluating the app to learn it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { roles } from '../../domain/entities.ts';
import { firstScreenSources, guardedScreenSources, publicScreenSources, type Visitor } from '../app/screenSources.ts';

/**
 * The file, its shape and the visitor without a role hint, as server/plugins/web-app.ts reads them
 * (tests/static/page-contract.test.ts holds the two sides to one another).
 */
export const ROUTE_HINTS_FILE = 'route-hints.json';
export const SIGNED_OUT = 'signed-out';
/** The files of one route's first screen, as absolute paths ('/assets/...'). */
export type RouteHint = { js: string[]; css: string[] };
/** By route ('/capacity', '/scenarios/:id'; '*' for any other address), then by who asks: a role or SIGNED_OUT. */
export type RouteHints = Record<string, Record<string, RouteHint>>;

/** What Vite's manifest says of a chunk (the fields used here). */
export type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
export type Manifest = Record<string, ManifestChunk>;

/** A chunk's file and those of its static imports, recursively, and the CSS they bring, an import's before its importer's (the order of the cascade). */
export function manifestClosure(manifest: Manifest, key: string, js = new Set<string>(), css = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`route hints: ${key} is not in the build's manifest (renamed? see client/app/screenSources.ts)`);
  if (js.has(chunk.file)) return { js, css };
  js.add(chunk.file);
  for (const next of chunk.imports ?? []) manifestClosure(manifest, next, js, css);
  for (const file of chunk.css ?? []) css.add(file);
  return { js, css };
}

/** Each route's files for each visitor, less those index.html loads itself. */
export function routeHintsOf(manifest: Manifest): RouteHints {
  const entry = manifestClosure(manifest, 'index.html');
  const hintOf = (sources: string[]): RouteHint => {
    const js = new Set<string>();
    const css = new Set<string>();
    for (const source of sources) manifestClosure(manifest, source, js, css);
    const own = (files: Set<string>, loaded: Set<string>) => [...files].filter((file) => !loaded.has(file)).map((file) => `/${file}`);
    return { js: own(js, entry.js), css: own(css, entry.css) };
  };
  const visitors: [string, Visitor][] = [[SIGNED_OUT, null], ...roles.map((role): [string, Visitor] => [role, { role }])];
  const routes = ['/', '/login', ...Object.keys(publicScreenSources), ...Object.keys(guardedScreenSources), '*'];
  // '/*' is no route of the app: the not-found screen's address.
  const forRoute = (route: string) =>
    Object.fromEntries(visitors.map(([who, visitor]) => [who, hintOf(firstScreenSources(route === '*' ? '/*' : route, visitor))]));
  return Object.fromEntries(routes.map((route) => [route, forRoute(route)]));
}

/** Needs `build.manifest: true`: the hints are read from the manifest once the build is written. */
export function routeHints(): Plugin {
  return {
    name: 'route-hints',
    apply: 'build',
    async writeBundle(options) {
      const dir = options.dir ?? 'dist';
      const manifest = JSON.parse(await readFile(path.join(dir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
      await writeFile(path.join(dir, ROUTE_HINTS_FILE), JSON.stringify(routeHintsOf(manifest)));
    },
  };
}
