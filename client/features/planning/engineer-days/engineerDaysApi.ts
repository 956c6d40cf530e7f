import type { Engineer } from '../../../../domain/entities.ts';
import { request } from '../../../lib/http.ts';
import { liveOnly } from '../../../lib/draftTarget.ts';

const enc = encodeURIComponent;
const put = (engineerId: string, path: string, body: unknown, version: number) =>
  liveOnly(() => request<Engineer>('PUT', `/api/engineers/${enc(engineerId)}/${path}`, { body, headers: { 'If-Match': `"${version}"` } }), 'Work days');

/** What the engineer-days form saves: only the parts that changed. */
export type EngineerDaysChanges = {
  days?: { from: string; days: number[] };
  calendarId?: { from: string; calendarId: string };
  startDate?: string | null;
  leaveDate?: string | null;
};

/**
 * The work week, the calendar followed and the employment dates, each its own write on the engineer's
 * stream: each one sends the version the one before answered with, so the three are one edit.
 */
export async function saveEngineerDays(engineerId: string, changes: EngineerDaysChanges, version: number): Promise<Engineer | null> {
  let latest: Engineer | null = null;
  let current = version;
  const step = async (path: string, body: unknown) => {
    latest = await put(engineerId, path, body, current);
    current = latest.version;
  };
  if (changes.days) await step('work-week', changes.days);
  if (changes.calendarId) await step('calendar', changes.calendarId);
  const employment = {
    ...(changes.startDate !== undefined ? { startDate: changes.startDate } : {}),
    ...(changes.leaveDate !== undefined ? { leaveDate: changes.leaveDate } : {}),
  };
  if (Object.keys(employment).length > 0) await step('employment', employment);
  return latest;
}

export type HolidayCalendarSummary = { _id: string; name: string };

/** The calendars an engineer may follow. */
export const holidayCalendarList = () => request<HolidayCalendarSummary[]>('GET', '/api/holiday-calendars');

/** Many engineers follow one calendar from a date on, all or none (one command, one undo). */
export const followCalendarInBulk = (engineerIds: readonly string[], calendarId: string, from: string) =>
  liveOnly(() => request<{ engineers: Engineer[]; changed: number }>('POST', '/api/engineers/follow-calendar', { body: { engineerIds, calendarId, from } }), 'Work days');
