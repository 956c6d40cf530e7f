import { z } from 'zod';
import { isoMoment } from '../../domain/index.ts';

/** Shared pieces of route schemas, so OpenAPI documents them once. */
export const errorBody = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  currentVersion: z.number().optional(),
  /** On a 409 VERSION_CONFLICT: who made the newest change since the version the writer had. */
  changedBy: z.object({ id: z.string(), name: z.string() }).optional(),
});

export const idParams = z.object({ id: z.string().min(1).max(100) });

export const errorResponses = {
  400: errorBody.describe('Invalid input: message is the first failing rule'),
  401: errorBody.describe('No token, or a bad or expired one'),
  403: errorBody.describe('Signed in, but this role may not do this'),
  503: errorBody.describe('DATABASE_UNAVAILABLE: the database is unreachable for a moment; try again (a write with its Idempotency-Key)'),
};

/** A query time: an ISO 8601 date or date-time of years 1-9999, as a Date; the message names the parameter. */
export const isoTime = (name: string) => isoMoment(`${name} must be an ISO 8601 date-time`);

/** The answer of a DELETE: what happened and the stream's new version. */
export const removedBody = z.object({ message: z.string(), version: z.number() });
