import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { cookieValue, FIRST_PAINT_FILE, FIRST_PAINT_PRELOADS_ID, type FirstPaintManifest, ROLE_HINT_COOKIE, ROUTE_HINTS_FILE, type RouteHint, type RouteHints, routePath, SIGNED_OUT } from '../../domain/page-hints.ts';
import { HttpError } from '../http-error.ts';

/**
 * The HTML names the build's assets, so a browser must revalidate it on every load or it stays on an
 * old client after a deploy. Vite puts a content hash in every file name under assets/: those never
 * change and may be kept for a year. Anything else (favicon and the like) for an hour.
 */
function cacheControl(reply: FastifyReply, file: string) {
  if (file.endsWith('.html')) reply.header('cache-control', 'no-cache');
  else if (file.split(path.sep).includes('assets')) reply.header('cache-control', 'public, max-age=31536000, immutable');
}

/**
 * Who the page is for, as the role hint cookie says (written by the app beside its token; it authorises
 * nothing and only picks which public files the page names); SIGNED_OUT without one.
 */
export function visitorOf(cookieHeader: string | undefined): string {
  return cookieValue(cookieHeader, ROLE_HINT_COOKIE, /^[a-z]+$/) ?? SIGNED_OUT;
}

/**
 * The route an address falls under, in the hints' terms: written in any case, trailing slashes aside,
 * a ':name' segment standing for any one segment; '*' for none. The routes themselves are the build's.
 */
export function hintedRoute(hints: RouteHints, pathname: string): string {
  const segments = routePath(pathname).split('/');
  const matches = (route: string) => {
    const parts = route.split('/');
    return parts.length === segments.length && parts.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]));
  };
  return Object.keys(hints).find((route) => route !== '*' && matches(route)) ?? '*';
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** index.html with the route's own files named in its head, for the browser to fetch at once. */
export function pageWithHints(html: string, hint: RouteHint | undefined): string {
  if (!hint) return html;
  const links = [
    ...hint.css.map((href) => `<link rel="stylesheet" crossorigin href="${escapeAttribute(href)}">`),
    ...hint.js.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`),
  ].join('');
  return html.replace('</head>', `${links}</head>`);
}

/**
 * The page for each route and visitor, made once per build and read again whenever the build changes
 * under a running server (index.html is rewritten by every build). Without route-hints.json (an older
 * build) the page is index.html as it is; without first-paint.json, no page carries a first grid.
 */
function pages(root: string) {
  let built: { at: number; html: string; hints: RouteHints; firstPaint: string | null; made: Map<string, string> } | null = null;
  const readJson = <T>(file: string): T | null => (existsSync(path.join(root, file)) ? (JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T) : null);
  const current = () => {
    const at = statSync(path.join(root, 'index.html')).mtimeMs;
    if (built?.at !== at) {
      built = {
        at,
        html: readFileSync(path.join(root, 'index.html'), 'utf8'),
        hints: readJson<RouteHints>(ROUTE_HINTS_FILE) ?? {},
        firstPaint: readJson<FirstPaintManifest>(FIRST_PAINT_FILE)?.script ?? null,
        made: new Map(),
      };
    }
    return built;
  };
  /**
   * The page for an address and visitor, and the script that draws the schedule's first screen from a
   * grid in the page (client/firstPaint; null in a build without it).
   */
  return (pathname: string, visitor: string): { html: string; firstPaint: string | null } => {
    const build = current();
    const route = hintedRoute(build.hints, pathname);
    const byVisitor = build.hints[route];
    // A role the build did not write (any word fits the cookie, 'constructor' too) is nobody's: the
    // pages made stay one per route and known visitor.
    const who = byVisitor && Object.hasOwn(byVisitor, visitor) ? visitor : SIGNED_OUT;
    const key = `${route} ${who}`;
    let html = build.made.get(key);
    if (html === undefined) {
      html = pageWithHints(build.html, byVisitor?.[who]);
      build.made.set(key, html);
    }
    return { html, firstPaint: build.firstPaint };
  };
}

/**
 * A page with the top of the schedule's grid and the script that draws it at the end of its body
 * (client/firstPaint), that script asked for first thing in the head: behind the app's sixty-odd
 * files it came 100-230 ms late. Those files wait in a template, which the browser does not fetch
 * from, until the script has drawn the grid: fetched beside it, the work of taking them in kept the
 * main thread from drawing it for 100-200 ms more.
 */
export function pageWithFirstSchedule(html: string, grid: string, script: string): string {
  const src = escapeAttribute(script);
  const preloads: string[] = [];
  return html
    .replace(/<link rel="modulepreload"[^>]*>/g, (link) => (preloads.push(link), ''))
    .replace('<head>', `<head><link rel="preload" as="script" href="${src}" fetchpriority="high">`)
    .replace('</body>', `${grid}<template id="${FIRST_PAINT_PRELOADS_ID}">${preloads.join('')}</template><script src="${src}"></script></body>`);
}

/** Serves the built client and falls back to index.html for the app's own routes. */
export default fp(async function webApp(app: FastifyInstance, options: { root: string; compression?: boolean }) {
  const hasClient = existsSync(path.join(options.root, 'index.html'));
  const pageFor = hasClient ? pages(options.root) : null;
  // The grid is a head start, never a condition: without it (the database away, say) the page is sent
  // as it is and the app asks for its data itself.
  const firstGrid = (request: FastifyRequest) =>
    app.firstScheduleOf(request).catch((error: unknown) => {
      request.log.warn({ err: error }, 'the schedule page went without its first grid');
      return null;
    });
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const { html, firstPaint } = pageFor!(request.url.split(/[?#]/)[0]!, visitorOf(request.headers.cookie));
    const grid = firstPaint ? await firstGrid(request) : null;
    return reply
      .type('text/html; charset=utf-8')
      // A page with a reader's grid in it is theirs alone: no cache may keep it.
      .header('cache-control', grid ? 'private, no-store' : 'no-cache')
      // The page differs with the cookies: a shared cache must not give one visitor's to another.
      .header('vary', 'Cookie')
      .send(grid ? pageWithFirstSchedule(html, grid, firstPaint!) : html);
  };
  if (hasClient) {
    // wildcard: files built after start-up (a rebuild while running) are found too. preCompressed: the
    // build's .br or .gz copy of a file when the browser accepts it (client/build/precompress.ts).
    await app.register(fastifyStatic, {
      root: options.root, wildcard: true, maxAge: '1h', index: false, preCompressed: options.compression ?? true,
      setHeaders: (reply, file) => cacheControl(reply, path.relative(options.root, file)),
    });
    app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply));
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = /^\/api(?:[/?#]|$)/.test(request.url) || request.url.startsWith('/socket.io');
    if (!isApi && hasClient && request.method === 'GET') return sendPage(request, reply);
    throw new HttpError(404, `Route ${request.method} ${request.url.split('?')[0]} not found`, 'NOT_FOUND');
  });
});
