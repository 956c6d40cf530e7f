import { useEffect, useState } from 'react';
import { usePastMoment } from './viewMode.ts';

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
