// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { CapacityResponse } from '../../domain/capacity/contracts.ts';
import type { FirstSchedule } from '../../domain/page-hints.ts';
import { defaultScheduleView, type ScheduleView } from '../../domain/schedule/view.ts';
import { sampleGrid } from '../../tests/support/sample-grid.ts';
import { cellsMarkup } from '../features/schedule/cellsMarkup.ts';
import { totalLook } from '../features/schedule/cellLook.ts';
import { frameMarkup, frameRows, rowsBelow, type Screen } from './frameMarkup.ts';

const DESKTOP: Screen = { width: 1440, height: 900, sidebarOpen: true, today: '2026-11-25', role: 'manager' };
const PHONE: Screen = { width: 390, height: 844, sidebarOpen: true, today: '2026-11-25', role: 'manager' };
const view: ScheduleView = { ...defaultScheduleView, weeks: 4 };

const draw = (html: string) => {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host;
};
const texts = (host: HTMLElement, selector: string) => [...host.querySelectorAll(selector)].map((e) => e.textContent);
const first = (grid: CapacityResponse, openRoles = { count: 0, projects: 0 }): FirstSchedule<CapacityResponse> => ({ grid, openRoles });

describe('the schedule\'s first paint', () => {
  it('draws the page the app will draw: the shell, the title, the window, and the grid\'s periods and totals', () => {
    const grid = sampleGrid(3);
    const host = draw(frameMarkup(first(grid), view, DESKTOP));
    expect((host.querySelector('.fp-side') as HTMLElement).style.width).toBe('256px');
    expect(texts(host, 'h3')).toEqual(['Schedule']);
    expect(host.querySelector('.fp-range')?.textContent).toBe('Nov 23, 2026 - Dec 20, 2026');
    expect(host.querySelector('.fp-head strong')?.textContent).toBe('3 engineers · Nov 23 - Dec 20, 2026');
    expect(texts(host, '.schedule-period')).toEqual(['W48Nov 23', 'W49Nov 30', 'W50Dec 7', 'W51Dec 14']);
    expect(host.querySelector('.schedule-period.is-today')?.textContent).toBe('W48Nov 23');
    // A holiday in the week of Dec 7: its dot, as the app draws it.
    expect(host.querySelectorAll('.schedule-period .holiday-mark')).toHaveLength(1);
    expect(texts(host, '.schedule-total > span:first-child')).toEqual(grid.totals.map((t) => totalLook(t).label));
    // The rows come once the page shows where they start (frameRows).
    expect(host.querySelectorAll('.schedule-row')).toHaveLength(0);
    expect((host.querySelector('.schedule-body') as HTMLElement).style.height).toBe(`${3 * 45}px`);
  });

  it('lists the role\'s screens in the sidebar as the app does, the schedule marked', () => {
    const manager = draw(frameMarkup(first(sampleGrid(1)), view, DESKTOP));
    expect(texts(manager, '.fp-nav li')).toEqual(['Dashboard', 'Engineers', 'Projects', 'Assignments', 'Schedule', 'Report', 'Scenarios', 'History', 'Import / Export', 'Profile']);
    expect(texts(manager, '.fp-nav li.on')).toEqual(['Schedule']);
    const auditor = draw(frameMarkup(first(sampleGrid(1)), view, { ...DESKTOP, role: 'auditor' }));
    expect(texts(auditor, '.fp-nav li')).not.toContain('Import / Export');
    expect(draw(frameMarkup(first(sampleGrid(1)), view, { ...DESKTOP, sidebarOpen: false })).querySelectorAll('.fp-nav li')).toHaveLength(0);
  });

  it('keeps the sidebar\'s remembered width, and none on a phone, where the toolbar holds its Filters button and the filters line is left out', () => {
    expect((draw(frameMarkup(first(sampleGrid(1)), view, { ...DESKTOP, sidebarOpen: false })).querySelector('.fp-side') as HTMLElement).style.width).toBe('48px');
    const phone = draw(frameMarkup(first(sampleGrid(1)), view, PHONE));
    expect(phone.querySelector('.fp-side')).toBeNull();
    expect(phone.querySelectorAll('.fp-toolbar .fp-line')).toHaveLength(1);
    expect(phone.querySelectorAll('.fp-toolbar .fp-box')).toHaveLength(7);
    expect(draw(frameMarkup(first(sampleGrid(1)), view, DESKTOP)).querySelectorAll('.fp-toolbar .fp-line')).toHaveLength(2);
  });

  it('keeps the open roles\' room: a few open below their header, many behind their count', () => {
    expect(draw(frameMarkup(first(sampleGrid(1)), view, DESKTOP)).textContent).not.toContain('Open roles');
    const few = draw(frameMarkup(first(sampleGrid(1), { count: 3, projects: 2 }), view, DESKTOP));
    expect(few.textContent).toContain('Open roles (3)');
    expect(few.textContent).not.toContain('demand without a person');
    expect(few.innerHTML).toContain(`height:${3 * 36 + 2 * 28}px`);
    const many = draw(frameMarkup(first(sampleGrid(1), { count: 20, projects: 5 }), view, PHONE));
    expect(many.textContent).toContain('Roles (20)');
    expect(many.textContent).toContain('20 placeholders in 5 projects: demand without a person');
    expect(many.innerHTML).toContain('height:0px');
  });

  it('sizes the columns as the app does: wider to fill a wide card, never narrower than the step\'s own', () => {
    const fourWeeks = draw(frameMarkup(first(sampleGrid(1)), view, DESKTOP));
    // (1440 - 256 - 48 - 2 - 16 - 248) / 4 is over twice 60: twice 60.
    expect((fourWeeks.querySelector('.schedule-period') as HTMLElement).style.width).toBe('120px');
    const year = sampleGrid(1, { to: '2027-11-21' });
    const wide = draw(frameMarkup(first(year), { ...view, weeks: 52 }, DESKTOP));
    expect((wide.querySelector('.schedule-period') as HTMLElement).style.width).toBe('60px');
  });
});

