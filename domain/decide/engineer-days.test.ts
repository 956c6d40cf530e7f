import { describe, expect, it } from 'vitest';
import { decideChangeWorkWeek, decideFollowCalendar, decideSetEmployment } from './engineer-days.ts';
import type { Engineer } from '../entities.ts';
import { DomainError } from '../errors.ts';
import { evolveEngineer } from '../evolve.ts';
import type { EngineerEvent } from '../events.ts';

const given = (...events: EngineerEvent[]): Engineer | null => events.reduce<Engineer | null>((state, event, i) => evolveEngineer(state, event, i + 1), null);
const registered: EngineerEvent = {
  type: 'EngineerRegistered',
  data: { engineerId: 'ada', name: 'Ada', email: 'ada@x.test', department: 'Platform', skills: [], seniority: 'mid', maxCapacity: 80 },
};
const MON_THU = [100, 100, 100, 100, 0, 0, 0];

describe('work weeks', () => {
  it('given a standard 80 % engineer, when Monday to Thursday is set from March, then one event names the week it replaces', () => {
    expect(decideChangeWorkWeek(given(registered), { from: '2027-03-01', days: MON_THU })).toEqual([
      { type: 'EngineerWorkWeekChanged', data: { engineerId: 'ada', from: '2027-03-01', days: MON_THU, previous: [80, 80, 80, 80, 80, 0, 0] } },
    ]);
  });

  it('then the engineer keeps the old week before March and maxCapacity becomes the largest day of the new one', () => {
    const [event] = decideChangeWorkWeek(given(registered), { from: '2027-03-01', days: MON_THU });
    expect(given(registered, event!)).toMatchObject({
      maxCapacity: 100,
      workWeeks: [{ from: '0001-01-01', days: [80, 80, 80, 80, 80, 0, 0] }, { from: '2027-03-01', days: MON_THU }],
    });
  });

  it('given that week already, when it is set again from the same date, then nothing is written', () => {
    const changed = { type: 'EngineerWorkWeekChanged', data: { engineerId: 'ada', from: '2027-03-01', days: MON_THU } } as const;
    expect(decideChangeWorkWeek(given(registered, changed), { from: '2027-03-01', days: MON_THU })).toEqual([]);
  });

  it('given no engineer, then not found', () => {
    expect(() => decideChangeWorkWeek(null, { from: '2027-03-01', days: MON_THU })).toThrow(DomainError);
  });
});

describe('calendars followed', () => {
  it('when an engineer moves to an existing calendar from a date, then the event says which one they left', () => {
    expect(decideFollowCalendar(given(registered), { calendarId: 'de', from: '2027-01-01' }, (id) => id === 'de')).toEqual([
      { type: 'EngineerCalendarChanged', data: { engineerId: 'ada', calendarId: 'de', from: '2027-01-01', previous: 'default' } },
    ]);
  });

  it('when the calendar does not exist, then not found', () => {
    expect(() => decideFollowCalendar(given(registered), { calendarId: 'xx', from: '2027-01-01' }, () => false)).toThrow('Holiday calendar not found');
  });

  it('when they already follow it from before, then nothing is written', () => {
    expect(decideFollowCalendar(given(registered), { calendarId: 'default', from: '2027-01-01' }, () => false)).toEqual([]);
  });
});

describe('start and leave dates', () => {
  it('when a start and a leave date are set, then two events; clearing them gives them back', () => {
    const set = decideSetEmployment(given(registered), { startDate: '2027-01-04', leaveDate: '2027-06-30' });
    expect(set.map((e) => e.type)).toEqual(['EngineerStartDateSet', 'EngineerLeaving']);
    const state = given(registered, ...set);
    expect(state).toMatchObject({ startDate: '2027-01-04', leaveDate: '2027-06-30' });
    const cleared = decideSetEmployment(state, { startDate: null, leaveDate: null });
    expect(cleared).toEqual([
      { type: 'EngineerStartDateSet', data: { engineerId: 'ada', date: null, previous: '2027-01-04' } },
      { type: 'EngineerLeavingCancelled', data: { engineerId: 'ada', date: '2027-06-30' } },
    ]);
    const after = given(registered, ...set, ...cleared)!;
    expect('startDate' in after || 'leaveDate' in after).toBe(false);
  });

  it('given a start date, when a leave date before it is set, then refused', () => {
    const state = given(registered, ...decideSetEmployment(given(registered), { startDate: '2027-01-04' }));
    expect(() => decideSetEmployment(state, { leaveDate: '2027-01-04' })).toThrow('Leave date must be after the start date');
  });
});
