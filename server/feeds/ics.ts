import ical from 'ical-generator';
import { DEFAULT_CALENDAR_ID, holidayFeed, personFeed, type FeedEntry, withRuleHolidays } from '../../domain/index.ts';
import { ruleDays } from '../calendars/public-holidays.ts';
import { findHolidayCalendar } from '../read-models/holiday-calendars.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { planReach, timeOffList } from '../read-models/time-off-holidays-placeholders.ts';

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
 * One holiday calendar's days, its rule's among them for the years the plan reaches; null for a calendar
 * that does not exist (the default one always does).
 */
export async function holidayFeedEntries(db: DbOrTrx, calendarId: string): Promise<FeedEntry[] | null> {
  const calendar = await findHolidayCalendar(db, calendarId);
  if (calendarId !== DEFAULT_CALENDAR_ID && !calendar) return null;
  const rows = await db.selectFrom('holidays').select('doc').where('calendar_id', '=', calendarId).orderBy('date').execute();
  const recorded = rows.map((r) => r.doc);
  if (!calendar?.rule) return holidayFeed(recorded);
  // Only the year of today matters (which years the rule fills).
  const reach = await planReach(db, new Date().toISOString().slice(0, 10));
  return holidayFeed(withRuleHolidays(recorded, [calendar], reach, ruleDays, (day) => day));
}
