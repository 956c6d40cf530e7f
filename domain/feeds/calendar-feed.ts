import { spanDays } from '../capacity/plan-days.ts';
import type { AssignmentRecord, HolidayRecord, TimeOff } from '../entities.ts';

/**
 * What a calendar feed holds, before any iCalendar text: all-day entries with a first day and an end
 * day that is not included (RFC 5545's DTEND for dates). Pure, so the days an assignment shows in a
 * calendar are the days capacity counts it on.
 */
export type FeedEntry = {
  uid: string;
  summary: string;
  /** YYYY-MM-DD, the first day. */
  start: string;
  /** YYYY-MM-DD, the day after the last. */
  end: string;
  description?: string;
};

const DAY_MS = 86_400_000;
const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

const timeOffWords = { vacation: 'Vacation', sick: 'Sick leave', other: 'Time off' } as const;

/**
 * An assignment's all-day event: its first day through its last (plan-days.ts), written as iCalendar
 * wants an all-day span, the end being the day after the last (RFC 5545's DTEND is exclusive).
 */
export function assignmentDays(startDate: string, endDate: string, timeZone: string): { start: string; end: string } {
  const { first, last } = spanDays({ startDate, endDate }, timeZone);
  return { start: dayText(first), end: dayText(Math.max(first, last) + 1) };
}

/** "Payments Platform Migration (80%)": the project and their share. */
export const assignmentSummary = (projectName: string, allocationPercentage: number) => `${projectName} (${allocationPercentage}%)`;

/** A person's feed: their assignments (with the project's name) and their time off, in date order. */
export function personFeed(
  assignments: ReadonlyArray<AssignmentRecord & { projectName: string }>,
  timeOff: readonly TimeOff[],
  timeZone: string,
): FeedEntry[] {
  const entries: FeedEntry[] = [
    ...assignments.map((a) => ({
      uid: `assignment-${a._id}`,
      summary: assignmentSummary(a.projectName, a.allocationPercentage),
      ...assignmentDays(a.startDate, a.endDate, timeZone),
      description: `${a.role} on ${a.projectName}, ${a.allocationPercentage}% of their time`,
    })),
    ...timeOff.map((t) => ({
      uid: `time-off-${t._id}`,
      summary: timeOffWords[t.kind],
      start: t.from,
      end: dayText(dayNumber(t.to) + 1),
      ...(t.note ? { description: t.note } : {}),
    })),
  ];
  return entries.sort((a, b) => a.start.localeCompare(b.start) || a.uid.localeCompare(b.uid));
}

/** A holiday calendar's feed: one all-day entry per holiday. */
export function holidayFeed(holidays: readonly HolidayRecord[]): FeedEntry[] {
  return holidays
    .map((h) => ({ uid: `holiday-${h._id}`, summary: h.name, start: h.date, end: dayText(dayNumber(h.date) + 1) }))
    .sort((a, b) => a.start.localeCompare(b.start));
}
