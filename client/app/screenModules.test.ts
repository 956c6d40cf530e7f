import { describe, expect, it, vi } from 'vitest';
import { arrivedScreen, firstScreenLoaders, guardedScreens, loadScreen, publicScreens, type ScreenModule, screenLoaders } from './screenModules.ts';
import { firstScreenSources, guardedScreenSources, LOGIN_SOURCE, NOT_FOUND_SOURCE, publicScreenSources, routeOf, SHELL_SOURCE } from './screenSources.ts';

const tokenOf = (claims: object) => `header.${btoa(JSON.stringify(claims))}.signature`;
const manager = tokenOf({ sub: 'u1', role: 'manager' });
const engineer = tokenOf({ sub: 'u2', role: 'engineer' });
const roleless = tokenOf({ sub: 'u3' });
const names = (loaders: readonly unknown[]) =>
  loaders.map((loader) => Object.entries(screenLoaders).find(([, l]) => l === loader)?.[0] ?? 'unknown');

describe('the first screen\'s code', () => {
  it('is the login screen\'s at / and /login', () => {
    expect(names(firstScreenLoaders('/', manager))).toEqual(['login']);
    expect(names(firstScreenLoaders('/login', null))).toEqual(['login']);
  });

  it('is the shell and the screen for a manager, however the address is written', () => {
    expect(names(firstScreenLoaders('/capacity', manager))).toEqual(['guarded', 'schedule']);
    expect(names(firstScreenLoaders('/Capacity/', manager))).toEqual(['guarded', 'schedule']);
    expect(names(firstScreenLoaders('/scenarios/s-1', manager))).toEqual(['guarded', 'scenario']);
    expect(names(firstScreenLoaders('/projects/p-1', manager))).toEqual(['guarded', 'project']);
  });

  it('is the engineer dashboard\'s, never the manager screen\'s, for an engineer at a manager\'s address', () => {
    for (const path of ['/capacity', '/report', '/engineers', '/history']) {
      expect(names(firstScreenLoaders(path, engineer))).toEqual(['guarded', 'engineerDashboard']);
    }
    expect(names(firstScreenLoaders('/profile', engineer))).toEqual(['guarded', 'profile']);
  });

  it('is the shell and the login screen without a token (the guard sends the visitor to /)', () => {
    expect(names(firstScreenLoaders('/capacity', null))).toEqual(['guarded', 'login']);
  });

  it('is only the shell while a token names no role and the screen is a manager\'s (the guard waits for the profile)', () => {
    expect(names(firstScreenLoaders('/capacity', roleless))).toEqual(['guarded']);
    expect(names(firstScreenLoaders('/profile', roleless))).toEqual(['guarded', 'profile']);
  });

  it('is a signed-out page\'s own, without the shell, for anyone', () => {
    expect(names(firstScreenLoaders('/invite', null))).toEqual(['invite']);
    expect(names(firstScreenLoaders('/Setup/', manager))).toEqual(['setup']);
    expect(names(firstScreenLoaders('/reset', engineer))).toEqual(['resetPassword']);
    expect(names(firstScreenLoaders('/forgot', null))).toEqual(['forgotPassword']);
    expect(names(firstScreenLoaders('/sign-on', null))).toEqual(['signOn']);
  });

  it('is only the shell for People & access while the guard learns whether the user is an admin', () => {
    expect(names(firstScreenLoaders('/people', manager))).toEqual(['guarded']);
  });

  it('is the not-found screen\'s at an unknown address', () => {
    expect(names(firstScreenLoaders('/nowhere', manager))).toEqual(['notFound']);
  });
});

/** The file a loader imports, as its source names it ('../features/schedule/SchedulePage.tsx' ends the same as the source path). */
const importsFile = (loader: unknown, source: string) => String(loader).includes(source.split('/').slice(-2).join('/'));

