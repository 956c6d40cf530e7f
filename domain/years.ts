// No zod here: the startup bundle takes this file (capacity's calendar days), and zod is not in it.

/**
 * The years a date may have, in every date field the app takes. PostgreSQL has no year 0 (a query on
 * one fails), and toISOString writes a year past 9999 as "+010000-01-01T...", which PostgreSQL does
 * not read: a date outside these years would fail in the database instead of as a clear 400.
 */
export const FIRST_YEAR = 1;
export const LAST_YEAR = 9999;
export const isYearInRange = (year: number) => Number.isInteger(year) && year >= FIRST_YEAR && year <= LAST_YEAR;
