import { useEffect, useState, useSyncExternalStore } from 'react';
import { usePastMoment } from '../stores/viewMode.ts';

/**
 * The current time, refreshed every `intervalMs` so "current" and "upcoming" move with the clock.
 * While the app shows a past moment (time travel) it is that moment, so every derived figure is as of then.
 */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  const past = usePastMoment();
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return past ?? now;
}

/** The spec's mobile breakpoint: below 768 px wide. */
export const MOBILE_QUERY = '(max-width: 767px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}

export const useIsMobile = () => useMediaQuery(MOBILE_QUERY);