describe('the first paint\'s rows', () => {
  it('are the first engineers in the answer\'s order, each name as text and each row\'s cells as the grid draws them', () => {
    const grid = sampleGrid(5);
    const rows = frameRows(grid, view, DESKTOP, 3);
    const names = draw(rows.names);
    expect(texts(names, '.name')).toEqual(grid.rows.slice(0, 3).map((r) => r.engineer.name));
    expect(names.querySelector('b')).toBeNull();
    const bo = grid.rows.findIndex((r) => r.engineer.maxCapacity === 50);
    expect(texts(names, '.sub')[bo]).toBe('Senior · 50% · Platform');
    expect(texts(names, '.tabular')[grid.rows.findIndex((r) => r.engineer._id === 'e0')]).toBe('peak 120%');
    const cells = draw(rows.cells);
    expect([...cells.querySelectorAll('.schedule-cells')].map((e) => e.innerHTML)).toEqual(grid.rows.slice(0, 3).map((r) => cellsMarkup(r.periods)));
    expect([...cells.querySelectorAll('.schedule-row')].map((e) => (e as HTMLElement).style.transform)).toEqual(['translateY(0px)', 'translateY(45px)', 'translateY(90px)']);
  });

  it('show the figure the rows are sorted by, and on a phone neither figure nor department', () => {
    const grid = sampleGrid(2, { sort: 'free' });
    expect(texts(draw(frameRows(grid, { ...view, sort: 'free' }, DESKTOP, 2).names), '.tabular')).toEqual(grid.rows.map((r) => `${Math.round(r.minFree!)}% free`));
    const phone = draw(frameRows(grid, view, PHONE, 2).names);
    expect(phone.querySelectorAll('.tabular')).toHaveLength(0);
    expect(texts(phone, '.sub')).toEqual(grid.rows.map((r) => (r.engineer.maxCapacity === 100 ? 'Mid' : 'Senior · 50%')));
  });

  it('are as many as fill the screen below where they start, none when they start below it', () => {
    expect(rowsBelow(532, DESKTOP)).toBe(9);
    expect(rowsBelow(855, DESKTOP)).toBe(1);
    expect(rowsBelow(900, DESKTOP)).toBe(0);
    expect(rowsBelow(1200, DESKTOP)).toBe(0);
  });
});
