import { type RawBuilder, sql } from 'kysely';
import { DomainError, listMessages } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';

/**
 * One page of a read-model list, found and ordered by PostgreSQL: the rows as JSON text (sent as is),
 * how many rows match in all, and, when more follow, the sort values of the page's last row, from
 * which the next page starts (keyset paging: no row is skipped or repeated when earlier rows are
 * added or removed between two pages, and page 500 costs what page 1 costs).
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

export async function readListPage(db: DbOrTrx, source: ListSource, paging: Paging): Promise<ListPage> {
  if (paging.after) checkKeys(source.order, paging.after);
  const conditions = paging.after ? [...source.where, afterKeys(source.order, paging.after)] : source.where;
  // One row more than asked says whether another page follows.
  const limit = paging.limit === undefined ? sql`` : sql`limit ${paging.limit + 1}`;
  const offset = paging.offset ? sql`offset ${paging.offset}` : sql``;
  const keys = source.order.map((_, i) => sql.id(`k${i}`));
  const keyColumns = sql.join(source.order.map((c, i) => sql`${c.expr} as ${keys[i]}`));
  const orderBy = sql.join(source.order.map((c, i) => (c.desc ? sql`${keys[i]} desc` : sql`${keys[i]} asc`)));
  // The order first, over ids and sort values only; the documents then for the page's rows alone.
  // Anything built per row before the sort (a document, or even the JSON of the sort values) is built
  // for all 20,000 rows that the sort then mostly drops, and costs more than the rest.
  const { rows } = await sql<{ json: string; keys: string }>`
    select (${source.doc})::text as json, json_build_array(${sql.join(keys.map((k) => sql`page.${k}`))})::text as keys
      from (select ${source.id} as id, ${keyColumns}
              from ${source.from}
             where ${whereAll(conditions)}
             order by ${orderBy} ${limit} ${offset}) as page,
           ${source.docFrom}
     where ${source.id} = page.id
     order by ${orderBy}`.execute(db);
  const more = paging.limit !== undefined && rows.length > paging.limit;
  const shown = more ? rows.slice(0, paging.limit) : rows;
  // From the first row, with nothing after the page, the page is every match: no need to count.
  const whole = !more && !paging.offset && !paging.after;
  return {
    json: `[${shown.map((row) => row.json).join(',')}]`,
    total: whole ? shown.length : await countRows(db, source),
    lastKeys: more ? (JSON.parse(shown.at(-1)!.keys) as SortKeys) : null,
  };
}

async function countRows(db: DbOrTrx, source: ListSource): Promise<number> {
  const { rows } = await sql<{ total: number }>`select count(*)::int as total from ${source.from} where ${whereAll(source.where)}`.execute(db);
  return rows[0]!.total;
}
