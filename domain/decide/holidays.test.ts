import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../tests/support/decider-spec.ts';
import {
  decideAddHoliday, decideCreateHolidayCalendar, decideRemoveHoliday, decideRemoveHolidayCalendar, decideRenameHolidayCalendar,
} from './holidays.ts';
import type { CalendarEvent } from '../events.ts';
import { evolveCalendar } from '../evolve.ts';
import { addHolidayInput, createHolidayCalendarInput, renameHolidayCalendarInput } from '../inputs.ts';

const christmas: CalendarEvent = { type: 'HolidayAdded', data: { holidayId: 'h1', calendarId: 'default', date: '2026-12-25', name: 'Christmas Day' } };
const boxingDay: CalendarEvent = { type: 'HolidayAdded', data: { holidayId: 'h2', calendarId: 'default', date: '2026-12-26', name: 'Boxing Day' } };
const removed: CalendarEvent = { type: 'HolidayRemoved', data: { holidayId: 'h1', calendarId: 'default', date: '2026-12-25', name: 'Christmas Day' } };
const add = (date: string, name: string, calendarId?: string) => addHolidayInput.parse({ date, name, calendarId });

const created: CalendarEvent = { type: 'HolidayCalendarCreated', data: { calendarId: 'de', name: 'Germany', country: 'DE' } };
const unity: CalendarEvent = { type: 'HolidayAdded', data: { holidayId: 'd1', calendarId: 'de', date: '2026-10-03', name: 'Tag der Deutschen Einheit' } };
const newYear: CalendarEvent = { type: 'HolidayAdded', data: { holidayId: 'd0', calendarId: 'de', date: '2026-01-01', name: 'Neujahr' } };
const calendars = [{ _id: 'default', name: 'Default' }, { _id: 'de', name: 'Germany' }];

describe('decideAddHoliday', () => {
  const spec = deciderSpec(decideAddHoliday, evolveCalendar);

  it('adds the first holiday to the default calendar, which exists before any event', () => {
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
      .then([{ type: 'HolidayAdded', data: { holidayId: 'h3', calendarId: 'default', date: '2026-12-25', name: 'Company Day' } }]);
  });

  it('adds to a named calendar, one holiday per date in each calendar', () => {
    spec([created, unity])
      .when({ holidayId: 'd2', input: add('2026-12-25', 'Weihnachten', 'de') })
      .then([{ type: 'HolidayAdded', data: { holidayId: 'd2', calendarId: 'de', date: '2026-12-25', name: 'Weihnachten' } }]);
    spec([created, unity])
      .when({ holidayId: 'd2', input: add('2026-10-03', 'Unity', 'de') })
      .thenThrows('conflict', 'There is already a holiday on 2026-10-03: Tag der Deutschen Einheit', 'date');
  });

  it('refuses a calendar never created, or removed', () => {
    spec([]).when({ holidayId: 'x', input: add('2026-10-03', 'Unity', 'de') }).thenThrows('not-found', 'Holiday calendar not found');
    const gone: CalendarEvent = { type: 'HolidayCalendarRemoved', data: { calendarId: 'de', name: 'Germany' } };
    spec([created, gone]).when({ holidayId: 'x', input: add('2026-10-03', 'Unity', 'de') }).thenThrows('not-found', 'Holiday calendar not found');
  });
});

describe('decideRemoveHoliday', () => {
  const spec = deciderSpec(decideRemoveHoliday, evolveCalendar);

  it('removes a holiday, keeping its calendar, date and name for the history', () => {
    spec([christmas, boxingDay]).when({ holidayId: 'h1', calendarId: 'default' }).then([removed]);
  });

  it('refuses an unknown or already removed holiday, also on an empty calendar', () => {
    spec([]).when({ holidayId: 'h1', calendarId: 'default' }).thenThrows('not-found', 'Holiday not found');
    spec([christmas, removed]).when({ holidayId: 'h1', calendarId: 'default' }).thenThrows('not-found', 'Holiday not found');
  });

  it.each(['__proto__', 'constructor', 'hasOwnProperty'])('refuses %s, a name every object inherits, as not found', (holidayId) => {
    spec([christmas]).when({ holidayId, calendarId: 'default' }).thenThrows('not-found', 'Holiday not found');
  });
});

