import { sql } from 'kysely';
import type { HolidayRecord, Placeholder, TimeOff } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';

/**
 * Read-side repositories of the facts capacity over time needs. Lists come back as JSON text built by
 * PostgreSQL in the order domain/history.ts reproduces for a past plan (day or start, then id, "C"
 * collation); the typed variants serve computations such as per-period capacity.
 */

/** Days are YYYY-MM-DD; `from`/`to` keep the bookings that overlap that range, both ends included. */
export type TimeOffFilter = { engineerId?: string; from?: string; to?: string };

const timeOffWhere = (f: TimeOffFilter) => sql`
  where true
    ${f.engineerId ? sql`and engineer_id = ${f.engineerId}` : sql``}
    ${f.from ? sql`and to_date >= ${f.from}::date` : sql``}
    ${f.to ? sql`and from_date <= ${f.to}::date` : sql``}`;

export async function timeOffJson(db: DbOrTrx, filter: TimeOffFilter = {}): Promise<string> {
  const { rows } = await sql<{ json: string }>`
    select coalesce(json_agg(doc order by from_date, id collate "C"), '[]')::text as json
      from time_off ${timeOffWhere(filter)}`.execute(db);
  return rows[0]!.json;
}

export async function timeOffList(db: DbOrTrx, filter: TimeOffFilter = {}): Promise<TimeOff[]> {
  const { rows } = await sql<{ doc: TimeOff }>`select doc from time_off ${timeOffWhere(filter)} order by from_date, id collate "C"`.execute(db);
  return rows.map((r) => r.doc);
}

export type DayRange = { from?: string; to?: string };

const holidayWhere = (f: DayRange) => sql`
  where true
    ${f.from ? sql`and date >= ${f.from}::date` : sql``}
    ${f.to ? sql`and date <= ${f.to}::date` : sql``}`;

export async function holidaysJson(db: DbOrTrx, range: DayRange = {}): Promise<string> {
  const { rows } = await sql<{ json: string }>`
    select coalesce(json_agg(doc order by date, id collate "C"), '[]')::text as json from holidays ${holidayWhere(range)}`.execute(db);
  return rows[0]!.json;
}

export async function holidayList(db: DbOrTrx, range: DayRange = {}): Promise<HolidayRecord[]> {
  const { rows } = await sql<{ doc: HolidayRecord }>`select doc from holidays ${holidayWhere(range)} order by date, id collate "C"`.execute(db);
  return rows.map((r) => r.doc);
}

/**
 * `from`/`to` (ISO 8601 instants, or dates meaning their midnight UTC) keep the placeholders that are on
 * at some moment in [from, to).
 */
export type PlaceholderFilter = { projectId?: string; from?: string; to?: string };

const placeholderWhere = (f: PlaceholderFilter) => sql`
  where true
    ${f.projectId ? sql`and project_id = ${f.projectId}` : sql``}
    ${f.from ? sql`and end_date > ${f.from}::timestamptz` : sql``}
    ${f.to ? sql`and start_date < ${f.to}::timestamptz` : sql``}`;

export async function placeholdersJson(db: DbOrTrx, filter: PlaceholderFilter = {}): Promise<string> {
  const { rows } = await sql<{ json: string }>`
    select coalesce(json_agg(doc order by start_date, id collate "C"), '[]')::text as json
      from placeholders ${placeholderWhere(filter)}`.execute(db);
  return rows[0]!.json;
}

export async function placeholderList(db: DbOrTrx, filter: PlaceholderFilter = {}): Promise<Placeholder[]> {
  const { rows } = await sql<{ doc: Placeholder }>`
    select doc from placeholders ${placeholderWhere(filter)} order by start_date, id collate "C"`.execute(db);
  return rows.map((r) => r.doc);
}

/** A stream's current version (0 before its first event): what a write on that stream must send. */
export async function streamVersion(db: DbOrTrx, streamId: string): Promise<number> {
  const row = await db.selectFrom('streams').select('version').where('stream_id', '=', streamId).executeTakeFirst();
  return Number(row?.version ?? 0);
}

/**
 * How many open roles (placeholders) overlap the dates from..to (both included, 'YYYY-MM-DD'), and on
 * how many projects: what the schedule's first paint needs to keep room for the schedule's open roles.
 */
export async function openRolesIn(db: DbOrTrx, range: { from: string; to: string }): Promise<{ count: number; projects: number }> {
  const { rows } = await sql<{ count: number; projects: number }>`
    select count(*)::int as count, count(distinct project_id)::int as projects
      from placeholders
     where end_date > ${range.from}::date and start_date < ${range.to}::date + 1`.execute(db);
  return rows[0]!;
}
