import type { CapacityResponse } from '../../domain/capacity/contracts.ts';
import type { FirstSchedule } from '../../domain/page-hints.ts';
import { dayOfDate } from '../../domain/capacity/calendar-days.ts';
import type { ScheduleView } from '../../domain/schedule/view.ts';
import { columnWidths } from '../../domain/schedule/window.ts';
import { fittedColumnWidth } from '../features/schedule/axis.ts';
import { cellTones, demandBars, gridVariables, holdsDay, legendTones, periodHeading, rowFigure, TENTATIVE_HATCH, totalLook } from '../features/schedule/cellLook.ts';
import { cellsMarkup, escapeHtml } from '../features/schedule/cellsMarkup.ts';
import { OPEN_ROLES_BORDER, OPEN_ROLES_HEADER, openRolesHeight, openRolesLabel, openRolesShown, openRolesSummary } from '../features/schedule/openRolesLayout.ts';
import { gridSummary, nameSubline, windowText } from '../features/schedule/scheduleText.ts';
import { navItems } from '../app/layout/nav.ts';

/** Where the frame is drawn: the window's size, the sidebar's remembered state, and who is signed in. */
export type Screen = { width: number; height: number; sidebarOpen: boolean; today: string; role: string | null };

// The app's measures (app/layout, components/PageHeader, features/schedule): the frame must put the
// rows where the app will, or the grid jumps when the app takes over.
const MOBILE_BELOW = 768;
const SIDEBAR_OPEN = 256;
const SIDEBAR_ICONS = 48;
const CONTENT_MAX = 1440;
const ROW_HEIGHT = 45;

const STYLE = `
.fp{position:fixed;inset:0;z-index:2000;overflow:hidden;display:flex;background:#f5f7fb;color:#0f172a;font-size:14px;line-height:1.5715;font-family:Inter,ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif}
.fp-side{flex:none;position:sticky;top:0;height:100vh;background:#fff;border-inline-end:1px solid #e5e7eb}
.fp-brand{display:flex;align-items:center;gap:10px;height:56px;padding:0 16px;white-space:nowrap;overflow:hidden;line-height:1.15}
.fp-brand strong{display:block;font-size:15px}
.fp-brand small{font-size:11px;color:rgba(0,0,0,.45)}
.fp-user{height:91px;margin:4px 8px 8px;border-radius:12px;background:#f8fafc;border:1px solid #e5e7eb}
.fp-nav{list-style:none;margin:0;padding:4px 0}
.fp-nav li{display:flex;align-items:center;gap:13px;height:38px;margin:4px;padding-left:24px;border-radius:8px;color:rgba(15,23,42,.88)}
.fp-nav li i{width:16px;height:16px;border-radius:4px;background:#e2e8f0}
.fp-nav li.on{background:#eff6ff;color:#1d4ed8}
.fp-nav li.on i{background:#bfdbfe}
.fp-main{flex:1;min-width:0}
.fp-header{position:sticky;top:0;z-index:10;display:flex;align-items:center;gap:8px;height:56px;padding:0 16px;background:#fff;border-bottom:1px solid #e5e7eb;font-weight:600;font-size:16px}
.fp-toggle{width:32px;height:32px}
.fp .schedule-toggle{display:flex;align-items:center}
.fp-divider{width:1px;height:20px;background:#e5e7eb;margin:0 4px}
.fp-content{padding:24px;min-width:0}
.fp-inner{max-width:${CONTENT_MAX}px;margin:0 auto;width:100%}
.fp-title{margin-bottom:20px}
.fp-title h3{margin:0;font-size:24px;line-height:32px;font-weight:650;letter-spacing:-0.2px}
.fp-title span{display:block;margin-top:4px;line-height:22px;color:rgba(0,0,0,.45)}
.fp-card{background:#fff;border:1px solid #f0f0f0;border-radius:8px}
.fp-toolbar{padding:12px;margin-bottom:16px}
.fp-line{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.fp-line+.fp-line{margin-top:10px}
.fp-box{height:36px;border-radius:6px;background:#f1f5f9}
.fp-low{height:22px}
.fp-range{margin-left:auto;font-size:13px;line-height:20px;white-space:nowrap;color:rgba(0,0,0,.45)}
.fp-free{display:inline-flex;align-items:center;gap:6px;flex-wrap:wrap}
.fp-head{display:flex;flex-wrap:wrap;gap:12px;align-items:center;justify-content:space-between;padding:12px 16px;line-height:22px}
.fp-legend{display:flex;flex-wrap:wrap;gap:4px 12px;align-items:center;font-size:12px;line-height:19px;color:#475569}
.fp-legend span{display:inline-flex;align-items:center;gap:5px}
.fp-legend i{width:14px;height:10px;border-radius:3px;display:inline-block;border:1px solid rgba(15,23,42,.08)}
.fp-calendar{display:inline-block;width:14px;height:14px;margin-right:8px;border:2px solid #2563eb;border-radius:3px;vertical-align:-2px}
@media (max-width:${MOBILE_BELOW - 1}px){.fp-content{padding:16px}}
`;

