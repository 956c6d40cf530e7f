import { describe, expect, it } from 'vitest';
import { isoMoment, isoMomentText, isYearInRange, parseIsoMoment, writesYearOutOfRange, yearOutOfRangeMessage } from './dates.ts';

const iso = (text: string) => parseIsoMoment(text)?.toISOString() ?? null;

describe('parseIsoMoment', () => {
  it.each([
    ['2026-01-06', '2026-01-06T00:00:00.000Z'],
    ['2028-02-29', '2028-02-29T00:00:00.000Z'],
    ['2000-02-29', '2000-02-29T00:00:00.000Z'],
    ['2026-01-06T10:15Z', '2026-01-06T10:15:00.000Z'],
    ['2026-01-06T10:15:30Z', '2026-01-06T10:15:30.000Z'],
    ['2026-01-06T10:15:30.5Z', '2026-01-06T10:15:30.500Z'],
    ['2026-01-06T10:15:30.123456789Z', '2026-01-06T10:15:30.123Z'],
    ['2026-01-06T10:15:30+02:00', '2026-01-06T08:15:30.000Z'],
    ['2026-01-06T00:00:00-05:30', '2026-01-06T05:30:00.000Z'],
    ['0001-01-01T00:00:00Z', '0001-01-01T00:00:00.000Z'],
    ['0050-06-15', '0050-06-15T00:00:00.000Z'],
    ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
  ])('reads %s as %s', (text, expected) => {
    expect(iso(text)).toBe(expected);
  });

  it.each([
    // not ISO 8601 dates at all
    'x 1', '', 'yesterday', '1/6/2026', 'Tue, 06 Jan 2026 10:00:00 GMT', '1767693600000', '2026', '2026-01', '20260106',
    ' 2026-01-06', '2026-01-06 ', '2026-1-6', '2026-01-06 10:00:00Z', '2026-01-06t10:00:00z', '2026-01-06T10Z', '2026-01-06T10:00:00.Z',
    // a time without a zone would be read in the server's own time zone
    '2026-01-06T10:00', '2026-01-06T10:00:00.000',
    // dates and times that do not exist
    '2026-02-29', '1900-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-01-32',
    '2026-01-06T24:00:00Z', '2026-01-06T10:60:00Z', '2026-01-06T10:00:60Z', '2026-01-06T10:00:00+24:00', '2026-01-06T10:00:00+02:60',
    // years outside 1 to 9999, as written or once in UTC
    '0000-01-01', '0000-01-01T00:00:00Z', '+275760-09-13T00:00:00.000Z', '-271821-04-20T00:00:00Z', '+010000-01-01T00:00:00Z',
    '10000-01-01', '9999-12-31T23:00:00-05:00', '0001-01-01T00:30:00+01:00',
  ])('refuses %j', (text) => {
    expect(parseIsoMoment(text)).toBeNull();
  });
});

describe('isoMoment / isoMomentText', () => {
  it('give the Date, or its toISOString(), and the one message for anything else', () => {
    expect(isoMoment('at is bad').parse('2026-01-06')).toEqual(new Date('2026-01-06T00:00:00.000Z'));
    expect(isoMomentText('bad').parse('2026-01-06T01:00:00+01:00')).toBe('2026-01-06T00:00:00.000Z');
    for (const value of ['2026-02-30', 42, null, undefined]) {
      expect(isoMomentText('Start date is required').safeParse(value).error?.issues.map((i) => i.message)).toEqual(['Start date is required']);
    }
  });
});

describe('the years every date field takes', () => {
  it('are 1 to 9999: PostgreSQL has no year 0, and past 9999 toISOString writes "+010000-..."', () => {
    expect([0, 1, 2026, 9999, 10000, -1, 1.5, Number.NaN].map(isYearInRange)).toEqual([false, true, true, true, false, false, false, false]);
  });

  it.each(['0000-01-01', '0000-12-31T23:00:00Z', '10000-01-01', '+010000-01-01T00:00:00Z', '-000001-01-01'])(
    'given %j, then it is written with a year out of range (its own message, not "not a date")',
    (text) => {
      expect(writesYearOutOfRange(text)).toBe(true);
    },
  );

  it.each(['0001-01-01', '2026-02-30', '9999-12-31', 'yesterday', '', '0000', '00000-01', 42, null])('given %j, then it is not', (text) => {
    expect(writesYearOutOfRange(text)).toBe(false);
  });

  it('names the field and the years in the message', () => {
    expect(yearOutOfRangeMessage('from')).toBe('from must be a date in the years 1 to 9999');
  });
});
