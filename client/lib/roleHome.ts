import type { Role } from '../../domain/entities.ts';

/** Any role other than engineer navigates as a manager. */
export const navRole = (role: Role | string | undefined | null): 'engineer' | 'manager' =>
  role === 'engineer' ? 'engineer' : 'manager';

/** Where login lands, by role. */
export const homePath = (role: Role | string | undefined | null) =>
  navRole(role) === 'engineer' ? '/engineer-dashboard' : '/manager-dashboard';
