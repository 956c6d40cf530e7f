import { parseCookie } from 'cookie';

/**
 * The sidebar's constants and the pure parts of its behaviour: the state cookie and the
 * Ctrl/Cmd + B shortcut.
 */
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7; // 7 days = 604800 s
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const SIDEBAR_SHORTCUT_KEY = 'b';
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** The remembered open state from a `document.cookie` string; null when none is stored. */
export function readSidebarCookie(cookie: string): boolean | null {
  const value = parseCookie(cookie)[SIDEBAR_COOKIE];
  return value === 'true' ? true : value === 'false' ? false : null;
}

/** The cookie that remembers the open state for 7 days. */
export const sidebarCookie = (open: boolean) => `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;

/** Ctrl + B or Cmd + B, without other modifiers. */
export const isToggleShortcut = (event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>) =>
  event.key.toLowerCase() === SIDEBAR_SHORTCUT_KEY && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;

/**
 * Tooltip timing: open after 700 ms, but within 300 ms of another tooltip closing open at once
 * (the skip delay), so moving along the collapsed icons does not wait again.
 */
export function tooltipEnterDelayMs(lastClosedAt: number | null, now: number) {
  return lastClosedAt !== null && now - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_DELAY_MS;
}
