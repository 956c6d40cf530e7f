import { routePath } from '../../domain/routes.ts';
import { screenAccess } from './layout/nav.ts';

/**
 * The source file of each first screen, by the address that shows it, and which of them the first
 * screen at an address needs, for whoever is signed in: one decision for the app as it boots
 * (screenModules.ts loads these files) and for the build (client/build/routeHints.ts), which writes
 * them per route and role for the server to name in the page it sends. No React here: the build reads
 * it in Node. A unit test holds this list to the router's.
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
  '/projects/plan': 'client/features/project-plan/ProjectPlanPage.tsx',
  '/projects/:id': 'client/features/projects/ProjectPage.tsx',
  '/assignments': 'client/features/assignments/AssignmentsPage.tsx',
  '/report': 'client/features/report/ReportPage.tsx',
  '/capacity': 'client/features/schedule/SchedulePage.tsx',
  '/history': 'client/features/history/HistoryPage.tsx',
  '/import-export': 'client/features/import-export/ImportExportPage.tsx',
  '/scenarios': 'client/features/scenarios/ScenariosPage.tsx',
  '/scenarios/:id': 'client/features/scenarios/ScenarioPage.tsx',
  '/people': 'client/features/people/PeoplePage.tsx',
  '/calendars': 'client/features/calendars/CalendarsPage.tsx',
  '/webhooks': 'client/features/webhooks/WebhooksPage.tsx',
  '/teams': 'client/features/teams/TeamsPage.tsx',
  '/staffing': 'client/features/staffing/StaffingPage.tsx',
};

/** The screens anyone may open signed out (links people are sent, the pages around signing in), by route path. */
export const publicScreenSources: Record<string, string> = {
  '/setup': 'client/features/setup/SetupPage.tsx',
  '/invite': 'client/features/invite/AcceptInvitePage.tsx',
  '/forgot': 'client/features/forgot-password/ForgotPasswordPage.tsx',
  '/reset': 'client/features/reset-password/ResetPasswordPage.tsx',
  '/sign-on': 'client/features/sign-on/SignOnPage.tsx',
};

/** The route an address falls under, however it is written ('/Capacity/' is '/capacity'); null for none. */
export function routeOf(pathname: string): string | null {
  const path = routePath(pathname);
  if (path === '/' || path === '/login' || path in publicScreenSources) return path;
  if (/^\/scenarios\/[^/]+$/.test(path)) return '/scenarios/:id';
  // The project plan has an address of its own under /projects, before any project's.
  if (path === '/projects/plan') return path;
  if (/^\/projects\/[^/]+$/.test(path)) return '/projects/:id';
  return path in guardedScreenSources ? path : null;
}

/** Who the first screen is for: nobody signed in, or a token with its role (null when it names none). */
export type Visitor = { role: string | null } | null;

/**
 * The files whose code the first screen at an address needs: the login screen's at / and /login, a
 * signed-out page's own at its address (/setup, /invite...); in the
 * guarded area the shell's and the screen the guard will show (the login screen's without a token; an
 * engineer at a manager's address gets their dashboard's, never the manager screen's; a token naming no
 * role gets only the shell's while the guard waits for the profile); the not-found screen's elsewhere.
 */
export function firstScreenSources(pathname: string, visitor: Visitor): string[] {
  const route = routeOf(pathname);
  if (route === '/' || route === '/login') return [LOGIN_SOURCE];
  // The same screen for everyone, signed in or not: no shell around it.
  const open = route === null ? undefined : publicScreenSources[route];
  if (open) return [open];
  const screen = route === null ? undefined : guardedScreenSources[route];
  if (!screen) return [NOT_FOUND_SOURCE];
  if (!visitor) return [SHELL_SOURCE, LOGIN_SOURCE];
  const access = screenAccess(visitor.role, pathname);
  if (access.kind === 'wait') return [SHELL_SOURCE];
  const shown = access.kind === 'redirect' ? guardedScreenSources[access.to] : screen;
  return shown ? [SHELL_SOURCE, shown] : [SHELL_SOURCE];
}
