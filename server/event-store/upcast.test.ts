import { describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA_VERSION, upcast } from './upcast.ts';

describe('upcast', () => {
  it('puts holidays recorded before calendars had names in the default calendar', () => {
    expect(upcast('HolidayAdded', 1, { holidayId: 'h', date: '2026-12-25', name: 'Christmas Day' })).toEqual({
      type: 'HolidayAdded', data: { holidayId: 'h', date: '2026-12-25', name: 'Christmas Day', calendarId: 'default' },
    });
    expect(upcast('HolidayRemoved', 1, { holidayId: 'h', date: '2026-12-25', name: 'Christmas Day' }).data).toMatchObject({ calendarId: 'default' });
  });

  it('leaves events of the current version, and other types, as they were recorded', () => {
    const named = { holidayId: 'h', calendarId: 'c1', date: '2026-12-25', name: 'Weihnachten' };
    expect(upcast('HolidayAdded', CURRENT_SCHEMA_VERSION, named).data).toEqual(named);
    expect(upcast('ProjectConfirmed', 1, { projectId: 'p' }).data).toEqual({ projectId: 'p' });
  });
});
