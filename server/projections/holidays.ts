import { type Calendar, type CalendarEvent, entryOf, type HolidayCalendar, type HolidayRecord, isHolidayEvent } from '../../domain/index.ts';
import type { Writer } from '../db/connect.ts';
import { projectFacts } from './facts.ts';

/** The read-model row of one holiday (also used by the rebuild). */
export const holidayRow = (state: HolidayRecord) => ({
  id: state._id,
  calendar_id: state.calendarId,
  date: state.date,
  version: state.version,
  doc: JSON.stringify(state),
});

/** The read-model row of one holiday calendar (also used by the rebuild). */
export const holidayCalendarRow = (state: HolidayCalendar) => ({
  id: state._id,
  name: state.name,
  version: state.version,
  doc: JSON.stringify(state),
});

/**
 * The holidays these events touched and the calendar itself (its version moves with every event), from
 * the calendar's folded state. A removed calendar's holidays were removed by events of their own first.
 */
export async function projectCalendar(db: Writer, calendarId: string, state: Calendar | null, events: readonly CalendarEvent[]) {
  const touched = events.filter(isHolidayEvent).map((event) => event.data.holidayId);
  await projectFacts(db, 'holidays', touched, (holidayId) => (state ? entryOf(state.holidays, holidayId) : undefined), holidayRow);
  if (!state) {
    await db.deleteFrom('holiday_calendars').where('id', '=', calendarId).execute();
    return;
  }
  const row = holidayCalendarRow(state.calendar);
  await db.insertInto('holiday_calendars').values(row).onConflict((oc) => oc.column('id').doUpdateSet(row)).execute();
}
