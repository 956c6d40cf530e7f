import type { HolidayCalendar } from '../../../domain/entities.ts';
import type { CreateHolidayCalendarInput } from '../../../domain/inputs.ts';
import { request } from '../../lib/http.ts';
import { liveOnly } from '../../lib/draftTarget.ts';

/**
 * The writes of the holiday calendars (each on its own stream, `calendar-<id>`; the default one on
 * `calendar`). Renaming and removing carry the calendar's version; a stale one is refused with 409
 * VERSION_CONFLICT. Calendars are live only: a scenario drafts no calendar.
 */

/** A region's `name` is English where known, `localName` its own language's when that differs. */
export type CountryOption = { code: string; name: string; regions: { code: string; name: string; localName?: string }[] };
export type CalendarWithHolidays = HolidayCalendar & { holidays: { _id?: string; date: string; name: string }[] };

const enc = encodeURIComponent;

export const holidayCalendarsApi = {
  /** The countries (and their regions) a new calendar can be filled from. */
  countries: () => request<CountryOption[]>('GET', '/api/holiday-calendars/countries'),
  create: (input: CreateHolidayCalendarInput) =>
    liveOnly(() => request<CalendarWithHolidays>('POST', '/api/holiday-calendars', { body: input }), 'Holiday calendars'),
  rename: (calendarId: string, name: string, version: number) =>
    liveOnly(() => request<HolidayCalendar>('PATCH', `/api/holiday-calendars/${enc(calendarId)}`, { body: { name, version } }), 'Holiday calendars'),
  remove: (calendarId: string, version: number) =>
    liveOnly(() => request<{ message: string; version: number }>('DELETE', `/api/holiday-calendars/${enc(calendarId)}`, { body: { version } }), 'Holiday calendars'),
  /** The calendar holds its country's (or region's) public holidays for every year from now on. */
  everyYear: (calendarId: string, rule: { country: string; region?: string }, version: number) =>
    liveOnly(() => request<HolidayCalendar>('PUT', `/api/holiday-calendars/${enc(calendarId)}/rule`, { body: { ...rule, version } }), 'Holiday calendars'),
  /** The calendar as saved now (its name and version), or null once removed. */
  async current(calendarId: string): Promise<{ item: HolidayCalendar; version: number } | null> {
    const list = await request<CalendarWithHolidays[]>('GET', '/api/holiday-calendars');
    const found = list.find((c) => c._id === calendarId);
    if (!found) return null;
    const { holidays: _holidays, ...item } = found;
    return { item, version: item.version };
  },
};
