import { type SelectQueryBuilder, sql } from 'kysely';
import { ruleDays } from '../calendars/public-holidays.ts';
import { ruledCalendars } from './holiday-calendars.ts';
import { type HolidayRecord, type Placeholder, reachAround, type TimeOff, withRuleHolidays } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { day, inBytes, instant, jsonText } from '../db/expressions.ts';
import type { Database } from '../db/schema.ts';

/**
 * Read-side repositories of the facts capacity over time needs. Lists come back as JSON text built by
 * PostgreSQL in the order domain/history.ts reproduces for a past plan (day or start, then id, "C"
 * collation); the typed variants serve computations such as per-period capacity.
 */

/** Days are YYYY-MM-DD; `from`/`to` keep the bookings that overlap that range, both ends included. */
export type TimeOffFilter = { engineerId?: string; from?: string; to?: string };

const timeOffIn = <O>(query: SelectQueryBuilder<Database, 'time_off', O>, f: TimeOffFilter) =>
  query
    .$if(Boolean(f.engineerId), (q) => q.where('engineer_id', '=', f.engineerId!))
    .$if(Boolean(f.from), (q) => q.where('to_date', '>=', day(f.from!)))
    .$if(Boolean(f.to), (q) => q.where('from_date', '<=', day(f.to!)));

export async function timeOffJson(db: DbOrTrx, filter: TimeOffFilter = {}): Promise<string> {
  const query = db.selectFrom('time_off').select((eb) => jsonText(eb.fn.jsonAgg('doc').orderBy('from_date').orderBy('id', inBytes)).as('json'));
  return (await timeOffIn(query, filter).executeTakeFirstOrThrow()).json;
}

export async function timeOffList(db: DbOrTrx, filter: TimeOffFilter = {}): Promise<TimeOff[]> {
  const query = db.selectFrom('time_off').select('doc').orderBy('from_date').orderBy('id', inBytes);
  return (await timeOffIn(query, filter).execute()).map((r) => r.doc);
}

export type DayRange = { from?: string; to?: string };

const holidaysIn = <O>(query: SelectQueryBuilder<Database, 'holidays', O>, range: DayRange) =>
  query
    .$if(Boolean(range.from), (q) => q.where('date', '>=', day(range.from!)))
    .$if(Boolean(range.to), (q) => q.where('date', '<=', day(range.to!)));

/**
 * The holidays in the range, the calendars' rule days among them. Without a range, the rules give the
 * years the plan reaches (its earliest to its latest dated fact) and those around `today`.
 */
export async function holidaysJson(db: DbOrTrx, range: DayRange, today: string): Promise<string> {
  const query = db.selectFrom('holidays').select((eb) => jsonText(eb.fn.jsonAgg('doc').orderBy('date').orderBy('id', inBytes)).as('json'));
  const [{ json }, calendars] = await Promise.all([holidaysIn(query, range).executeTakeFirstOrThrow(), ruledCalendars(db)]);
  if (calendars.length === 0) return json;
  const reach = range.from && range.to ? { from: range.from, to: range.to } : await planReach(db, today);
  const rules = { from: range.from ?? reach.from, to: range.to ?? reach.to };
  const recorded = JSON.parse(json ?? '[]') as HolidayRecord[];
  return JSON.stringify(withRuleHolidays(recorded, calendars, rules, ruleDays, (day) => day));
}

/**
 * The holidays as holidaysJson lists them (the rules' days among them, over the plan's reach when no
 * range is given), as records: what an export writes and an import compares with.
 */
export async function holidaysWithRuleDays(db: DbOrTrx, range: DayRange = {}, today = new Date().toISOString().slice(0, 10)): Promise<HolidayRecord[]> {
  return JSON.parse((await holidaysJson(db, range, today)) ?? '[]') as HolidayRecord[];
}

/** The first and last day the plan's dated facts reach, widened to the years around `today` (YYYY-MM-DD). */
export async function planReach(db: DbOrTrx, today: string): Promise<{ from: string; to: string }> {
  const { rows } = await sql<{ first: string | null; last: string | null }>`
    select to_char(min(first), 'YYYY-MM-DD') as first, to_char(max(last), 'YYYY-MM-DD') as last from (
      select min(start_date)::date as first, max(end_date)::date as last from assignments
      union all select min(start_date)::date, max(end_date)::date from placeholders
      union all select min(from_date), max(to_date) from time_off
      union all select min(date), max(date) from holidays
    ) reach`.execute(db);
  const { first, last } = rows[0] ?? { first: null, last: null };
  return reachAround(first, last, today);
}

export async function holidayList(db: DbOrTrx, range: DayRange = {}): Promise<HolidayRecord[]> {
  const query = db.selectFrom('holidays').select('doc').orderBy('date').orderBy('id', inBytes);
  return (await holidaysIn(query, range).execute()).map((r) => r.doc);
}

/**
 * `from`/`to` (ISO 8601 instants, or dates meaning their midnight UTC) keep the placeholders that are on
 * at some moment from `from` up to `to`; a span's end is its last day, worked, so one ending at `from` is kept.
 */
export type PlaceholderFilter = { projectId?: string; from?: string; to?: string };

const placeholdersIn = <O>(query: SelectQueryBuilder<Database, 'placeholders', O>, f: PlaceholderFilter) =>
  query
    .$if(Boolean(f.projectId), (q) => q.where('project_id', '=', f.projectId!))
    .$if(Boolean(f.from), (q) => q.where('end_date', '>=', instant(f.from!)))
    .$if(Boolean(f.to), (q) => q.where('start_date', '<', instant(f.to!)));

export async function placeholdersJson(db: DbOrTrx, filter: PlaceholderFilter = {}): Promise<string> {
  const query = db.selectFrom('placeholders').select((eb) => jsonText(eb.fn.jsonAgg('doc').orderBy('start_date').orderBy('id', inBytes)).as('json'));
  return (await placeholdersIn(query, filter).executeTakeFirstOrThrow()).json;
}

export async function placeholderList(db: DbOrTrx, filter: PlaceholderFilter = {}): Promise<Placeholder[]> {
  const query = db.selectFrom('placeholders').select('doc').orderBy('start_date').orderBy('id', inBytes);
  return (await placeholdersIn(query, filter).execute()).map((r) => r.doc);
}

/** A stream's current version (0 before its first event): what a write on that stream must send. */
export async function streamVersion(db: DbOrTrx, streamId: string): Promise<number> {
  const row = await db.selectFrom('streams').select('version').where('stream_id', '=', streamId).executeTakeFirst();
  return Number(row?.version ?? 0);
}
