import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useIsMobile } from '../../lib/mediaQuery.ts';
import { isToggleShortcut, readSidebarCookie, sidebarCookie, TOOLTIP_SKIP_DELAY_MS, tooltipEnterDelayMs } from './sidebarState.ts';

/**
 * The sidebar's state: open or collapsed to icons on desktop (remembered in a cookie for 7 days),
 * a sheet that slides in on mobile (< 768 px). Ctrl or Cmd + B toggles whichever is showing.
 */
export function useSidebar() {
  const isMobile = useIsMobile();
  const [open, setOpenState] = useState(() =>
    typeof document === 'undefined' ? true : (readSidebarCookie(document.cookie) ?? true),
  );
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    document.cookie = sidebarCookie(value);
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) setOpenMobile((value) => !value);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isToggleShortcut(event)) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  useEffect(() => {
    if (!isMobile) setOpenMobile(false);
  }, [isMobile]);

  return { isMobile, open, openMobile, setOpenMobile, toggle };
}

/** Tooltip props with the 700 ms delay and the 300 ms skip delay. */
export function useTooltipDelay() {
  const lastClosedAt = useRef<number | null>(null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const onOpenChange = useCallback((open: boolean) => {
    if (open) return;
    lastClosedAt.current = Date.now();
    rerender();
    setTimeout(rerender, TOOLTIP_SKIP_DELAY_MS);
  }, []);
  // Read during render on purpose: the delay depends on how long ago a tooltip closed.
  const mouseEnterDelay = tooltipEnterDelayMs(lastClosedAt.current, Date.now()) / 1000;
  return { mouseEnterDelay, onOpenChange };
}