describe('the screens\' sources (screenSources.ts, read by the build and the server)', () => {
  it('name the very files the routes load, route for route', () => {
    expect(Object.keys(guardedScreenSources)).toEqual(Object.keys(guardedScreens));
    for (const [path, source] of Object.entries(guardedScreenSources)) expect(importsFile(guardedScreens[path], source), path).toBe(true);
    expect(Object.keys(publicScreenSources)).toEqual(Object.keys(publicScreens));
    for (const [path, source] of Object.entries(publicScreenSources)) expect(importsFile(publicScreens[path], source), path).toBe(true);
    expect(importsFile(screenLoaders.guarded, SHELL_SOURCE)).toBe(true);
    expect(importsFile(screenLoaders.login, LOGIN_SOURCE)).toBe(true);
    expect(importsFile(screenLoaders.notFound, NOT_FOUND_SOURCE)).toBe(true);
  });

  it('give the route of an address however it is written, and null outside the app\'s routes', () => {
    expect(routeOf('/')).toBe('/');
    expect(routeOf('/Login/')).toBe('/login');
    expect(routeOf('/Capacity//')).toBe('/capacity');
    expect(routeOf('/scenarios/s-1')).toBe('/scenarios/:id');
    expect(routeOf('/scenarios/s-1/more')).toBeNull();
    expect(routeOf('/Projects/p-1/')).toBe('/projects/:id');
    expect(routeOf('/projects/p-1/more')).toBeNull();
    // The project plan's address is its own, not a project's.
    expect(routeOf('/projects/plan')).toBe('/projects/plan');
    expect(firstScreenSources('/projects/plan', { role: 'auditor' })).toEqual([SHELL_SOURCE, 'client/features/project-plan/ProjectPlanPage.tsx']);
    expect(firstScreenSources('/projects/plan', { role: 'engineer' })).toEqual([SHELL_SOURCE, 'client/features/engineer-dashboard/EngineerDashboardPage.tsx']);
    expect(routeOf('/Invite')).toBe('/invite');
    expect(routeOf('/sign-on/')).toBe('/sign-on');
    expect(routeOf('/nowhere')).toBeNull();
  });

  it('are the files of the first screens the loaders load, for each visitor (the build reads them per role)', () => {
    expect(firstScreenSources('/', null)).toEqual([LOGIN_SOURCE]);
    expect(firstScreenSources('/capacity', { role: 'manager' })).toEqual([SHELL_SOURCE, 'client/features/schedule/SchedulePage.tsx']);
    expect(firstScreenSources('/capacity', { role: 'engineer' })).toEqual([SHELL_SOURCE, 'client/features/engineer-dashboard/EngineerDashboardPage.tsx']);
    expect(firstScreenSources('/capacity', { role: null })).toEqual([SHELL_SOURCE]);
    expect(firstScreenSources('/capacity', null)).toEqual([SHELL_SOURCE, LOGIN_SOURCE]);
    expect(firstScreenSources('/scenarios/:id', { role: 'auditor' })).toEqual([SHELL_SOURCE, 'client/features/scenarios/ScenarioPage.tsx']);
    expect(firstScreenSources('/projects/:id', { role: 'manager' })).toEqual([SHELL_SOURCE, 'client/features/projects/ProjectPage.tsx']);
    expect(firstScreenSources('/projects/:id', { role: 'engineer' })).toEqual([SHELL_SOURCE, 'client/features/engineer-dashboard/EngineerDashboardPage.tsx']);
    expect(firstScreenSources('/nowhere', { role: 'manager' })).toEqual([NOT_FOUND_SOURCE]);
  });
});

describe('loadScreen', () => {
  const module: ScreenModule = { default: () => null };

  it('loads a screen once and keeps it', async () => {
    const load = vi.fn(async () => module);
    expect(arrivedScreen(load)).toBeUndefined();
    await Promise.all([loadScreen(load), loadScreen(load)]);
    expect(await loadScreen(load)).toBe(module);
    expect(arrivedScreen(load)).toBe(module);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failure, so the next render asks again', async () => {
    const load = vi.fn<() => Promise<ScreenModule>>().mockRejectedValueOnce(new Error('network down')).mockResolvedValueOnce(module);
    await expect(loadScreen(load)).rejects.toThrow('network down');
    expect(arrivedScreen(load)).toBeUndefined();
    expect(await loadScreen(load)).toBe(module);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
