import { z } from 'zod';
import { isYearInRange, writesYearOutOfRange, yearOutOfRangeMessage } from '../dates.ts';
import { listMessages as M } from './messages.ts';
import { decodePageCursor, type PageCursor } from './page-cursor.ts';

/**
 * The building blocks of the list query strings (GET /api/assignments, /api/engineers, /api/projects).
 * Every parameter is optional: a request with none gets the whole list as a bare array, as before.
 */

/** The most rows one page may hold: enough for any screen, small enough to answer in milliseconds. */
export const MAX_PAGE_SIZE = 1000;

/** A query string value: text, or a list of texts when the parameter is repeated (?status=a&status=b). */
const oneOrMany = z.union([z.string(), z.array(z.string())]);
const splitList = (value: string | string[]) =>
  [...new Set((Array.isArray(value) ? value : [value]).flatMap((item) => item.split(',')).map((item) => item.trim()).filter(Boolean))];

/** Free text to search for; blank means no search. */
export const searchText = z
  .string({ error: M.textInvalid('q') })
  .trim()
  .max(200, M.queryTooLong)
  .transform((text) => text || undefined)
  .optional();

/** One exact value such as an id or a department. */
export const exactText = (field: string) =>
  z.string({ error: M.textInvalid(field) }).trim().min(1, M.textInvalid(field)).max(200, M.valueTooLong(field)).optional();

/** Names separated by commas (or the parameter repeated): matches any of them. */
export const nameList = (field: string) =>
  oneOrMany
    .refine((value) => splitList(value).every((name) => name.length <= 200), M.valueTooLong(field))
    .transform(splitList)
    .optional();

/** Values out of a fixed set, separated by commas (or the parameter repeated): matches any of them. */
export const choiceList = <T extends string>(field: string, allowed: readonly T[]) =>
  oneOrMany
    .refine((value) => splitList(value).every((item) => (allowed as readonly string[]).includes(item)), M.oneOf(field, allowed))
    .transform((value) => splitList(value) as T[])
    .optional();

export const flag = (field: string) =>
  z
    .enum(['true', 'false'], { error: M.flagInvalid(field) })
    .transform((value) => value === 'true')
    .optional();

/** A sort order as asked (`name`, `-name`) and as used: the key and whether it runs backwards. */
export type SortOrder<K extends string> = { key: K; desc: boolean; text: string };

/** `key` sorts ascending and `-key` descending, for every key in `descending`; `fallback` when absent. */
export function sortParam<K extends string>(keys: readonly K[], fallback: K, descending: readonly K[] = keys) {
  const allowed = [...keys, ...keys.filter((key) => descending.includes(key)).map((key) => `-${key}`)];
  return z
    .string({ error: M.sortInvalid(allowed) })
    .refine((text) => allowed.includes(text), M.sortInvalid(allowed))
    .default(fallback)
    .transform((text): SortOrder<K> => ({ key: text.replace(/^-/, '') as K, desc: text.startsWith('-'), text }));
}

const wholeNumber = (message: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).optional();

/** One page: `limit` rows, starting after the row a previous page's cursor names, or after `offset` rows. */
export const pagingFields = {
  limit: wholeNumber(M.limitInvalid(MAX_PAGE_SIZE), 1, MAX_PAGE_SIZE),
  offset: wholeNumber(M.offsetInvalid, 0),
  after: z
    .string({ error: M.afterInvalid })
    .transform((text, context): PageCursor => {
      const cursor = decodePageCursor(text);
      if (cursor) return cursor;
      context.addIssue({ code: 'custom', message: M.afterInvalid });
      return z.NEVER;
    })
    .optional(),
};

/**
 * A list's query string: the given fields, and nothing else (a misspelt parameter would otherwise
 * silently answer the whole list); `after` and `offset` exclude each other, and a cursor only
 * continues the sort order it was made for.
 */
export function listQuery<S extends z.ZodRawShape>(shape: S) {
  return z
    .looseObject({ ...shape, ...pagingFields })
    .superRefine((query, context) => {
      for (const name of Object.keys(query)) {
        if (!(name in shape) && !(name in pagingFields)) context.addIssue({ code: 'custom', path: [name], message: M.unknownParameter(name) });
      }
      const { after, offset, sort } = query as { after?: PageCursor; offset?: number; sort?: { text: string } };
      if (after && offset !== undefined) context.addIssue({ code: 'custom', path: ['after'], message: M.afterWithOffset });
      if (after && sort && after.sort !== sort.text) context.addIssue({ code: 'custom', path: ['after'], message: M.afterOtherSort });
    });
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DAY = 86_400_000;

const utcYearOf = (time: number) => new Date(time).getUTCFullYear();

/**
 * A bound of a date range as an instant (ISO text). A date alone means that whole day in UTC, the
 * day assignments are stored on: `from` starts at its midnight, `to` ends at the next one. Its year,
 * in UTC, is one every date field takes (isYearInRange); `to` of the last such day, 9999-12-31, ends
 * after every date there can be, so it bounds nothing (undefined).
 */
export const rangeBound = (field: 'from' | 'to') =>
  z
    .string({ error: M.dateInvalid(field) })
    .transform((text, context): string | undefined => {
      const time = DATE_ONLY.test(text) ? Date.parse(`${text}T00:00:00Z`) : DATE_TIME.test(text) ? Date.parse(text) : Number.NaN;
      const valid = !Number.isNaN(time) && (!DATE_ONLY.test(text) || new Date(time).toISOString().startsWith(text));
      if (!valid || !isYearInRange(utcYearOf(time))) {
        context.addIssue({ code: 'custom', message: valid || writesYearOutOfRange(text) ? yearOutOfRangeMessage(field) : M.dateInvalid(field) });
        return z.NEVER;
      }
      const bound = field === 'to' && DATE_ONLY.test(text) ? time + DAY : time;
      return isYearInRange(utcYearOf(bound)) ? new Date(bound).toISOString() : undefined;
    })
    .optional();
