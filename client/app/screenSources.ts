/**
 * The source file of each first screen, by the address that shows it: the build names each screen's
 * chunks after these (client/build/routeHints.ts), and the server lists them in the page it sends for
 * that address, so the browser fetches a screen's code beside the app's own instead of after it. Plain
 * data, no imports: the build reads it in Node. screenModules.ts loads the same files (a unit test
 * holds the two lists together).
 */
export const SHELL_SOURCE = 'client/app/layout/GuardedLayout.tsx';
export const LOGIN_SOURCE = 'client/features/login/LoginPage.tsx';
export const NOT_FOUND_SOURCE = 'client/app/NotFound.tsx';

/** The screens of the guarded area (behind the shell), by route path. */
export const guardedScreenSources: Record<string, string> = {
  '/manager-dashboard': 'client/features/manager-dashboard/ManagerDashboardPage.tsx',
  '/engineer-dashboard': 'client/features/engineer-dashboard/EngineerDashboardPage.tsx',
  '/profile': 'client/features/profile/ProfilePage.tsx',
  '/engineers': 'client/features/engineers/EngineersPage.tsx',
  '/projects': 'client/features/projects/ProjectsPage.tsx',
  '/assignments': 'client/features/assignments/AssignmentsPage.tsx',
  '/report': 'client/features/report/ReportPage.tsx',
  '/capacity': 'client/features/schedule/SchedulePage.tsx',
  '/history': 'client/features/history/HistoryPage.tsx',
  '/import-export': 'client/features/import-export/ImportExportPage.tsx',
  '/scenarios': 'client/features/scenarios/ScenariosPage.tsx',
  '/scenarios/:id': 'client/features/scenarios/ScenarioPage.tsx',
};

/** The route an address falls under, however it is written ('/Capacity/' is '/capacity'); null for none. */
export function routeOf(pathname: string): string | null {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  if (path === '/' || path === '/login') return path;
  if (/^\/scenarios\/[^/]+$/.test(path)) return '/scenarios/:id';
  return path in guardedScreenSources ? path : null;
}

/**
 * The files whose code the first screen at a route needs: the login screen's at / and /login, the
 * shell and the screen's in the guarded area, the not-found screen's elsewhere (route null). Who is
 * signed in is not known here: an engineer sent from a manager's address to their dashboard fetches
 * the other screen's code for nothing, which costs bandwidth, never correctness.
 */
export function firstScreenSources(route: string | null): string[] {
  if (route === '/' || route === '/login') return [LOGIN_SOURCE];
  const screen = route === null ? undefined : guardedScreenSources[route];
  return screen ? [SHELL_SOURCE, screen] : [NOT_FOUND_SOURCE];
}
