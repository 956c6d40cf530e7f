import { sql } from 'kysely';
import ical from 'ical-generator';
import { DEFAULT_CALENDAR_ID, holidayFeed, personFeed, type FeedEntry, type HolidayRecord } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { timeOffList } from '../read-models/time-off-holidays-placeholders.ts';

/** ical-generator writes an all-day date from a Date's UTC fields: midnight UTC of the day. */
const utcMidnight = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`));

/** RFC 5545 text of a feed: every entry an all-day event, with a stable UID so calendars update rather than duplicate. */
export function icsText(name: string, entries: readonly FeedEntry[], now: Date): string {
  const calendar = ical({ name, prodId: { company: 'Capacity Planner', product: 'Feeds', language: 'EN' }, ttl: 3600 });
  for (const entry of entries) {
    calendar.createEvent({
      id: entry.uid, allDay: true, start: utcMidnight(entry.start), end: utcMidnight(entry.end), stamp: now,
      summary: entry.summary, ...(entry.description ? { description: entry.description } : {}),
    });
  }
  return calendar.toString();
}

/** A person's assignments (with their projects' names) and time off, as the read models hold them now. */
export async function personFeedEntries(db: DbOrTrx, userId: string, timeZone: string): Promise<FeedEntry[]> {
  const assignments = await db.selectFrom('assignments').innerJoin('projects', 'projects.id', 'assignments.project_id')
    .select(['assignments.doc', 'projects.name']).where('assignments.engineer_id', '=', userId).execute();
  const timeOff = await timeOffList(db, { engineerId: userId });
  return personFeed(assignments.map((row) => ({ ...row.doc, projectName: row.name })), timeOff, timeZone);
}

/**
 * One holiday calendar's days; null for a calendar that does not exist. Named calendars give holidays
 * a `calendar_id` column (default 'default'); where it does not exist yet, only the default calendar does.
 */
export async function holidayFeedEntries(db: DbOrTrx, calendarId: string): Promise<FeedEntry[] | null> {
  const column = await sql<{ n: number }>`
    select count(*)::int as n from information_schema.columns
     where table_schema = current_schema() and table_name = 'holidays' and column_name = 'calendar_id'`.execute(db);
  if (column.rows[0]!.n === 0) {
    if (calendarId !== DEFAULT_CALENDAR_ID) return null;
    const rows = await db.selectFrom('holidays').select('doc').orderBy('date').execute();
    return holidayFeed(rows.map((r) => r.doc));
  }
  const { rows } = await sql<{ doc: HolidayRecord }>`select doc from holidays where calendar_id = ${calendarId} order by date`.execute(db);
  if (rows.length === 0 && calendarId !== DEFAULT_CALENDAR_ID) return null;
  return holidayFeed(rows.map((r) => r.doc));
}

