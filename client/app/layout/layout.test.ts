import { describe, expect, it } from 'vitest';
import { navItems, navPathOf, pageTitleOf, screenAccess } from './nav.ts';
import {
  isToggleShortcut,
  readSidebarCookie,
  SIDEBAR_COOKIE_MAX_AGE,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
  sidebarCookie,
  tooltipEnterDelayMs,
} from './sidebarState.ts';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('sidebar state', () => {
  it('has the sidebar constants: its widths and a cookie kept for 7 days', () => {
    expect(SIDEBAR_COOKIE_MAX_AGE).toBe(604800);
    expect([SIDEBAR_WIDTH, SIDEBAR_WIDTH_MOBILE, SIDEBAR_WIDTH_ICON]).toEqual(['16rem', '18rem', '3rem']);
  });
  it('writes and reads the state cookie', () => {
    expect(sidebarCookie(false)).toBe('sidebar_state=false; path=/; max-age=604800; SameSite=Lax');
    expect(readSidebarCookie('a=1; sidebar_state=false; b=2')).toBe(false);
    expect(readSidebarCookie('sidebar_state=true')).toBe(true);
    expect(readSidebarCookie('other=true')).toBeNull();
    expect(readSidebarCookie('')).toBeNull();
  });
  it('toggles on Ctrl+B and Cmd+B only', () => {
    expect(isToggleShortcut(key('b', { ctrlKey: true }))).toBe(true);
    expect(isToggleShortcut(key('B', { metaKey: true }))).toBe(true);
    expect(isToggleShortcut(key('b'))).toBe(false);
    expect(isToggleShortcut(key('b', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isToggleShortcut(key('c', { ctrlKey: true }))).toBe(false);
  });
  it('opens tooltips after 700 ms, or at once within the 300 ms skip delay', () => {
    expect(tooltipEnterDelayMs(null, 1000)).toBe(700);
    expect(tooltipEnterDelayMs(900, 1000)).toBe(0);
    expect(tooltipEnterDelayMs(600, 1000)).toBe(700);
  });
});

describe('navigation', () => {
  it('gives engineers Dashboard and Profile', () => {
    expect(navItems('engineer').map((i) => [i.label, i.path])).toEqual([
      ['Dashboard', '/engineer-dashboard'],
      ['Profile', '/profile'],
    ]);
  });
  it('gives managers and any other role the full list, spelled Engineers', () => {
    const labels = ['Dashboard', 'Engineers', 'Projects', 'Assignments', 'Schedule', 'Project plan', 'Report', 'Scenarios', 'History', 'Profile'];
    // Import / Export is for managers only; auditors and other roles have everything else.
    // Calendars (the holiday calendars, beside the schedule) and Import / Export are for managers only.
    // Staffing requests and Teams, beside Calendars, are for managers only too.
    expect(navItems('manager').map((i) => i.label)).toEqual([...labels.slice(0, 6), 'Calendars', 'Staffing requests', 'Teams', ...labels.slice(6, 9), 'Import / Export', 'Profile']);
    expect(pageTitleOf('/staffing')).toBe('Staffing requests');
    expect(navItems('manager').find((i) => i.key === 'calendars')?.path).toBe('/calendars');
    expect(pageTitleOf('/calendars')).toBe('Holiday calendars');
    expect(navItems('manager').find((i) => i.key === 'import')?.path).toBe('/import-export');
    expect(navItems('auditor').map((i) => i.label)).toEqual(labels);
    // The project plan, Scenarios and History are for managers and auditors only; any other role navigates as a manager without them.
    expect(navItems('planner').map((i) => i.label)).toEqual(labels.filter((l) => l !== 'History' && l !== 'Scenarios' && l !== 'Project plan'));
    expect(navItems('auditor').find((i) => i.key === 'projectPlan')?.path).toBe('/projects/plan');
    expect(navItems('auditor').find((i) => i.key === 'scenarios')?.path).toBe('/scenarios');
    expect(navItems('manager').find((i) => i.key === 'history')?.path).toBe('/history');
    expect(navItems('manager')[0]!.path).toBe('/manager-dashboard');
  });
  it('gives admins People & access and Webhooks above Profile, whatever their role', () => {
    expect(navItems('manager', true).map((i) => i.label).slice(-3)).toEqual(['People & access', 'Webhooks', 'Profile']);
    expect(navItems('engineer', true).map((i) => i.path)).toEqual(['/engineer-dashboard', '/people', '/webhooks', '/profile']);
    expect(navItems('auditor', false).some((i) => i.key === 'people' || i.key === 'webhooks')).toBe(false);
    expect(navItems('manager', false).some((i) => i.key === 'webhooks')).toBe(false);
    expect(pageTitleOf('/people')).toBe('People & access');
    expect(pageTitleOf('/webhooks')).toBe('Webhooks');
  });
  it('keeps Scenarios selected and titled on one scenario\'s screen', () => {
    expect(navPathOf('/scenarios/abc')).toBe('/scenarios');
    expect(navPathOf('/scenarios/')).toBe('/scenarios');
    // A project's page keeps Projects selected and titled.
    expect(navPathOf('/projects/p1')).toBe('/projects');
    expect(pageTitleOf('/projects/p1')).toBe('Projects');
    // The project plan is an entry of its own under /projects.
    expect(navPathOf('/projects/plan')).toBe('/projects/plan');
    expect(pageTitleOf('/projects/plan')).toBe('Project plan');
    expect(navPathOf('/engineers')).toBe('/engineers');
    expect(pageTitleOf('/scenarios/abc')).toBe('Scenarios');
    expect(pageTitleOf('/nowhere')).toBe('');
  });
});

describe('screens by role', () => {
  const managerScreens = ['/manager-dashboard', '/engineers', '/projects', '/assignments', '/capacity', '/report', '/history', '/import-export', '/scenarios', '/scenarios/abc'];

  it('sends an engineer on any manager screen to their dashboard', () => {
    for (const path of managerScreens) {
      expect(screenAccess('engineer', path), path).toEqual({ kind: 'redirect', to: '/engineer-dashboard' });
    }
  });
  it('catches the spellings the router also matches: any case, trailing slashes', () => {
    for (const path of ['/Capacity', '/REPORT/', '/engineers//']) {
      expect(screenAccess('engineer', path), path).toEqual({ kind: 'redirect', to: '/engineer-dashboard' });
    }
  });
  it("shows an engineer their own screens, also while the role is unknown", () => {
    for (const path of ['/engineer-dashboard', '/profile', '/Profile/']) {
      expect(screenAccess('engineer', path), path).toEqual({ kind: 'show' });
      expect(screenAccess(null, path), path).toEqual({ kind: 'show' });
    }
  });
  it('shows managers, auditors and any other role every screen', () => {
    for (const role of ['manager', 'auditor', 'planner']) {
      for (const path of [...managerScreens, '/engineer-dashboard', '/profile']) {
        expect(screenAccess(role, path), `${role} ${path}`).toEqual({ kind: 'show' });
      }
    }
  });
  it('shows People & access to admins only, sends anyone else home, and waits while it is unknown', () => {
    expect(screenAccess('manager', '/people', true)).toEqual({ kind: 'show' });
    expect(screenAccess('engineer', '/People/', true)).toEqual({ kind: 'show' });
    expect(screenAccess('manager', '/people', false)).toEqual({ kind: 'redirect', to: '/manager-dashboard' });
    expect(screenAccess('engineer', '/people', false)).toEqual({ kind: 'redirect', to: '/engineer-dashboard' });
    expect(screenAccess('manager', '/people')).toEqual({ kind: 'wait' });
    expect(screenAccess(null, '/people', true)).toEqual({ kind: 'wait' });
  });
  it('holds a manager screen back until the role is known', () => {
    for (const role of [null, undefined, '']) {
      for (const path of managerScreens) expect(screenAccess(role, path), path).toEqual({ kind: 'wait' });
    }
  });
});
