import { describe, expect, it } from 'vitest';
import { describeEvent } from './describe.ts';
import type { PlanningEvent } from './events.ts';
import { PlanFold } from './history.ts';
import { applyToPlan, emptyPlan } from './plan.ts';

/** A calendar's life in events: created with a holiday, renamed, the default calendar's holiday beside it, removed. */
const history: { event: PlanningEvent; version: number }[] = [
  { event: { type: 'HolidayAdded', data: { holidayId: 'h1', calendarId: 'default', date: '2026-12-25', name: 'Christmas Day' } }, version: 1 },
  { event: { type: 'HolidayCalendarCreated', data: { calendarId: 'de', name: 'Germany', country: 'DE' } }, version: 1 },
  { event: { type: 'HolidayAdded', data: { holidayId: 'd1', calendarId: 'de', date: '2026-10-03', name: 'Unity' } }, version: 2 },
  { event: { type: 'HolidayCalendarRenamed', data: { calendarId: 'de', name: 'Deutschland', previous: 'Germany' } }, version: 3 },
  { event: { type: 'HolidayCalendarCreated', data: { calendarId: 'at', name: 'Austria', country: 'AT' } }, version: 1 },
  { event: { type: 'HolidayRemoved', data: { holidayId: 'd1', calendarId: 'de', date: '2026-10-03', name: 'Unity' } }, version: 4 },
  { event: { type: 'HolidayCalendarRemoved', data: { calendarId: 'de', name: 'Deutschland' } }, version: 5 },
];

describe('holiday calendars in the plan', () => {
  it('the history fold and the live fold agree, calendar by calendar, the default one first', () => {
    const fold = new PlanFold();
    for (const { event, version } of history) fold.apply(event, version);
    const live = history.reduce((plan, { event, version }) => applyToPlan(plan, event, version), emptyPlan());
    expect(fold.plan().holidayCalendars).toEqual([
      { _id: 'default', name: 'Default', version: 1 },
      { _id: 'at', name: 'Austria', country: 'AT', version: 1 },
    ]);
    expect(live.holidayCalendars).toEqual(fold.plan().holidayCalendars);
    expect(live.holidays).toEqual(fold.plan().holidays);
    expect(fold.plan().holidays.map((h) => h._id)).toEqual(['h1']);
  });

  it('every calendar event reads as a sentence, a named calendar\'s holidays saying which', () => {
    const names = { actor: 'Dana' };
    const [christmas, created, unity, renamed, austria, , removed] = history.map((h) => h.event);
    expect(describeEvent(christmas!, { ...names, calendar: 'Default' })).toBe('Dana added the holiday Christmas Day on 2026-12-25');
    expect(describeEvent(created!, names)).toBe('Dana created the holiday calendar Germany for DE');
    expect(describeEvent(unity!, { ...names, calendar: 'Germany' })).toBe('Dana added the holiday Unity on 2026-10-03 in Germany');
    expect(describeEvent(renamed!, names)).toBe('Dana renamed the holiday calendar Germany to Deutschland');
    expect(describeEvent(austria!, names)).toBe('Dana created the holiday calendar Austria for AT');
    expect(describeEvent(removed!, names)).toBe('Dana removed the holiday calendar Deutschland');
  });
});
