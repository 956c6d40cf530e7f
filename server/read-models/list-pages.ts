import { type AliasableExpression, type Expression, expressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { DomainError, formatCursor, listMessages, START } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
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
/** One ORDER BY term. Text terms must carry `collate "C"` (textInBytes), so that comparing and sorting agree byte for byte. */
export type SortColumn = { expr: AliasableExpression<unknown>; type: KeyType; desc?: boolean };
export type SortKeys = (string | number)[];

/**
 * A list's rows before anything is selected from them: its main table and whatever it joins. The
 * sources build them with the typed builder; here they are only filtered, ordered and counted.
 */
// Any tables: each list joins its own, and this code names none of their columns.
export type ListRows = SelectQueryBuilder<any, any, {}>;
/** The page's ids, as `ordered.id`, which a source joins its documents to. */
export type PageIds = SelectQueryBuilder<Database & { ordered: { id: string } }, 'ordered', {}>;

export type ListSource = {
  /** The rows to filter, count and order: the main table alone when the filters and the order need nothing else. */
  from: (db: DbOrTrx) => ListRows;
  where: Expression<SqlBool>[];
  /** Ends with the id, so that the order is total and a cursor names one place. */
  order: SortColumn[];
  /** The main table's id column, in `from`. */
  id: AliasableExpression<string>;
  /** The page's ids joined to the rows' documents, with whatever they join in (built only for the rows of the page). */
  docFrom: (ids: PageIds) => ListRows;
  doc: Expression<unknown>;
};

export type Paging = { limit?: number; offset?: number; after?: SortKeys };
export type ListPage = { json: string; total: number; lastKeys: SortKeys | null };

/** A text pattern that finds `text` anywhere, case-insensitively, with LIKE's wildcards taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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

const eb = expressionBuilder<Database, never>();

const cast = (value: string | number, type: KeyType) => eb.cast(eb.val(value), type);

/** Rows that sort after `keys`: (k1 > v1) or (k1 = v1 and k2 > v2) or ..., each term in its own direction. */
function afterKeys(order: readonly SortColumn[], keys: SortKeys): Expression<SqlBool> {
  return eb.or(order.map((column, i) => eb.and([
    ...order.slice(0, i).map((earlier, j) => eb(earlier.expr, '=', cast(keys[j]!, earlier.type))),
    eb(column.expr, column.desc ? '<' : '>', cast(keys[i]!, column.type)),
  ])));
}

/** Every condition, joined with AND (none: every row). */
const whereAll = (conditions: readonly Expression<SqlBool>[]) => (rows: ListRows): ListRows =>
  conditions.length === 0 ? rows : rows.where(eb.and([...conditions]));

/**
 * The cursor of the newest event every reader can see, as headCursor reads it: in the event store's
 * commit order, said with its own fragments (they are SQL the builder has no words for).
 */
const headCursor = sql<string>`coalesce((select transaction_id::text || ':' || global_position from events where ${visibleToEveryReader} ${newestFirst} limit 1),
                    ${formatCursor(START)})`;

export async function readListPage(db: DbOrTrx, source: ListSource, paging: Paging): Promise<Consistent<ListPage>> {
  if (paging.after) checkKeys(source.order, paging.after);
  const conditions = paging.after ? [...source.where, afterKeys(source.order, paging.after)] : source.where;
  const { limit, offset } = paging;
  const keys = source.order.map((_, i) => `k${i}`);
  const direction = (i: number) => (source.order[i]!.desc ? 'desc' : 'asc');
  // The order first, over ids and sort values only; the documents then for the page's rows alone.
  // Anything built per row before the sort (a document, or even the JSON of the sort values) is built
  // for all 20,000 rows that the sort then mostly drops, and costs more than the rest.
  const ordered = source
    .from(db)
    .select([source.id.as('id'), ...source.order.map((column, i) => column.expr.as(keys[i]!))])
    .$call(whereAll(conditions))
    .$call((rows) => keys.reduce((sorted, key, i) => sorted.orderBy(sql.ref(key), direction(i)), rows))
    // One row more than asked says whether another page follows.
    .$if(limit !== undefined, (rows) => rows.limit(limit! + 1))
    .$if(Boolean(offset), (rows) => rows.offset(offset!));
  const row = await db
    .with('page', (db) =>
      source
        .docFrom(db.selectFrom(ordered.as('ordered')) as PageIds)
        .select((eb) => [
          eb.cast<string>(source.doc, 'text').as('json'),
          eb.cast<string>(eb.fn('json_build_array', keys.map((key) => eb.ref(`ordered.${key}`))), 'text').as('keys'),
          eb.fn.agg<number>('row_number').over((over) => keys.reduce((sorted, key, i) => sorted.orderBy(eb.ref(`ordered.${key}`), direction(i)), over)).as('n'),
        ]))
    .selectNoFrom((eb) => {
      const shown = <O>(page: SelectQueryBuilder<{ page: { json: string; keys: string; n: number } }, 'page', O>) =>
        limit === undefined ? page : page.where('n', '<=', limit);
      const more = limit === undefined ? eb.lit(false) : eb.exists(eb.selectFrom('page').select(eb.lit(1).as('one')).where('n', '>', limit));
      // From the first row, with nothing after the page, the page is every match: no need to count.
      const countAll = offset || paging.after ? eb.lit(true) : more;
      const matches = source.from(db).select((eb) => eb.fn.countAll().as('count')).$call(whereAll(source.where));
      const onPage = shown(eb.selectFrom('page').select((eb) => eb.fn.countAll().as('count')));
      const pageJson = shown(eb.selectFrom('page').select((eb) => eb.fn.agg<string>('string_agg', ['json', sql.lit(',')]).orderBy('n').as('json')));
      return [
        eb.cast<string>(eb.fn('pg_current_snapshot'), 'text').as('snapshot'),
        headCursor.as('cursor'),
        eb.cast<number>(eb.case().when(countAll).then(matches).else(onPage).end(), 'int4').as('total'),
        eb(eb(sql.lit('['), '||', eb.fn.coalesce(pageJson, sql.lit(''))), '||', sql.lit(']')).as('json'),
        eb.case().when(more).then(eb.selectFrom('page').select('keys').where('n', '=', limit ?? 0)).end().as('last_keys'),
      ];
    })
    .executeTakeFirstOrThrow();
  return {
    value: { json: row.json, total: row.total, lastKeys: row.last_keys ? (JSON.parse(row.last_keys) as SortKeys) : null },
    cursor: row.cursor,
    snapshot: row.snapshot,
  };
}