describe('decideCreateHolidayCalendar', () => {
  const spec = deciderSpec(decideCreateHolidayCalendar, evolveCalendar);
  const holidays = [
    { holidayId: 'd1', date: '2026-10-03', name: 'Tag der Deutschen Einheit' },
    { holidayId: 'd0', date: '2026-01-01', name: 'Neujahr' },
  ];

  it('creates the calendar and its holidays, in date order', () => {
    spec([]).when({ calendarId: 'de', input: { name: 'Germany', country: 'DE' }, holidays, others: calendars.slice(0, 1) })
      .then([created, newYear, unity]);
  });

  it('creates an empty calendar without a country', () => {
    spec([]).when({ calendarId: 'x', input: { name: 'Office' }, holidays: [], others: calendars })
      .then([{ type: 'HolidayCalendarCreated', data: { calendarId: 'x', name: 'Office' } }]);
  });

  it('refuses a name another calendar has, whatever its case', () => {
    spec([]).when({ calendarId: 'x', input: { name: 'germany' }, holidays: [], others: calendars })
      .thenThrows('conflict', 'There is already a holiday calendar named Germany', 'name');
    spec([]).when({ calendarId: 'x', input: { name: 'DEFAULT' }, holidays: [], others: calendars })
      .thenThrows('conflict', 'There is already a holiday calendar named Default', 'name');
  });

  it('refuses two holidays on one date', () => {
    spec([]).when({ calendarId: 'x', input: { name: 'Office' }, holidays: [...holidays, { holidayId: 'd9', date: '2026-10-03', name: 'Again' }], others: [] })
      .thenThrows('conflict', 'There is already a holiday on 2026-10-03: Tag der Deutschen Einheit', 'holidays');
  });

  it('refuses a calendar that exists: the default one, or one created before', () => {
    spec([]).when({ calendarId: 'default', input: { name: 'Other' }, holidays: [], others: [] }).thenThrows('conflict', 'This holiday calendar already exists');
    spec([created]).when({ calendarId: 'de', input: { name: 'Other' }, holidays: [], others: [] }).thenThrows('conflict', 'This holiday calendar already exists');
  });
});

describe('decideRenameHolidayCalendar', () => {
  const spec = deciderSpec(decideRenameHolidayCalendar, evolveCalendar);

  it('renames, keeping the name it had for the history', () => {
    spec([created, unity]).when({ calendarId: 'de', name: 'Deutschland', others: calendars })
      .then([{ type: 'HolidayCalendarRenamed', data: { calendarId: 'de', name: 'Deutschland', previous: 'Germany' } }]);
  });

  it('renames the default calendar, which has no creation event', () => {
    spec([]).when({ calendarId: 'default', name: 'United Kingdom', others: calendars })
      .then([{ type: 'HolidayCalendarRenamed', data: { calendarId: 'default', name: 'United Kingdom', previous: 'Default' } }]);
  });

  it('changes nothing for the name it has; refuses a name another calendar has', () => {
    spec([created]).when({ calendarId: 'de', name: 'Germany', others: calendars }).thenNothing();
    spec([created]).when({ calendarId: 'de', name: 'default', others: calendars }).thenThrows('conflict', 'There is already a holiday calendar named Default', 'name');
  });

  it('refuses an unknown calendar', () => {
    spec([]).when({ calendarId: 'nope', name: 'X', others: calendars }).thenThrows('not-found', 'Holiday calendar not found');
  });
});

