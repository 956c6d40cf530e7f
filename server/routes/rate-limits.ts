import { HttpError } from '../http-error.ts';

/**
 * The limit on a route anyone may call with a credential or a link's secret: `max` calls a minute per
 * client (LOGIN_RATE_LIMIT), then 429 with a message naming what was tried and when to try again.
 * Each route counts on its own.
 */
export const credentialRateLimit = (max: number, what = 'attempts') => ({
  max,
  timeWindow: '1 minute',
  errorResponseBuilder: (_request: unknown, context: { ttl: number }) =>
    new HttpError(429, `Too many ${what}. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`, 'RATE_LIMITED'),
});
