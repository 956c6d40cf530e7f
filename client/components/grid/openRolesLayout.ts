import { plural } from '../../lib/format.ts';

/**
 * The open roles' block above the engineers (PlaceholderRows), in numbers and words: a line per open
 * role, its project named on it, so a few of them leave the people on screen (the demo's two take 88 px).
 */
export const OPEN_ROLES_HEADER = 30;
export const OPEN_ROLES_LINE = 28;
/** Its bottom border. */
export const OPEN_ROLES_BORDER = 2;

/** A few open roles show at once; a long list waits to be opened, so the engineers stay in view. */
export const OPEN_ROLES_SHOWN_AT_ONCE = 12;
export const openRolesShown = (count: number) => count <= OPEN_ROLES_SHOWN_AT_ONCE;

/** How tall the block's content is (its border aside): its header, and when open a line per open role. */
export const openRolesHeight = (projects: number, count: number, open: boolean) =>
  projects === 0 ? 0 : OPEN_ROLES_HEADER + (open ? count * OPEN_ROLES_LINE : 0);

/** The block's header: a phone's name column holds 'Roles (141)', not 'Open roles (141)'. */
export const openRolesLabel = (count: number, narrow: boolean) => `${narrow ? 'Roles' : 'Open roles'} (${count})`;

/** Beside the header while the block is closed. */
export const openRolesSummary = (count: number, projects: number) => `${plural(count, 'placeholder')} in ${plural(projects, 'project')}: demand without a person`;
