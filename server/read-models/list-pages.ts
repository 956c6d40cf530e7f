import { type RawBuilder, sql } from 'kysely';
import { DomainError, formatCursor, listMessages, START } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { newestFirst, visibleToEveryReader } from '../event-store/commit-order.ts';
import type { Consistent } from './consistent-read.ts';

/**
 * One page of a read-model list, found and ordered by PostgreSQL: the rows as JSON text (sent as is),
 * how many rows match in all, and, when more follow, the sort values of the page's last row, from
 * which the next page starts (keyset paging: no row is skipped or repeated when earlier rows are
 * added or removed between two pages, and page 500 costs what page 1 costs).
 *
 * It is one SQL statement, so it reads one snapshot without a transaction around it, and says which
 * events it reflects (cursor and snapshot, as readConsistent does) in the same round trip: the search
 * box asks for a page per pause in typing, and round trips are most of what such a page costs.
 */

export type KeyType = 'text' | 'timestamptz' | 'float8' | 'int4';
/** One ORDER BY term. Text terms must carry `collate "C"`, so that comparing and sorting agree byte for byte. */
export type SortColumn = { expr: RawBuilder<unknown>; type: KeyType; desc?: boolean };
export type SortKeys = (string | number)[];

export type ListSource = {
  /** The rows to filter, count and order: the main table alone when the filters and the order need nothing else. */
  from: RawBuilder<unknown>;
  where: RawBuilder<unknown>[];
  /** Ends with the id, so that the order is total and a cursor names one place. */
  order: SortColumn[];
  /** The main table's id column, in `from` and in `docFrom`. */
  id: RawBuilder<unknown>;
  /** The rows' documents, with whatever they join in (built only for the rows of the page). */
  docFrom: RawBuilder<unknown>;
  doc: RawBuilder<unknown>;
};

export type Paging = { limit?: number; offset?: number; after?: SortKeys };
export type ListPage = { json: string; total: number; lastKeys: SortKeys | null };

/** A text pattern that finds `text` anywhere, case-insensitively, with LIKE's wildcards taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const textList = (values: readonly string[]) => sql`cast(${[...values]} as text[])`;

const fits: Record<KeyType, (value: string | number) => boolean> = {
  text: (value) => typeof value === 'string',
  timestamptz: (value) => typeof value === 'string' && !Number.isNaN(Date.parse(value)),
  float8: (value) => typeof value === 'number',
  int4: (value) => typeof value === 'number' && Number.isInteger(value) && Math.abs(value) < 2 ** 31,
};

/** A cursor's sort values must be those of this order, or SQL would fail on them. */
function checkKeys(order: readonly SortColumn[], keys: SortKeys) {
  if (keys.length !== order.length || !order.every((column, i) => fits[column.type](keys[i]!))) {
    throw new DomainError('invalid', listMessages.afterInvalid, 'after');
  }
}

const cast = (value: string | number, type: KeyType) => sql`cast(${value} as ${sql.raw(type)})`;

/** Rows that sort after `keys`: (k1 > v1) or (k1 = v1 and k2 > v2) or ..., each term in its own direction. */
function afterKeys(order: readonly SortColumn[], keys: SortKeys): RawBuilder<unknown> {
  const terms = order.map((column, i) => {
    const equalBefore = order.slice(0, i).map((earlier, j) => sql`${earlier.expr} = ${cast(keys[j]!, earlier.type)}`);
    const beyond = column.desc ? sql`${column.expr} < ${cast(keys[i]!, column.type)}` : sql`${column.expr} > ${cast(keys[i]!, column.type)}`;
    return sql`(${sql.join([...equalBefore, beyond], sql` and `)})`;
  });
  return sql`(${sql.join(terms, sql` or `)})`;
}

const whereAll = (conditions: readonly RawBuilder<unknown>[]) =>
  conditions.length === 0 ? sql`true` : sql.join(conditions.map((c) => sql`(${c})`), sql` and `);

export async function readListPage(db: DbOrTrx, source: ListSource, paging: Paging): Promise<Consistent<ListPage>> {
  if (paging.after) checkKeys(source.order, paging.after);
  const conditions = paging.after ? [...source.where, afterKeys(source.order, paging.after)] : source.where;
  // One row more than asked says whether another page follows.
  const limit = paging.limit === undefined ? sql`` : sql`limit ${paging.limit + 1}`;
  const offset = paging.offset ? sql`offset ${paging.offset}` : sql``;
  const keys = source.order.map((_, i) => sql.id(`k${i}`));
  const keyColumns = sql.join(source.order.map((c, i) => sql`${c.expr} as ${keys[i]}`));
  const orderBy = sql.join(source.order.map((c, i) => (c.desc ? sql`${keys[i]} desc` : sql`${keys[i]} asc`)));
  const shown = paging.limit === undefined ? sql`true` : sql`n <= ${paging.limit}`;
  const more = paging.limit === undefined ? sql`false` : sql`exists (select 1 from page where n > ${paging.limit})`;
  // From the first row, with nothing after the page, the page is every match: no need to count.
  const countAll = paging.offset || paging.after ? sql`true` : more;
  // The order first, over ids and sort values only; the documents then for the page's rows alone.
  // Anything built per row before the sort (a document, or even the JSON of the sort values) is built
  // for all 20,000 rows that the sort then mostly drops, and costs more than the rest.
  const { rows } = await sql<{ snapshot: string; cursor: string; total: number; json: string; last_keys: string | null }>`
    with page as (
      select (${source.doc})::text as json,
             json_build_array(${sql.join(keys.map((k) => sql`ordered.${k}`))})::text as keys,
             row_number() over (order by ${orderBy}) as n
        from (select ${source.id} as id, ${keyColumns}
                from ${source.from}
               where ${whereAll(conditions)}
               order by ${orderBy} ${limit} ${offset}) as ordered,
             ${source.docFrom}
       where ${source.id} = ordered.id
    )
    select pg_current_snapshot()::text as snapshot,
           coalesce((select transaction_id::text || ':' || global_position from events where ${visibleToEveryReader} ${newestFirst} limit 1),
                    ${formatCursor(START)}) as cursor,
           case when ${countAll}
                then (select count(*) from ${source.from} where ${whereAll(source.where)})
                else (select count(*) from page where ${shown}) end::int as total,
           '[' || coalesce((select string_agg(json, ',' order by n) from page where ${shown}), '') || ']' as json,
           case when ${more} then (select keys from page where n = ${paging.limit ?? 0}) end as last_keys`.execute(db);
  const row = rows[0]!;
  return {
    value: { json: row.json, total: row.total, lastKeys: row.last_keys ? (JSON.parse(row.last_keys) as SortKeys) : null },
    cursor: row.cursor,
    snapshot: row.snapshot,
  };
}
