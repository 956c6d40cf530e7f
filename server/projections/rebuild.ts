import { sql } from 'kysely';
import type { Db, Writer } from '../db/connect.ts';
import { dropAllSnapshots } from '../event-store/plan-snapshots.ts';
import { countEvents } from '../event-store/replay.ts';
import { foldHistory } from '../event-store/fold-history.ts';
import { assignmentRow } from './assignments.ts';
import { engineerRow } from './engineers.ts';
import { holidayCalendarRow, holidayRow } from './holidays.ts';
import { placeholderRow } from './placeholders.ts';
import { projectRow } from './projects.ts';
import { actualsRow, timeOffRow } from './time-off.ts';

export type TableComparison = { table: string; live: number; rebuilt: number; missing: number; extra: number; changed: number };
export type RebuildResult = { events: number; equal: boolean; tables: TableComparison[]; swapped: boolean };

const tables = ['engineers', 'projects', 'assignments', 'time_off', 'holidays', 'holiday_calendars', 'placeholders', 'actuals'] as const;
const SCHEMA = 'read_model_rebuild';

/**
 * Rebuilds every read model from the events into fresh tables (schema read_model_rebuild), compares
 * them with the live ones, and swaps their contents in. One transaction, holding writers back with a
 * SHARE lock on `streams`, so history cannot move under it and the comparison is exact.
 */
export async function rebuildReadModels(
  db: Db,
  options: { swap: boolean; onProgress?: (done: number, total: number) => void },
): Promise<RebuildResult> {
  return db.transaction().execute(async (trx) => {
    await sql`set local statement_timeout = 0`.execute(trx);
    await sql`lock table streams in share mode`.execute(trx);
    const total = await countEvents(trx);

    // Writers are held back, so every event is committed: read them all, not only the visible ones.
    const { fold, events: done } = await foldHistory(trx, { visibleOnly: false, onPage: (n) => options.onProgress?.(n, total) });

    await sql`drop schema if exists ${sql.id(SCHEMA)} cascade`.execute(trx);
    await sql`create schema ${sql.id(SCHEMA)}`.execute(trx);
    for (const table of tables) {
      await sql`create table ${sql.id(SCHEMA, table)} (like ${sql.id('public', table)} including all)`.execute(trx);
    }
    const fresh: Writer = trx.withSchema(SCHEMA);
    await insertAll(fresh, 'engineers', [...fold.engineers.values()].map(engineerRow));
    await insertAll(fresh, 'projects', [...fold.projects.values()].map(projectRow));
    await insertAll(fresh, 'assignments', [...fold.assignments.values()].map(assignmentRow));
    await insertAll(fresh, 'time_off', [...fold.timeOff.values()].map(timeOffRow));
    await insertAll(fresh, 'holidays', [...fold.holidays.values()].map(holidayRow));
    await insertAll(fresh, 'holiday_calendars', [...fold.holidayCalendars.values()].map(holidayCalendarRow));
    await insertAll(fresh, 'placeholders', [...fold.placeholders.values()].map(placeholderRow));
    await insertAll(fresh, 'actuals', [...fold.actuals.values()].map(actualsRow));

    const comparisons: TableComparison[] = [];
    for (const table of tables) {
      const { rows } = await sql<TableComparison>`
        select ${table} as "table",
               count(l.id)::int as live, count(r.id)::int as rebuilt,
               count(*) filter (where r.id is null)::int as missing,
               count(*) filter (where l.id is null)::int as extra,
               count(*) filter (where l.id is not null and r.id is not null
                                and (l.doc <> r.doc or l.version <> r.version))::int as changed
          from ${sql.id('public', table)} l full outer join ${sql.id(SCHEMA, table)} r on r.id = l.id`.execute(trx);
      comparisons.push(rows[0]!);
    }
    const equal = comparisons.every((c) => c.missing === 0 && c.extra === 0 && c.changed === 0);
    if (options.swap) {
      for (const table of tables) {
        await sql`delete from ${sql.id('public', table)}`.execute(trx);
        await sql`insert into ${sql.id('public', table)} select * from ${sql.id(SCHEMA, table)}`.execute(trx);
      }
      // A rebuild follows a change of the reducers: snapshots folded by the old ones go (they are a
      // cache, written again from the events in the background).
      await dropAllSnapshots(trx);
    }
    await sql`drop schema ${sql.id(SCHEMA)} cascade`.execute(trx);
    return { events: done, equal, tables: comparisons, swapped: options.swap };
  });
}

async function insertAll(db: Writer, table: (typeof tables)[number], rows: object[]) {
  for (let i = 0; i < rows.length; i += 1000) {
    await db.insertInto(table).values(rows.slice(i, i + 1000) as never).execute();
  }
}
