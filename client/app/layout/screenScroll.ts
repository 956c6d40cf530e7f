import { useEffect, useLayoutEffect, useRef } from 'react';
import { type NavigationType, useLocation, useNavigationType } from 'react-router';

/**
 * Where a screen opens. The app scrolls the window (the sidebar and the header are sticky), and a
 * screen replaces the last one in place: without this, a sidebar link opened the next screen as far
 * down as the last one was scrolled (Engineers 276 px down, Projects 485 px down).
 *
 * - A new screen (another path) reached by a link or a redirect opens at the top.
 * - Back and Forward put a screen back where it was left.
 * - A screen writing its own query (the schedule's view and filters) stays where the user is.
 */
export type ScreenScroll = { kind: 'top' } | { kind: 'restore'; y: number } | { kind: 'stay' };
/** How the history moved: 'POP' (Back, Forward), 'PUSH' (a link), 'REPLACE' (a redirect, a screen's own query). */
type Move = `${NavigationType}`;

export function screenScroll(previousPath: string | null, path: string, action: Move, left: number | undefined): ScreenScroll {
  if (previousPath === null || previousPath === path) return { kind: 'stay' };
  if (action !== 'POP') return { kind: 'top' };
  return left === undefined ? { kind: 'stay' } : { kind: 'restore', y: left };
}

/** How long a screen coming back may take to grow tall enough to be put back where it was. */
const RESTORE_FOR_MS = 2_000;

/**
 * Puts the page back at `y` once it is tall enough: a screen comes back in steps (its lists after the
 * first paint, its table a task later). Given up after a while, or as soon as the user scrolls.
 */
function restoreTo(y: number): () => void {
  const until = performance.now() + RESTORE_FOR_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) window.removeEventListener(type, stop);
  };
  const step = () => {
    if (Math.abs(window.scrollY - y) >= 1) window.scrollTo(0, y);
    const reachable = document.documentElement.scrollHeight - window.innerHeight >= y;
    if ((reachable && Math.abs(window.scrollY - y) < 1) || performance.now() > until) return stop();
    frame = requestAnimationFrame(step);
  };
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) window.addEventListener(type, stop, { passive: true });
  step();
  return stop;
}

/** Where each visited entry of this tab's history was left, by its location key. */
const leftAt = new Map<string, number>();

/** Opens each screen where screenScroll says, and remembers where each was left. */
export function useScreenScroll(): void {
  const { pathname, key } = useLocation();
  const action = useNavigationType();
  const previous = useRef<string | null>(null);
  const current = useRef(key);

  useEffect(() => {
    const record = () => leftAt.set(current.current, window.scrollY);
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, []);

  useLayoutEffect(() => {
    current.current = key;
    const decided = screenScroll(previous.current, pathname, action, leftAt.get(key));
    previous.current = pathname;
    if (decided.kind === 'top') window.scrollTo(0, 0);
    if (decided.kind === 'restore') return restoreTo(decided.y);
    return undefined;
  }, [pathname, key, action]);
}
