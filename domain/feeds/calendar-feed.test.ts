import { describe, expect, it } from 'vitest';
import { assignmentDays, holidayFeed, personFeed } from './calendar-feed.ts';

const assignment = (startDate: string, endDate: string) => ({
  _id: 'a1', engineerId: 'e1', projectId: 'p1', role: 'Developer', allocationPercentage: 80, startDate, endDate, version: 1, projectName: 'Payments Platform Migration',
});

describe('calendar feed entries', () => {
  it('an assignment is on its first through its last day in the organisation\'s time zone; DTEND is the day after the last', () => {
    expect(assignmentDays('2026-12-01T00:00:00.000Z', '2026-12-05T00:00:00.000Z', 'UTC')).toEqual({ start: '2026-12-01', end: '2026-12-06' });
    // Midnight UTC is 01:00 in Berlin: still the 1st and the 5th there.
    expect(assignmentDays('2026-12-01T00:00:00.000Z', '2026-12-05T00:00:00.000Z', 'Europe/Berlin')).toEqual({ start: '2026-12-01', end: '2026-12-06' });
    // 23:30 UTC is already the next day in Berlin.
    expect(assignmentDays('2026-11-30T23:30:00.000Z', '2026-12-04T23:30:00.000Z', 'Europe/Berlin')).toEqual({ start: '2026-12-01', end: '2026-12-06' });
    // Within one day: still shown on that day.
    expect(assignmentDays('2026-12-01T09:00:00.000Z', '2026-12-01T17:00:00.000Z', 'UTC')).toEqual({ start: '2026-12-01', end: '2026-12-02' });
  });

  it('a person\'s feed: the project and their share, and time off with its last day included, in date order', () => {
    const feed = personFeed(
      [assignment('2026-12-10T00:00:00.000Z', '2026-12-20T00:00:00.000Z')],
      [{ _id: 't1', engineerId: 'e1', from: '2026-12-01', to: '2026-12-03', kind: 'vacation', version: 2 }],
      'UTC',
    );
    expect(feed).toEqual([
      { uid: 'time-off-t1', summary: 'Vacation', start: '2026-12-01', end: '2026-12-04' },
      { uid: 'assignment-a1', summary: 'Payments Platform Migration (80%)', start: '2026-12-10', end: '2026-12-21', description: 'Developer on Payments Platform Migration, 80% of their time' },
    ]);
  });

  it('given an assignment whose last day is Dec 31, then DTEND is Jan 1 of the next year', () => {
    expect(assignmentDays('2026-12-28T00:00:00.000Z', '2026-12-31T00:00:00.000Z', 'UTC')).toEqual({ start: '2026-12-28', end: '2027-01-01' });
  });

  it('given a one-day assignment, then DTEND is the next day', () => {
    expect(assignmentDays('2026-12-07T00:00:00.000Z', '2026-12-07T00:00:00.000Z', 'UTC')).toEqual({ start: '2026-12-07', end: '2026-12-08' });
  });

  it('holidays are single days', () => {
    expect(holidayFeed([{ _id: 'h1', calendarId: 'default', date: '2026-12-31', name: 'New Year\'s Eve', version: 1 }])).toEqual([
      { uid: 'holiday-h1', summary: 'New Year\'s Eve', start: '2026-12-31', end: '2027-01-01' },
    ]);
  });
});
