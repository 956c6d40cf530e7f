/**
 * The organisation's time zone, as the server names it in the page's head: the zone in which a stored
 * date falls on its day (domain/capacity/plan-days.ts), so "today", "current" and "upcoming" are the
 * same days here as on the server. UTC where there is no page (tests without a DOM) or no such tag.
 */
export function orgTimeZone(): string {
  if (typeof document === 'undefined') return 'UTC';
  return document.querySelector<HTMLMetaElement>('meta[name="org-time-zone"]')?.content || 'UTC';
}

/**
 * The organisation's time zone as the server's last capacity answer said it (its days are the model's
 * days); UTC until then. The capacity calls write it, the overload rules read it: kept here so the
 * shared rules need no API module.
 */
let answeredTimeZone = 'UTC';
export const lastKnownTimeZone = () => answeredTimeZone;
export const rememberTimeZone = (timeZone: string) => {
  answeredTimeZone = timeZone;
};
