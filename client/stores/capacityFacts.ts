import { useSnapshot } from 'valtio/react';
import type { HolidayCalendar, HolidayRecord, Placeholder, TimeOff } from '../../domain/entities.ts';
import { answerVersion } from '../lib/api.ts';
import { callsOf } from './calls.ts';
import { createCollection } from './collection.ts';
import { usePastCollection } from './viewMode.ts';

/**
 * The facts capacity over time reads beside the three planning lists: time off (an engineer gets only
 * their own), the organisation's holidays and the projects' open placeholders. Loaded from their lists
 * and folded live like the others (liveSync), shown as they were while the app views a past moment.
 */

/** The list the screens show: the live collection, or the past plan's while the app views a past moment. */
function useShown<T extends object>(state: T, key: 'timeOff' | 'holidays' | 'placeholders' | 'holidayCalendars') {
  const live = useSnapshot(state);
  const past = usePastCollection(key);
  return (past ?? live) as typeof live;
}

const timeOff = createCollection<TimeOff[]>(() => [], () => callsOf('capacityFacts').timeOff());
export const timeOffStore = timeOff.state;
export const loadTimeOff = timeOff.load;
export const setTimeOff = timeOff.set;
export const resetTimeOff = timeOff.reset;
export const useTimeOff = () => useShown(timeOffStore, 'timeOff');

/** The calendar's version as the last holiday list said (its ETag): removing a holiday sends it. */
let loadedCalendarVersion = 0;
const holidays = createCollection<HolidayRecord[]>(
  () => [],
  async () => {
    const list = await callsOf('capacityFacts').holidays();
    loadedCalendarVersion = answerVersion(list) ?? loadedCalendarVersion;
    return list;
  },
);
export const holidaysStore = holidays.state;
export const loadHolidays = holidays.load;
export const setHolidays = holidays.set;
export function resetHolidays() {
  loadedCalendarVersion = 0;
  holidays.reset();
}
export const useHolidays = () => useShown(holidaysStore, 'holidays');

/**
 * A calendar's latest version this client knows: the list's (the holiday list's ETag is the default
 * calendar's), the calendars' list, or a holiday added since (each carries the version it was added at).
 * A removal seen live leaves it one behind; the server then answers 409 and the conflict dialog retries
 * on the latest.
 */
export const calendarVersion = (calendarId = 'default') => Math.max(
  calendarId === 'default' ? loadedCalendarVersion : 0,
  ...holidayCalendarsStore.data.filter((c) => c._id === calendarId).map((c) => c.version),
  ...holidaysStore.data.filter((h) => (h.calendarId ?? 'default') === calendarId).map((h) => h.version),
);

/**
 * The holiday calendars (their holidays are in the holidays store, each naming its calendar). As GET
 * /api/holiday-calendars lists them the holidays ride along, but the store keeps them apart.
 */
const holidayCalendars = createCollection<HolidayCalendar[]>(
  () => [],
  async () => {
    const list = await callsOf('capacityFacts').holidayCalendars();
    // The list's cursor headers (liveSync reads them off the answer) stay on the array that is kept.
    for (const calendar of list) delete calendar.holidays;
    return list;
  },
);
export const holidayCalendarsStore = holidayCalendars.state;
export const loadHolidayCalendars = holidayCalendars.load;
export const setHolidayCalendars = holidayCalendars.set;
export const resetHolidayCalendars = holidayCalendars.reset;
export const useHolidayCalendars = () => useShown(holidayCalendarsStore, 'holidayCalendars');

const placeholders = createCollection<Placeholder[]>(() => [], () => callsOf('capacityFacts').placeholders());
export const placeholdersStore = placeholders.state;
export const loadPlaceholders = placeholders.load;
export const setPlaceholders = placeholders.set;
export const resetPlaceholders = placeholders.reset;
export const usePlaceholders = () => useShown(placeholdersStore, 'placeholders');
