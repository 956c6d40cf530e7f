import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../tests/support/decider-spec.ts';
import { decideAddHoliday, decideRemoveHoliday } from './decide-holidays.ts';
import type { CalendarEvent } from './events.ts';
import { evolveCalendar } from './evolve.ts';
import { addHolidayInput } from './inputs.ts';

const christmas: CalendarEvent = { type: 'HolidayAdded', data: { holidayId: 'h1', date: '2026-12-25', name: 'Christmas Day' } };
const boxingDay: CalendarEvent = { type: 'HolidayAdded', data: { holidayId: 'h2', date: '2026-12-26', name: 'Boxing Day' } };
const removed: CalendarEvent = { type: 'HolidayRemoved', data: { holidayId: 'h1', date: '2026-12-25', name: 'Christmas Day' } };
const add = (date: string, name: string) => addHolidayInput.parse({ date, name });

describe('decideAddHoliday', () => {
  const spec = deciderSpec(decideAddHoliday, evolveCalendar);

  it('adds the first holiday to an empty calendar', () => {
    spec([]).when({ holidayId: 'h1', input: add('2026-12-25', ' Christmas Day ') }).then([christmas]);
  });

  it('adds a holiday on another date', () => {
    spec([christmas]).when({ holidayId: 'h2', input: add('2026-12-26', 'Boxing Day') }).then([boxingDay]);
  });

  it('refuses a second holiday on a date, naming the one there', () => {
    spec([christmas, boxingDay])
      .when({ holidayId: 'h3', input: add('2026-12-25', 'Company Day') })
      .thenThrows('conflict', 'There is already a holiday on 2026-12-25: Christmas Day', 'date');
  });

  it('takes a date again once its holiday was removed', () => {
    spec([christmas, removed])
      .when({ holidayId: 'h3', input: add('2026-12-25', 'Company Day') })
      .then([{ type: 'HolidayAdded', data: { holidayId: 'h3', date: '2026-12-25', name: 'Company Day' } }]);
  });
});

describe('decideRemoveHoliday', () => {
  const spec = deciderSpec(decideRemoveHoliday, evolveCalendar);

  it('removes a holiday, keeping its date and name for the history', () => {
    spec([christmas, boxingDay]).when({ holidayId: 'h1' }).then([removed]);
  });

  it('refuses an unknown or already removed holiday, also on an empty calendar', () => {
    spec([]).when({ holidayId: 'h1' }).thenThrows('not-found', 'Holiday not found');
    spec([christmas, removed]).when({ holidayId: 'h1' }).thenThrows('not-found', 'Holiday not found');
  });

  it.each(['__proto__', 'constructor', 'hasOwnProperty'])('refuses %s, a name every object inherits, as not found', (holidayId) => {
    spec([christmas]).when({ holidayId }).thenThrows('not-found', 'Holiday not found');
  });
});

describe('addHolidayInput', () => {
  it.each([
    [{ date: '25/12/2026', name: 'Christmas' }, 'Date must be a date such as 2026-12-24'],
    [{ name: 'Christmas' }, 'Date must be a date such as 2026-12-24'],
    [{ date: '0000-12-25', name: 'Christmas' }, 'Date must be a date in the years 1 to 9999'],
    [{ date: '2026-12-25', name: '  ' }, 'Holiday name is required'],
    [{ date: '2026-12-25', name: 'x'.repeat(101) }, 'Holiday name must be at most 100 characters'],
  ])('refuses %j: %s', (input, message) => {
    const result = addHolidayInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});