/** The app's mark (components/BrandMark.tsx), as markup. */
const LOGO =
  '<svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" style="flex:none"><rect width="32" height="32" rx="8" fill="#2563eb"></rect><path d="M8 22h4v-8H8zm6 0h4V10h-4zm6 0h4v-5h-4z" fill="#fff"></path></svg>';

/** The sidebar as the app draws it (app/layout/Sidebar.tsx): the brand, the user's card (empty here), the role's screens with the schedule's marked. */
function sidebar(width: number, open: boolean, role: string | null): string {
  if (!open) return `<aside class="fp-side" style="width:${width}px"><div class="fp-brand">${LOGO}</div></aside>`;
  const items = navItems(role).map((item) => `<li${item.key === 'capacity' ? ' class="on"' : ''}><i></i>${escapeHtml(item.label)}</li>`);
  return (
    `<aside class="fp-side" style="width:${width}px"><div class="fp-brand">${LOGO}<div><strong>Capacity Planner</strong><small>Resource management</small></div></div>` +
    `<div class="fp-user"></div><ul class="fp-nav">${items.join('')}</ul></aside>`
  );
}

const box = (width: number, low = false) => `<span class="fp-box${low ? ' fp-low' : ''}" style="width:${width}px"></span>`;

/** The toolbar's controls as empty boxes of their sizes, in the same wrapping lines, so the grid below starts where the app's will. */
function toolbar(range: string, compact: boolean): string {
  const first = [box(143), box(136), box(180), box(120), box(176), box(159, true)];
  if (compact) first.push(box(96));
  first.push(`<span class="fp-range">${escapeHtml(range)}</span>`);
  const lines = [`<div class="fp-line">${first.join('')}</div>`];
  if (!compact) {
    const free = `<span class="fp-free"><span style="white-space:nowrap">Free at least</span>${box(84)}${box(290)}</span>`;
    lines.push(`<div class="fp-line">${box(200)}${box(200)}${box(180)}${box(120)}${free}</div>`);
  }
  return `<div class="fp-card fp-toolbar">${lines.join('')}</div>`;
}

function legend(): string {
  const items = legendTones.map(([tone, label]) => `<span><i style="background:${cellTones[tone].background}"></i>${label}</span>`);
  items.push(`<span><i style="background:${TENTATIVE_HATCH}, #ffffff"></i>Tentative</span>`);
  return `<div class="fp-legend">${items.join('')}</div>`;
}

/**
 * The open roles' block as the app first draws it (PlaceholderRows): its header, and a few roles open
 * below it, blank here (their names come with the app's lists), or the count alone.
 */
function openRolesMarkup({ count, projects }: FirstSchedule<unknown>['openRoles'], nameWidth: number, compact: boolean): string {
  if (count === 0) return '';
  const open = openRolesShown(count);
  const label = openRolesLabel(count, compact);
  const summary = open ? '' : openRolesSummary(count, projects);
  return (
    `<div style="background:#fffbeb;border-bottom:${OPEN_ROLES_BORDER}px solid #fde68a">` +
    `<div class="schedule-line" style="height:${OPEN_ROLES_HEADER}px;background:inherit"><div class="schedule-name" style="width:${nameWidth}px;font-size:12px;font-weight:600;color:#92400e;white-space:nowrap;overflow:hidden">` +
    `<span class="schedule-toggle"></span>${label}</div><div style="display:flex;align-items:center;padding-left:8px;font-size:12px;color:#92400e;white-space:nowrap">${summary}</div></div>` +
    `<div style="height:${openRolesHeight(projects, count, open) - OPEN_ROLES_HEADER}px"></div></div>`
  );
}

function gridMarkup(first: FirstSchedule<CapacityResponse>, view: ScheduleView, screen: Screen, { nameWidth, columnWidth, compact }: Layout): string {
  const { grid } = first;
  const periodsWidth = grid.periods.length * columnWidth;
  const day = dayOfDate(screen.today);
  const heads = grid.periods.map((p) => {
    const heading = periodHeading(p, view.step);
    const isToday = holdsDay(p, day);
    const mark = p.holidays.length > 0 ? '<i class="holiday-mark"></i>' : '';
    return `<div class="schedule-period${isToday ? ' is-today' : ''}" style="width:${columnWidth}px"><span>${heading.top}${mark}</span><strong>${heading.bottom}</strong></div>`;
  });
  const totals = grid.totals.map((t) => {
    const look = totalLook(t);
    const bars = demandBars(t).map((bar) => `<i style="width:${bar.percent}%;background:${bar.color}"></i>`);
    return (
      `<div class="schedule-total" style="width:${columnWidth}px;color:${cellTones[look.tone].color}"><span>${look.label}</span>` +
      `<span class="demand">${bars.join('')}</span></div>`
    );
  });
  const openRoles = openRolesMarkup(first.openRoles, nameWidth, compact);
  return (
    `<div class="schedule-scroll" style="${Object.entries(gridVariables(columnWidth)).map(([name, value]) => `${name}:${value}`).join(';')}" data-first-paint-grid><div style="width:${nameWidth + periodsWidth}px;min-width:100%;position:relative">` +
    `<div class="schedule-line schedule-head"><div class="schedule-name" style="width:${nameWidth}px">Engineer</div>${heads.join('')}</div>` +
    `<div class="schedule-line schedule-totals"><div class="schedule-name" style="width:${nameWidth}px">Totals</div>${totals.join('')}</div>` +
    openRoles +
    `<div class="schedule-body" style="height:${grid.rows.length * ROW_HEIGHT}px"><div class="schedule-names" style="width:${nameWidth}px"></div>` +
    `<div class="schedule-rows" style="width:${periodsWidth}px"></div></div>` +
    '</div></div>'
  );
}

