import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { parseCookie } from 'cookie';
import { routePath } from '../../domain/routes.ts';
import { HttpError } from '../http-error.ts';

/**
 * What the build writes beside index.html (client/build/routeHints.ts) and the cookie the app keeps its
 * role in (client/lib/roleHint.ts): each side names them itself, and tests/static/page-contract.test.ts
 * holds the two to one another.
 */
export const ROUTE_HINTS_FILE = 'route-hints.json';
export const ROLE_HINT_COOKIE = 'cp_role';
export const SIGNED_OUT = 'signed-out';
export type RouteHint = { js: string[]; css: string[] };
export type RouteHints = Record<string, Record<string, RouteHint>>;

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
  const role = parseCookie(cookieHeader ?? '')[ROLE_HINT_COOKIE];
  return role && /^[a-z]+$/.test(role) ? role : SIGNED_OUT;
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
 * build) the page is index.html as it is.
 */
function pages(root: string, timeZone: string) {
  let built: { at: number; html: string; hints: RouteHints; made: Map<string, string> } | null = null;
  const readJson = <T>(file: string): T | null => (existsSync(path.join(root, file)) ? (JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T) : null);
  const current = () => {
    const at = statSync(path.join(root, 'index.html')).mtimeMs;
    if (built?.at !== at) {
      built = {
        at,
        // The organisation's time zone, for the client's figures of "today" (which day a date falls on).
        html: readFileSync(path.join(root, 'index.html'), 'utf8').replace('</head>', `<meta name="org-time-zone" content="${escapeAttribute(timeZone)}"></head>`),
        hints: readJson<RouteHints>(ROUTE_HINTS_FILE) ?? {},
        made: new Map(),
      };
    }
    return built;
  };
  /** The page for an address and visitor. */
  return (pathname: string, visitor: string): string => {
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
    return html;
  };
}

/** Serves the built client and falls back to index.html for the app's own routes. */
export default fp(async function webApp(app: FastifyInstance, options: { root: string; compression?: boolean; timeZone?: string }) {
  const hasClient = existsSync(path.join(options.root, 'index.html'));
  const pageFor = hasClient ? pages(options.root, options.timeZone ?? 'UTC') : null;
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      // The page differs with the role hint cookie: a shared cache must not give one visitor's to another.
      .header('vary', 'Cookie')
      .send(pageFor!(request.url.split(/[?#]/)[0]!, visitorOf(request.headers.cookie)));
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
    // Calendar feeds are read by calendar apps, not browsers: an unknown feed is a 404, never the app's page.
    const isApi = /^\/(?:api|ical)(?:[/?#]|$)/.test(request.url) || request.url.startsWith('/socket.io');
    if (!isApi && hasClient && request.method === 'GET') return sendPage(request, reply);
    throw new HttpError(404, `Route ${request.method} ${request.url.split('?')[0]} not found`, 'NOT_FOUND');
  });
});
