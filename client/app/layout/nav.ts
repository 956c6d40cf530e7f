import type { Role } from '../../../domain/entities.ts';
import { navRole } from '../../machines/session.machine.ts';

export type NavKey = 'dashboard' | 'engineers' | 'projects' | 'assignments' | 'capacity' | 'report' | 'history' | 'profile';
export type NavItem = { key: NavKey; label: string; path: string };

/** Role-based navigation (spec §2): engineers get Dashboard and Profile; every other role the full list. */
export function navItems(role: Role | string | null | undefined): NavItem[] {
  if (navRole(role) === 'engineer') {
    return [
      { key: 'dashboard', label: 'Dashboard', path: '/engineer-dashboard' },
      { key: 'profile', label: 'Profile', path: '/profile' },
    ];
  }
  return [
    { key: 'dashboard', label: 'Dashboard', path: '/manager-dashboard' },
    { key: 'engineers', label: 'Engineers', path: '/engineers' },
    { key: 'projects', label: 'Projects', path: '/projects' },
    { key: 'assignments', label: 'Assignments', path: '/assignments' },
    { key: 'capacity', label: 'Schedule', path: '/capacity' },
    { key: 'report', label: 'Report', path: '/report' },
    // The event history (issue 6): managers and auditors only (the server refuses anyone else).
    ...(role === 'manager' || role === 'auditor' ? [{ key: 'history' as const, label: 'History', path: '/history' }] : []),
    { key: 'profile', label: 'Profile', path: '/profile' },
  ];
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
  '/report': 'Reports & Analytics',
  '/history': 'History',
};

/** The user card's avatar text: 'ER' for an engineer, 'MR' for anyone else (spec §2). */
export const roleInitials = (role: Role | string | null | undefined) => (role === 'engineer' ? 'ER' : 'MR');
