import { sql } from 'kysely';
import type { HolidayCalendar } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { inBytes } from '../db/expressions.ts';

/**
 * The holiday calendars' read side. Lists come in the order domain/history.ts sorts a past plan's
 * calendars: the default one first, then by name and id in byte order.
 */

const defaultFirst = sql<boolean>`id <> 'default'`;

export async function holidayCalendarList(db: DbOrTrx): Promise<HolidayCalendar[]> {
  const rows = await db.selectFrom('holiday_calendars').select('doc').orderBy(defaultFirst).orderBy('name', inBytes).orderBy('id', inBytes).execute();
  return rows.map((r) => r.doc);
}

export async function findHolidayCalendar(db: DbOrTrx, id: string): Promise<HolidayCalendar | undefined> {
  const row = await db.selectFrom('holiday_calendars').select('doc').where('id', '=', id).executeTakeFirst();
  return row?.doc;
}

/**
 * GET /api/holiday-calendars as JSON text built by PostgreSQL: each calendar with its holidays (by date,
 * then id), `_id` first as in the calendar's own document.
 */
export async function holidayCalendarsJson(db: DbOrTrx): Promise<string> {
  const { rows } = await sql<{ json: string | null }>`
    select cast(coalesce(json_agg(c.doc || jsonb_build_object('holidays', coalesce(h.list, '[]'::jsonb))
                                  order by (c.id <> 'default'), c.name collate "C", c.id collate "C"), '[]') as text) as json
      from holiday_calendars c
      left join lateral (
        select jsonb_agg(jsonb_build_object('_id', h.id, 'date', h.doc -> 'date', 'name', h.doc -> 'name')
                         order by h.date, h.id collate "C") as list
          from holidays h where h.calendar_id = c.id
      ) h on true`.execute(db);
  return rows[0]?.json ?? '[]';
}

/**
 * The names of the engineers whose calendars name this one at any date: while there are any, the
 * calendar cannot be removed (their capacity reads its holidays).
 */
export async function calendarFollowers(db: DbOrTrx, calendarId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('engineers')
    .select('name')
    .where(sql<boolean>`doc -> 'calendars' @> ${JSON.stringify([{ calendarId }])}::jsonb`)
    .orderBy('name', inBytes)
    .execute();
  return rows.map((r) => r.name);
}
