import { sql } from 'kysely';
import { type HolidayCalendar, type HolidayRecord, withRuleHolidays } from '../../domain/index.ts';
import { ruleDays } from '../calendars/public-holidays.ts';
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

/** The calendars with a rule (a few at most): their days are added to the recorded ones by each read. */
export async function ruledCalendars(db: DbOrTrx): Promise<HolidayCalendar[]> {
  const rows = await db.selectFrom('holiday_calendars').select('doc').where(sql<boolean>`doc ? 'rule'`).execute();
  return rows.map((r) => r.doc);
}

/**
 * The holidays in from..to (YYYY-MM-DD) with the rules' days added (domain/holiday-rules.ts): `recorded`
 * are the read model's rows in that range, in its order, and `shape` makes a rule day look like one.
 */
export async function withRuleDays<H extends { calendarId?: string; date: string; name: string }>(
  db: DbOrTrx,
  recorded: readonly H[],
  range: { from: string; to: string },
  shape: (day: HolidayRecord) => H,
): Promise<H[]> {
  const calendars = await ruledCalendars(db);
  return calendars.length === 0 ? [...recorded] : withRuleHolidays(recorded, calendars, range, ruleDays, shape);
}

export async function findHolidayCalendar(db: DbOrTrx, id: string): Promise<HolidayCalendar | undefined> {
  const row = await db.selectFrom('holiday_calendars').select('doc').where('id', '=', id).executeTakeFirst();
  return row?.doc;
}

/**
 * GET /api/holiday-calendars as JSON text built by PostgreSQL: each calendar with its holidays (by date,
 * then id), `_id` first as in the calendar's own document. A calendar with a rule lists its rule's days
 * too, for the years `reach` covers.
 */
export async function holidayCalendarsJson(db: DbOrTrx, reach: () => Promise<{ from: string; to: string }>): Promise<string> {
  const { rows } = await sql<{ json: string | null }>`
    select cast(coalesce(json_agg(c.doc || jsonb_build_object('holidays', coalesce(h.list, '[]'::jsonb))
                                  order by (c.id <> 'default'), c.name collate "C", c.id collate "C"), '[]') as text) as json
      from holiday_calendars c
      left join lateral (
        select jsonb_agg(jsonb_build_object('_id', h.id, 'date', h.doc -> 'date', 'name', h.doc -> 'name')
                         order by h.date, h.id collate "C") as list
          from holidays h where h.calendar_id = c.id
      ) h on true`.execute(db);
  const json = rows[0]?.json ?? '[]';
  if (!json.includes('"rule"')) return json;
  const range = await reach();
  type Listed = HolidayCalendar & { holidays: { _id: string; date: string; name: string }[] };
  const list = (JSON.parse(json) as Listed[]).map((calendar) => {
    if (!calendar.rule) return calendar;
    const recorded = calendar.holidays.map((h) => ({ ...h, calendarId: calendar._id }));
    const all = withRuleHolidays(recorded, [calendar], range, ruleDays, (day) => day);
    return { ...calendar, holidays: all.map(({ _id, date, name }) => ({ _id, date, name })) };
  });
  return JSON.stringify(list);
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
