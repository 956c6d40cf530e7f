import { describe, expect, it } from 'vitest';
import { validateCalendarHoliday, validateNewCalendar, validateRenameCalendar } from './holidayCalendarForms.machine.ts';

describe('the Calendars screen forms', () => {
  it('a new calendar needs a name; a country fills it, for a year, a region only with its country', () => {
    expect(validateNewCalendar({ name: ' ', country: '', region: '', year: 2026 })).toEqual({ ok: false, errors: { name: 'Calendar name is required' } });
    expect(validateNewCalendar({ name: 'Office', country: '', region: 'BY', year: 2026 })).toEqual({ ok: true, payload: { name: 'Office' } });
    expect(validateNewCalendar({ name: ' Bavaria ', country: 'DE', region: 'BY', year: 2027 })).toEqual({ ok: true, payload: { name: 'Bavaria', country: 'DE', region: 'BY', year: 2027 } });
    expect(validateNewCalendar({ name: 'Old', country: 'DE', region: '', year: 1800 })).toEqual({ ok: false, errors: { year: 'Year must be a whole number from 1970 to 2200' } });
  });

  it('renaming needs a name; a holiday needs a date and a name, in its calendar', () => {
    expect(validateRenameCalendar({ name: '' })).toEqual({ ok: false, errors: { name: 'Calendar name is required' } });
    expect(validateCalendarHoliday({ calendarId: 'c1', date: '2026-10-03', name: ' Unity ' })).toEqual({ ok: true, payload: { calendarId: 'c1', date: '2026-10-03', name: 'Unity' } });
    expect(validateCalendarHoliday({ calendarId: 'c1', date: '', name: '' })).toEqual({
      ok: false, errors: { date: 'Choose the day', name: 'Holiday name is required' },
    });
  });
});
