import { describe, expect, it } from 'vitest';
import { guardedScreenSources, LOGIN_SOURCE, NOT_FOUND_SOURCE, publicScreenSources, SHELL_SOURCE } from '../app/screenSources.ts';
import { type Manifest, routeHintsOf, SIGNED_OUT } from './routeHints.ts';

/** A build where every screen shares the entry's react chunk and antd's button; the schedule has its own CSS and a grid chunk. */
function manifest(): Manifest {
  const screens = Object.fromEntries(
    [...Object.values(guardedScreenSources), ...Object.values(publicScreenSources)].map((source) => [source, { file: `assets/${source.split('/').pop()!.replace('.tsx', '')}-h.js`, imports: ['_button-h.js', '_react-h.js'] }]),
  );
  return {
    'index.html': { file: 'assets/index-h.js', imports: ['_react-h.js'], css: ['assets/index-h.css'] },
    '_react-h.js': { file: 'assets/react-h.js' },
    '_button-h.js': { file: 'assets/button-h.js', imports: ['_react-h.js'] },
    '_grid-h.js': { file: 'assets/grid-h.js', css: ['assets/grid-h.css'] },
    [SHELL_SOURCE]: { file: 'assets/GuardedLayout-h.js', imports: ['_button-h.js'], css: ['assets/GuardedLayout-h.css'] },
    [LOGIN_SOURCE]: { file: 'assets/LoginPage-h.js', imports: ['_button-h.js'] },
    [NOT_FOUND_SOURCE]: { file: 'assets/NotFound-h.js' },
    ...screens,
    'client/features/schedule/SchedulePage.tsx': { file: 'assets/SchedulePage-h.js', imports: ['_grid-h.js', '_button-h.js'], css: ['assets/SchedulePage-h.css'] },
  };
}

describe('route hints (the files a first screen needs beyond index.html)', () => {
  it('name the shell\'s and the screen\'s code with what they import, less what the entry already loads', () => {
    const hints = routeHintsOf(manifest());
    expect(hints['/capacity']!.auditor).toEqual(hints['/capacity']!.manager);
    expect(hints['/capacity']!.manager).toEqual({
      js: ['/assets/GuardedLayout-h.js', '/assets/button-h.js', '/assets/SchedulePage-h.js', '/assets/grid-h.js'],
      css: ['/assets/GuardedLayout-h.css', '/assets/grid-h.css', '/assets/SchedulePage-h.css'],
    });
  });

  it('give an engineer at a manager\'s address their dashboard\'s code, never the manager screen\'s', () => {
    const engineer = routeHintsOf(manifest())['/capacity']!.engineer!;
    expect(engineer.js).toContain('/assets/EngineerDashboardPage-h.js');
    expect(engineer.js).not.toContain('/assets/SchedulePage-h.js');
    expect(engineer.css).not.toContain('/assets/SchedulePage-h.css');
  });

  it('give the shell\'s and the login screen\'s code to a visitor who is not signed in, in the guarded area', () => {
    expect(routeHintsOf(manifest())['/capacity']![SIGNED_OUT]!.js).toEqual(['/assets/GuardedLayout-h.js', '/assets/button-h.js', '/assets/LoginPage-h.js']);
  });

  it('give the login screen\'s code at / and /login, and the not-found screen\'s for any other address, to everyone', () => {
    const hints = routeHintsOf(manifest());
    for (const who of [SIGNED_OUT, 'manager', 'engineer', 'auditor']) {
      expect(hints['/']![who]).toEqual({ js: ['/assets/LoginPage-h.js', '/assets/button-h.js'], css: [] });
      expect(hints['/login']![who]).toEqual(hints['/']![who]);
      expect(hints['*']![who]).toEqual({ js: ['/assets/NotFound-h.js'], css: [] });
    }
  });

  it('give a signed-out page\'s own code at its address, to everyone, without the shell', () => {
    const hints = routeHintsOf(manifest());
    for (const who of [SIGNED_OUT, 'manager', 'engineer', 'auditor']) {
      expect(hints['/invite']![who]).toEqual({ js: ['/assets/AcceptInvitePage-h.js', '/assets/button-h.js'], css: [] });
      expect(hints['/setup']![who]!.js[0]).toBe('/assets/SetupPage-h.js');
    }
  });

  it('cover every route of the app', () => {
    expect(Object.keys(routeHintsOf(manifest())).sort()).toEqual(['*', '/', '/login', ...Object.keys(publicScreenSources), ...Object.keys(guardedScreenSources)].sort());
  });

  it('stop the build when a screen is missing from the manifest (a screen renamed without its source)', () => {
    const broken = manifest();
    delete broken['client/features/schedule/SchedulePage.tsx'];
    expect(() => routeHintsOf(broken)).toThrow(/client\/features\/schedule\/SchedulePage\.tsx is not in the build's manifest/);
  });
});
