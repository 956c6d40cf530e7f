import { DEFAULT_CALENDAR_ID, type PlanningEvent } from '../../domain/index.ts';

type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;

/** Holidays recorded before calendars had names are the default calendar's. */
const inDefaultCalendar: Upcaster = (data) => ('calendarId' in data ? data : { ...data, calendarId: DEFAULT_CALENDAR_ID });

/**
 * Old event versions are upcast on read by pure functions; history is never rewritten.
 * Key: `<type>@<schema_version>` -> function to the next version.
 * Version 2: HolidayAdded and HolidayRemoved name their calendar (`calendarId`).
 */
const upcasters: Record<string, Upcaster> = {
  'HolidayAdded@1': inDefaultCalendar,
  'HolidayRemoved@1': inDefaultCalendar,
};

export const CURRENT_SCHEMA_VERSION = 2;

export function upcast(type: string, schemaVersion: number, data: unknown): PlanningEvent {
  let version = schemaVersion;
  let value = data as Record<string, unknown>;
  while (version < CURRENT_SCHEMA_VERSION) {
    const step = upcasters[`${type}@${version}`];
    if (step) value = step(value);
    version += 1;
  }
  return { type, data: value } as PlanningEvent;
}