describe('decideRemoveHolidayCalendar', () => {
  const spec = deciderSpec(decideRemoveHolidayCalendar, evolveCalendar);

  it('removes its holidays, then the calendar', () => {
    spec([created, unity, newYear]).when({ calendarId: 'de', followers: [] }).then([
      { type: 'HolidayRemoved', data: { holidayId: 'd0', calendarId: 'de', date: '2026-01-01', name: 'Neujahr' } },
      { type: 'HolidayRemoved', data: { holidayId: 'd1', calendarId: 'de', date: '2026-10-03', name: 'Tag der Deutschen Einheit' } },
      { type: 'HolidayCalendarRemoved', data: { calendarId: 'de', name: 'Germany' } },
    ]);
  });

  it('refuses while an engineer follows it, naming them', () => {
    spec([created]).when({ calendarId: 'de', followers: ['Sam', 'Lee'] })
      .thenThrows('conflict', 'This calendar is followed by Sam, Lee: move them to another calendar before removing it');
    spec([created]).when({ calendarId: 'de', followers: ['A', 'B', 'C', 'D', 'E'] })
      .thenThrows('conflict', 'This calendar is followed by A, B, C and 2 more: move them to another calendar before removing it');
  });

  it('never removes the default calendar', () => {
    spec([christmas]).when({ calendarId: 'default', followers: [] }).thenThrows('conflict', 'The default holiday calendar cannot be removed');
  });

  it('refuses an unknown or already removed calendar', () => {
    spec([]).when({ calendarId: 'de', followers: [] }).thenThrows('not-found', 'Holiday calendar not found');
    spec([created, { type: 'HolidayCalendarRemoved', data: { calendarId: 'de', name: 'Germany' } }])
      .when({ calendarId: 'de', followers: [] }).thenThrows('not-found', 'Holiday calendar not found');
  });
});

describe('evolveCalendar', () => {
  it('moves the calendar version with every event on its stream', () => {
    const state = [created, unity, newYear].reduce<ReturnType<typeof evolveCalendar>>((s, e, i) => evolveCalendar(s, e, i + 1), null);
    expect(state?.calendar).toEqual({ _id: 'de', name: 'Germany', country: 'DE', version: 3 });
    expect(Object.keys(state?.holidays ?? {})).toEqual(['d1', 'd0']);
  });
});

describe('addHolidayInput', () => {
  it.each([
    [{ date: '25/12/2026', name: 'Christmas' }, 'Date must be a date such as 2026-12-24'],
    [{ name: 'Christmas' }, 'Date must be a date such as 2026-12-24'],
    [{ date: '0000-12-25', name: 'Christmas' }, 'Date must be a date in the years 1 to 9999'],
    [{ date: '2026-12-25', name: '  ' }, 'Holiday name is required'],
    [{ date: '2026-12-25', name: 'x'.repeat(101) }, 'Holiday name must be at most 100 characters'],
    [{ date: '2026-12-25', name: 'X', calendarId: ' ' }, 'Calendar is required'],
    [{ date: '2026-12-25', name: 'X', calendarId: 7 }, 'Calendar is required'],
  ])('refuses %j: %s', (input, message) => {
    const result = addHolidayInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it('means the default calendar when calendarId is left out', () => {
    expect(addHolidayInput.parse({ date: '2026-12-25', name: 'X' }).calendarId).toBe('default');
  });
});

describe('calendar inputs', () => {
  it.each([
    [{ name: '' }, 'Calendar name is required'],
    [{ name: 'x'.repeat(101) }, 'Calendar name must be at most 100 characters'],
    [{ name: 'X', country: 'Germany' }, 'Country must be a country code such as DE or US'],
    [{ name: 'X', region: 'BY' }, 'A region needs its country'],
    [{ name: 'X', country: 'DE', region: 'B Y' }, 'Region must be a region code such as BY'],
    [{ name: 'X', country: 'DE', year: 1800 }, 'Year must be a whole number from 1970 to 2200'],
    [{ name: 'X', country: 'DE', year: 2026.5 }, 'Year must be a whole number from 1970 to 2200'],
  ])('createHolidayCalendarInput refuses %j: %s', (input, message) => {
    const result = createHolidayCalendarInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it('takes country and region codes in any case', () => {
    expect(createHolidayCalendarInput.parse({ name: ' Bavaria ', country: 'de', region: 'by', year: 2026 })).toEqual({ name: 'Bavaria', country: 'DE', region: 'BY', year: 2026 });
  });

  it('renameHolidayCalendarInput requires a name', () => {
    expect(renameHolidayCalendarInput.safeParse({ name: ' ' }).error?.issues[0]?.message).toBe('Calendar name is required');
  });
});
