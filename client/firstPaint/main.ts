/**
 * The first-paint script: a small classic script the server puts at the end of the schedule's page,
 * after the top of the grid it sends with it (server/plugins/first-schedule.ts). It runs before the
 * app's code, which is still loading and compiling, and draws the schedule's first screen from that
 * grid over the page; the app takes it away once its own grid is drawn beneath
 * (lib/firstSchedule.ts). Nothing here may import React or antd: the build bundles this file on its
 * own (client/build/firstPaint.ts).
 */
import { FIRST_PAINT_ID, FIRST_PAINT_PRELOADS_ID } from '../../domain/page-hints.ts';
import { viewFromSearch } from '../../domain/schedule/view.ts';
import { localDateOf } from '../../domain/schedule/window.ts';
import { readSidebarCookie } from '../app/layout/sidebarState.ts';
import { readFirstSchedule } from '../lib/firstSchedule.ts';
import { readToken, tokenRole } from '../lib/token.ts';
import { frameMarkup, frameRows, rowsBelow } from './frameMarkup.ts';

/** Should the app never take it away (its code failed to load), the page beneath shows after this long. */
const LONGEST_MS = 20_000;

/** Draws the first screen over the page, and takes it away after LONGEST_MS in any case. */
function draw(first: NonNullable<ReturnType<typeof readFirstSchedule>>) {
  const frame = document.createElement('div');
  frame.id = FIRST_PAINT_ID;
  setTimeout(() => frame.remove(), LONGEST_MS);
  const view = viewFromSearch(new URLSearchParams(location.search));
  const screen = {
    width: document.documentElement.clientWidth,
    height: innerHeight,
    sidebarOpen: readSidebarCookie(document.cookie) ?? true,
    today: localDateOf(new Date()),
    role: tokenRole(readToken()),
  };
  frame.innerHTML = frameMarkup(first, view, screen);
  document.body.append(frame);
  // Where the rows start depends on how the toolbar wrapped: only those the screen shows are drawn.
  const names = frame.querySelector('.schedule-names');
  const cells = frame.querySelector('.schedule-rows');
  if (names && cells) {
    const rows = frameRows(first.grid, view, screen, rowsBelow(names.getBoundingClientRect().top, screen));
    names.innerHTML = rows.names;
    cells.innerHTML = rows.cells;
  }
}

performance.mark('first-paint:start');
try {
  const first = readFirstSchedule();
  // Only while the app has drawn nothing: never over a screen of its own.
  if (first && document.querySelector('#root [data-boot]')) {
    draw(first);
    performance.mark('first-paint:drawn');
  }
} catch (error) {
  // A head start, never a condition: whatever went wrong, the page beneath is the app's.
  document.getElementById(FIRST_PAINT_ID)?.remove();
  console.error('The schedule\'s first paint failed', error);
} finally {
  // The app's files, held back in the page until the grid is drawn (server/plugins/web-app.ts says why).
  const preloads = document.getElementById(FIRST_PAINT_PRELOADS_ID);
  if (preloads instanceof HTMLTemplateElement) setTimeout(() => document.head.append(preloads.content));
}
