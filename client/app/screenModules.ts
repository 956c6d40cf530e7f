import type { ComponentType } from 'react';
import { readToken, tokenRole } from '../lib/token.ts';
import { firstScreenSources, guardedScreenSources, LOGIN_SOURCE, NOT_FOUND_SOURCE, publicScreenSources, SHELL_SOURCE } from './screenSources.ts';

/**
 * Where each screen's code comes from, and the screens whose code has arrived. No React here: the
 * first screen's code is asked for while the app is still being evaluated (app/screenPreload.ts).
 *
 * Why a screen's code is loaded before it renders: a lazy screen that suspends on its first render
 * shows its Suspense fallback, and React then holds the screen back until 300 ms after that fallback
 * appeared (its throttle for revealing suspended content), whenever the code arrives. On a cold load
 * that cost the shell and then the screen up to 300 ms each, on an idle main thread. A screen whose
 * code is here renders at once (see lazyScreen.ts).
 */
export type ScreenModule = { default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;

export const screenLoaders = {
  login: () => import('../features/login/LoginPage.tsx'),
  guarded: () => import('./layout/GuardedLayout.tsx'),
  notFound: () => import('./NotFound.tsx'),
  managerDashboard: () => import('../features/manager-dashboard/ManagerDashboardPage.tsx'),
  engineerDashboard: () => import('../features/engineer-dashboard/EngineerDashboardPage.tsx'),
  profile: () => import('../features/profile/ProfilePage.tsx'),
  engineers: () => import('../features/engineers/EngineersPage.tsx'),
  projects: () => import('../features/projects/ProjectsPage.tsx'),
  project: () => import('../features/projects/ProjectPage.tsx'),
  projectPlan: () => import('../features/project-plan/ProjectPlanPage.tsx'),
  assignments: () => import('../features/assignments/AssignmentsPage.tsx'),
  report: () => import('../features/report/ReportPage.tsx'),
  schedule: () => import('../features/schedule/SchedulePage.tsx'),
  history: () => import('../features/history/HistoryPage.tsx'),
  importExport: () => import('../features/import-export/ImportExportPage.tsx'),
  scenarios: () => import('../features/scenarios/ScenariosPage.tsx'),
  scenario: () => import('../features/scenarios/ScenarioPage.tsx'),
  people: () => import('../features/people/PeoplePage.tsx'),
  calendars: () => import('../features/calendars/CalendarsPage.tsx'),
  webhooks: () => import('../features/webhooks/WebhooksPage.tsx'),
  teams: () => import('../features/teams/TeamsPage.tsx'),
  staffing: () => import('../features/staffing/StaffingPage.tsx'),
  setup: () => import('../features/setup/SetupPage.tsx'),
  invite: () => import('../features/invite/AcceptInvitePage.tsx'),
  forgotPassword: () => import('../features/forgot-password/ForgotPasswordPage.tsx'),
  resetPassword: () => import('../features/reset-password/ResetPasswordPage.tsx'),
  signOn: () => import('../features/sign-on/SignOnPage.tsx'),
} satisfies Record<string, ScreenLoader>;

/**
 * The screens anyone may open signed out, by route path: the links people are sent (the first
 * administrator's, an invitation, a reset) and the pages around signing in. No shell around them.
 */
export const publicScreens: Record<string, ScreenLoader> = {
  '/setup': screenLoaders.setup,
  '/invite': screenLoaders.invite,
  '/forgot': screenLoaders.forgotPassword,
  '/reset': screenLoaders.resetPassword,
  '/sign-on': screenLoaders.signOn,
};

/** The screens of the guarded area by their route path: the router's routes are made from this list (the same files as screenSources.ts names). */
export const guardedScreens: Record<string, ScreenLoader> = {
  '/manager-dashboard': screenLoaders.managerDashboard,
  '/engineer-dashboard': screenLoaders.engineerDashboard,
  '/profile': screenLoaders.profile,
  '/engineers': screenLoaders.engineers,
  '/projects': screenLoaders.projects,
  '/projects/plan': screenLoaders.projectPlan,
  '/projects/:id': screenLoaders.project,
  '/assignments': screenLoaders.assignments,
  '/report': screenLoaders.report,
  '/capacity': screenLoaders.schedule,
  '/history': screenLoaders.history,
  '/import-export': screenLoaders.importExport,
  '/scenarios': screenLoaders.scenarios,
  '/scenarios/:id': screenLoaders.scenario,
  '/people': screenLoaders.people,
  '/calendars': screenLoaders.calendars,
  '/webhooks': screenLoaders.webhooks,
  '/teams': screenLoaders.teams,
  '/staffing': screenLoaders.staffing,
};

const arrived = new Map<ScreenLoader, ScreenModule>();
const loading = new Map<ScreenLoader, Promise<ScreenModule>>();

/** Loads a screen's code once; a failure is forgotten, so the next render asks again. */
export function loadScreen(load: ScreenLoader): Promise<ScreenModule> {
  let pending = loading.get(load);
  if (!pending) {
    pending = load().then(
      (module) => {
        arrived.set(load, module);
        return module;
      },
      (error: unknown) => {
        loading.delete(load);
        throw error;
      },
    );
    loading.set(load, pending);
  }
  return pending;
}

/** The screen's code if it has arrived. */
export const arrivedScreen = (load: ScreenLoader): ScreenModule | undefined => arrived.get(load);

/** Each first screen's loader by its source file (screenSources.ts names them). */
const loaderOf: Record<string, ScreenLoader> = {
  [SHELL_SOURCE]: screenLoaders.guarded,
  [LOGIN_SOURCE]: screenLoaders.login,
  [NOT_FOUND_SOURCE]: screenLoaders.notFound,
  ...Object.fromEntries(Object.entries(guardedScreenSources).map(([path, source]) => [source, guardedScreens[path]!])),
  ...Object.fromEntries(Object.entries(publicScreenSources).map(([path, source]) => [source, publicScreens[path]!])),
};

/**
 * The code the first screen at this path needs, for whoever the stored token says is signed in
 * (screenSources.ts decides). The token is only a hint here; the guard and the server decide.
 */
export function firstScreenLoaders(pathname: string, token: string | null = readToken()): ScreenLoader[] {
  return firstScreenSources(pathname, token ? { role: tokenRole(token) } : null).map((source) => loaderOf[source]!);
}
