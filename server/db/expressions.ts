import { type Expression, expressionBuilder, type OrderByModifiersCallbackExpression, type RawBuilder, sql } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Small expressions the read side builds its typed queries from (model: kysely-org/kysely example/).
 * The columns a query names are its own builder's, so the schema checks them; these only say what the
 * builder has no word for (JSON texts, byte order, casts of parameters).
 */
const eb = expressionBuilder<Database, never>();

/** `cast(coalesce(<list>, '[]') as text)`: a JSON list (json_agg is null over no rows) as the text the API sends as is. */
export function jsonText(list: Expression<unknown>) {
  return eb.cast<string>(eb.fn.coalesce(list, sql.lit('[]')), 'text');
}

type ValuesOf<O> = { [K in keyof O]: O[K] extends Expression<infer T> ? T : never };

/** `jsonb_build_object('key', value, ...)` from an object of expressions, keys in the object's order. */
export function jsonbBuildObject<O extends Record<string, Expression<unknown>>>(object: O) {
  return eb.fn<ValuesOf<O>>('jsonb_build_object', Object.entries(object).flatMap(([key, value]) => [sql.lit(key), value]));
}

/**
 * An ORDER BY item (also inside json_agg) in byte order: the "C" collation, the order the lists are served in
 * and domain/history.ts reproduces for a past plan.
 */
export const inBytes: OrderByModifiersCallbackExpression = (item) => item.collate('C');

/** The same byte order for an expression that is compared as well as sorted (a list's keyset): `<text> collate "C"`. */
export const textInBytes = (text: Expression<string | null>): RawBuilder<string> => sql<string>`${text} collate "C"`;

/** `cast($1 as text[])`: a parameter that PostgreSQL reads as an array of texts. */
export const textArray = <T extends string>(values: readonly T[]) => eb.cast<T[]>(eb.val([...values]), sql.raw('text[]'));

/** `cast($1 as date)`, `days` later (earlier when negative): a day written YYYY-MM-DD. */
export function day(value: string, days = 0) {
  const date = eb.cast<Date>(eb.val(value), 'date');
  // The builder types `date + n` as a date plus a date: date arithmetic is said in SQL.
  return days === 0 ? date : sql<Date>`${date} ${sql.raw(days > 0 ? '+' : '-')} ${sql.lit(Math.abs(days))}`;
}

/** `cast($1 as timestamptz)`: an instant (ISO 8601; a bare date is its midnight). */
export const instant = (value: string) => eb.cast<Date>(eb.val(value), 'timestamptz');

/** `cast(<day> as timestamptz)`: the midnight that starts the day `days` after `value` (YYYY-MM-DD). */
export const dayStart = (value: string, days = 0) => eb.cast<Date>(day(value, days), 'timestamptz');
