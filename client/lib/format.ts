import dayjs from 'dayjs';

/** Date and text formats the screens share; all of them display in the browser's time zone. */

/** Long US date: 'November 05, 2026' (Engineer Dashboard). */
export const longDate = (iso: string) => dayjs(iso).format('MMMM DD, YYYY');

/** Short date with year: 'Nov 05, 2026' (Projects timeline). */
export const shortDate = (iso: string) => dayjs(iso).format('MMM DD, YYYY');

/** Date and time to the second: 'Nov 05, 2026 14:03:27' (History, the time-travel banner). */
export const dateTime = (iso: string) => dayjs(iso).format('MMM DD, YYYY HH:mm:ss');

/** Short month and day: 'Nov 05' (Assignments timeline start, Becoming Available Soon). */
export const monthDay = (iso: string) => dayjs(iso).format('MMM DD');

/** The browser's local date format (Report's Project Timeline). */
export const localDate = (iso: string) => new Date(iso).toLocaleDateString();

/** 'start - end' with the year on both ends. */
export const dateRange = (startIso: string, endIso: string) => `${shortDate(startIso)} - ${shortDate(endIso)}`;

/** 'start - end' with the year only on the end, as the Assignments table shows it. */
export const shortRange = (startIso: string, endIso: string) => `${monthDay(startIso)} - ${shortDate(endIso)}`;

/** 'engineer' -> 'Engineer'; missing -> 'Undefined' (Profile). */
export const capitalize = (text: string | null | undefined) =>
  text ? text.charAt(0).toUpperCase() + text.slice(1) : 'Undefined';

/** '1 project' / '2 projects'. */
export const plural = (count: number, singular: string, pluralForm = `${singular}s`) =>
  `${count} ${count === 1 ? singular : pluralForm}`;

/** A percentage as the screens print it: whole numbers bare, others to one decimal. */
export const percent = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(1)}%`;

/** The Available Capacity column: '% available', 'Fully allocated' or '% over capacity'. */
export function availableCapacityText(availableCapacity: number): string {
  if (availableCapacity > 0) return `${percent(availableCapacity)} available`;
  if (availableCapacity === 0) return 'Fully allocated';
  return `${percent(-availableCapacity)} over capacity`;
}
