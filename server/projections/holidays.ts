import { type Calendar, type CalendarEvent, entryOf, type HolidayRecord } from '../../domain/index.ts';
import type { Writer } from '../db/connect.ts';
import { projectFacts } from './facts.ts';

/** The read-model row of one holiday (also used by the rebuild). */
export const holidayRow = (state: HolidayRecord) => ({
  id: state._id,
  date: state.date,
  version: state.version,
  doc: JSON.stringify(state),
});

/** The holidays these events touched, from the calendar's folded state. */
export async function projectCalendar(db: Writer, _id: string, state: Calendar | null, events: readonly CalendarEvent[]) {
  const touched = events.map((event) => event.data.holidayId);
  await projectFacts(db, 'holidays', touched, (holidayId) => (state ? entryOf(state.holidays, holidayId) : undefined), holidayRow);
}