type Layout = { compact: boolean; nameWidth: number; columnWidth: number };

/** The sizes the app will give the grid on this screen (SchedulePage, ScheduleGrid). */
function layoutOf(grid: CapacityResponse, view: ScheduleView, screen: Screen): Layout & { sidebar: number } {
  const compact = screen.width < MOBILE_BELOW;
  const sidebar = compact ? 0 : screen.sidebarOpen ? SIDEBAR_OPEN : SIDEBAR_ICONS;
  const padding = compact ? 16 : 24;
  const nameWidth = compact ? 128 : 248;
  const cardWidth = Math.min(screen.width - sidebar - 2 * padding, CONTENT_MAX) - 2;
  return { compact, sidebar, nameWidth, columnWidth: fittedColumnWidth(cardWidth - 16, nameWidth, grid.periods.length, columnWidths[view.step]) };
}

/**
 * The first `count` engineers' names and cells, for the grid's two columns (`.schedule-names` and
 * `.schedule-rows` of frameMarkup's grid): only the rows a screen shows, as each row costs the page's
 * first paint its share of styling and layout.
 */
export function frameRows(grid: CapacityResponse, view: ScheduleView, screen: Screen, count: number): { names: string; cells: string } {
  const { compact, columnWidth } = layoutOf(grid, view, screen);
  const periodsWidth = grid.periods.length * columnWidth;
  const shown = grid.rows.slice(0, count);
  const names = shown.map((row, i) => {
    const e = row.engineer;
    const figure = compact ? null : rowFigure(row, view.sort);
    return (
      `<div class="schedule-name-cell" style="transform:translateY(${i * ROW_HEIGHT}px);height:${ROW_HEIGHT}px"><div class="schedule-name">` +
      `<span class="schedule-toggle"></span><span class="schedule-person" style="flex:1"><span class="name">${escapeHtml(e.name)}</span><span class="sub">${escapeHtml(nameSubline(e, compact))}</span></span>` +
      (figure ? `<span class="tabular" style="font-size:11px;font-weight:600;color:${figure.color};white-space:nowrap">${figure.text}</span>` : '') +
      '</div></div>'
    );
  });
  const cells = shown.map(
    (row, i) =>
      `<div class="schedule-row" style="transform:translateY(${i * ROW_HEIGHT}px);width:${periodsWidth}px;height:${ROW_HEIGHT}px"><div class="schedule-cells">${cellsMarkup(row.periods)}</div></div>`,
  );
  return { names: names.join(''), cells: cells.join('') };
}

/** How many rows fill the screen below the grid's top edge (the engineers' first row, in the page's pixels). */
export const rowsBelow = (top: number, screen: Screen) => Math.max(0, Math.ceil((screen.height - top) / ROW_HEIGHT));

/**
 * The schedule's first screen as markup, drawn from the grid the page came with before the app has
 * loaded (client/firstPaint/main.ts): the shell's frame, the page's title, the toolbar as empty boxes
 * of its controls' sizes, and the grid's head and totals in the app's own classes, its rows left for
 * frameRows once the page shows where they start. The app takes it away once its own grid is drawn.
 */
export function frameMarkup(first: FirstSchedule<CapacityResponse>, view: ScheduleView, screen: Screen): string {
  const { grid } = first;
  const layout = layoutOf(grid, view, screen);
  const { compact, sidebar: sidebarWidth } = layout;
  const range = windowText(grid);
  const title = gridSummary(grid);
  const side = sidebarWidth ? sidebar(sidebarWidth, screen.sidebarOpen, screen.role) : '';
  return (
    `<div class="fp" data-first-paint aria-hidden="true"><style>${STYLE}</style>${side}<div class="fp-main">` +
    '<header class="fp-header"><span class="fp-toggle"></span><span class="fp-divider"></span>Schedule</header>' +
    `<main class="fp-content"><div class="fp-inner"><div class="fp-title"><h3>Schedule</h3><span>Everyone's load period by period: who is over, who is free, and when</span></div>` +
    toolbar(range, compact) +
    `<div class="fp-card"><div class="fp-head"><strong><span class="fp-calendar"></span>${title}</strong>${legend()}</div>` +
    gridMarkup(first, view, screen, layout) +
    '</div></div></main></div></div>'
  );
}
