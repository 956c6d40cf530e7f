import type { Role } from '../../../domain/entities.ts';
import { routePath } from '../../../domain/routes.ts';
import { homePath, navRole } from '../../lib/roleHome.ts';

export type NavKey =
  | 'dashboard' | 'engineers' | 'projects' | 'projectPlan' | 'assignments' | 'capacity' | 'calendars' | 'report' | 'scenarios' | 'history' | 'import' | 'people'
  | 'webhooks' | 'profile' | 'teams' | 'staffing';
export type NavItem = { key: NavKey; label: string; path: string };

/** People & access: admins only, whatever their role (admin is a permission, not a role). */
export const PEOPLE_PATH = '/people';
const people: NavItem = { key: 'people', label: 'People & access', path: PEOPLE_PATH };
/** Webhooks: admins only too, next to People & access (the server refuses anyone else). */
export const WEBHOOKS_PATH = '/webhooks';
const webhooks: NavItem = { key: 'webhooks', label: 'Webhooks', path: WEBHOOKS_PATH };

/**
 * Role-based navigation: engineers get Dashboard and Profile; every other role the full list. Admins
 * also get People & access, just above Profile.
 */
export function navItems(role: Role | string | null | undefined, admin = false): NavItem[] {
  const admins = admin ? [people, webhooks] : [];
  if (navRole(role) === 'engineer') {
    return [
      { key: 'dashboard', label: 'Dashboard', path: '/engineer-dashboard' },
      ...admins,
      { key: 'profile', label: 'Profile', path: '/profile' },
    ];
  }
  return [
    { key: 'dashboard', label: 'Dashboard', path: '/manager-dashboard' },
    { key: 'engineers', label: 'Engineers', path: '/engineers' },
    { key: 'projects', label: 'Projects', path: '/projects' },
    { key: 'assignments', label: 'Assignments', path: '/assignments' },
    { key: 'capacity', label: 'Schedule', path: '/capacity' },
    // Projects period by period: managers and auditors only (the server refuses anyone else).
    ...(role === 'manager' || role === 'auditor' ? [{ key: 'projectPlan' as const, label: 'Project plan', path: '/projects/plan' }] : []),
    // Beside the schedule and its Holidays button: the holiday calendars engineers follow (managers keep them).
    ...(role === 'manager' ? [{ key: 'calendars' as const, label: 'Calendars', path: '/calendars' }] : []),
    // Teams and the staffing requests between their managers (the server refuses writes to anyone else).
    ...(role === 'manager' ? [{ key: 'staffing' as const, label: 'Staffing requests', path: '/staffing' }, { key: 'teams' as const, label: 'Teams', path: '/teams' }] : []),
    { key: 'report', label: 'Report', path: '/report' },
    // Drafts of planning changes: managers make them, auditors read the shared ones (the server refuses anyone else).
    ...(role === 'manager' || role === 'auditor' ? [{ key: 'scenarios' as const, label: 'Scenarios', path: '/scenarios' }] : []),
    // The event history: managers and auditors only (the server refuses anyone else).
    ...(role === 'manager' || role === 'auditor' ? [{ key: 'history' as const, label: 'History', path: '/history' }] : []),
    // Bringing lists in from CSV is a manager's job (the server refuses anyone else).
    ...(role === 'manager' ? [{ key: 'import' as const, label: 'Import / Export', path: '/import-export' }] : []),
    ...admins,
    { key: 'profile', label: 'Profile', path: '/profile' },
  ];
}

/** What the guarded area does with a signed-in user at a path. */
export type ScreenAccess = { kind: 'show' } | { kind: 'wait' } | { kind: 'redirect'; to: string };

const engineerPaths = new Set(navItems('engineer').map((item) => item.path));
const adminPaths = new Set([PEOPLE_PATH, WEBHOOKS_PATH]);

/**
 * Engineers stay on their own screens: a path outside their navigation (a manager screen, typed or
 * bookmarked) sends them to their dashboard, because those screens would show colleagues at a false
 * 0 % from the limited answers the server gives an engineer. While the role is still unknown (a stored
 * session being restored) a manager screen waits rather than render for the wrong person.
 * People & access is an admin's, whatever their role: anyone else goes home; while whether the user is
 * an admin is unknown (`admin` null: a stored session being restored, or the page's hints, which know
 * only the role) it waits.
 * The router matches paths case-insensitively and with a trailing slash, so this does too.
 */
export function screenAccess(role: Role | string | null | undefined, pathname: string, admin: boolean | null = null): ScreenAccess {
  const path = routePath(pathname);
  if (adminPaths.has(path)) {
    if (!role || admin === null) return { kind: 'wait' };
    return admin ? { kind: 'show' } : { kind: 'redirect', to: homePath(role) };
  }
  if (engineerPaths.has(path)) return { kind: 'show' };
  if (!role) return { kind: 'wait' };
  return navRole(role) === 'engineer' ? { kind: 'redirect', to: homePath(role) } : { kind: 'show' };
}

/** The title the header shows for a path. */
export const pageTitles: Record<string, string> = {
  '/manager-dashboard': 'Dashboard',
  '/engineer-dashboard': 'Dashboard',
  '/profile': 'Profile',
  '/engineers': 'Engineers',
  '/projects': 'Projects',
  '/assignments': 'Assignments',
  '/capacity': 'Schedule',
  '/projects/plan': 'Project plan',
  '/report': 'Reports & Analytics',
  '/history': 'History',
  '/import-export': 'Import / Export',
  '/scenarios': 'Scenarios',
  '/people': 'People & access',
  '/calendars': 'Holiday calendars',
  '/webhooks': 'Webhooks',
  '/teams': 'Teams',
  '/staffing': 'Staffing requests',
};

/** The navigation entry a path belongs to: a screen under an entry (one scenario under /scenarios) keeps it selected. */
export function navPathOf(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path in pageTitles) return path;
  const under = ['/scenarios', '/projects'].find((entry) => path.startsWith(`${entry}/`));
  return under ?? path;
}

/** The header's title for a path, including the screens under an entry. */
export const pageTitleOf = (pathname: string) => pageTitles[navPathOf(pathname)] ?? '';
