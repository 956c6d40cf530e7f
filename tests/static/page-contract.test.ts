import { describe, expect, it } from 'vitest';
import { ROUTE_HINTS_FILE as BUILT_FILE, SIGNED_OUT as BUILT_SIGNED_OUT, type RouteHints as BuiltHints } from '../../client/build/routeHints.ts';
import { ROLE_HINT_COOKIE as WRITTEN_COOKIE } from '../../client/lib/roleHint.ts';
import { ROLE_HINT_COOKIE, ROUTE_HINTS_FILE, SIGNED_OUT, type RouteHints } from '../../server/plugins/web-app.ts';

/**
 * The page's contract between the client, which writes the route hints at build time and the role hint
 * cookie at sign-in, and the server, which reads both: each side names them itself (neither may import
 * the other, and they are not the domain's), so this holds the two to one another.
 */
describe('the page contract between the build, the app and the server', () => {
  it('names the same file, cookie and signed-out visitor on both sides', () => {
    expect({ file: BUILT_FILE, cookie: WRITTEN_COOKIE, signedOut: BUILT_SIGNED_OUT }).toEqual({ file: ROUTE_HINTS_FILE, cookie: ROLE_HINT_COOKIE, signedOut: SIGNED_OUT });
  });

  it('writes hints of the shape the server reads (a compile-time check, and the same value at run time)', () => {
    const written: BuiltHints = { '/capacity': { manager: { js: ['/assets/a.js'], css: ['/assets/a.css'] } } };
    const read: RouteHints = written;
    const back: BuiltHints = read;
    expect(back).toBe(written);
  });
});
