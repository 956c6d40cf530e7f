import { describe, expect, it } from 'vitest';
import { dayOfDate } from './capacity/calendar-days.ts';
import type { AssignmentRecord } from './entities.ts';
import { changeFromToday, changesThePast, instantOfDay } from './keep-past.ts';

// Today is Monday 2026-12-07; the assignment started last month (Mon Nov 2) and runs through Thu Dec 31.
const today = dayOfDate('2026-12-07');
const started: AssignmentRecord = {
  _id: 'a1', engineerId: 'mei', projectId: 'p1', role: 'Developer', allocationPercentage: 50,
  startDate: '2026-11-02T00:00:00.000Z', endDate: '2026-12-31T00:00:00.000Z', version: 3,
};
const context = { today, timeZone: 'UTC', newAssignmentId: 'a2' };

describe('changeFromToday: work that has started keeps its past', () => {
  it('given a change of allocation to an assignment that started last month, then it ends yesterday and the new allocation runs from today to its last day', () => {
    expect(changeFromToday(started, { allocationPercentage: 80 }, context)).toEqual([
      { kind: 'updateAssignment', assignmentId: 'a1', input: { endDate: '2026-12-06T00:00:00.000Z' } },
      {
        kind: 'createAssignment', assignmentId: 'a2',
        input: { engineerId: 'mei', projectId: 'p1', role: 'Developer', allocationPercentage: 80, startDate: '2026-12-07T00:00:00.000Z', endDate: '2026-12-31T00:00:00.000Z' },
      },
    ]);
  });

  it('given a move one week later of a started bar, then its part from today moves one week and the days before today stay', () => {
    const commands = changeFromToday(started, { startDate: '2026-11-09T00:00:00.000Z', endDate: '2027-01-07T00:00:00.000Z' }, context);
    expect(commands).toEqual([
      { kind: 'updateAssignment', assignmentId: 'a1', input: { endDate: '2026-12-06T00:00:00.000Z' } },
      expect.objectContaining({ kind: 'createAssignment', input: expect.objectContaining({ startDate: '2026-12-14T00:00:00.000Z', endDate: '2027-01-07T00:00:00.000Z' }) }),
    ]);
  });

  it('given a move one week earlier of a started bar, then its part from today starts today (never in the past) and ends a week earlier', () => {
    const commands = changeFromToday(started, { startDate: '2026-10-26T00:00:00.000Z', endDate: '2026-12-24T00:00:00.000Z' }, context);
    expect(commands[1]).toEqual(expect.objectContaining({ input: expect.objectContaining({ startDate: '2026-12-07T00:00:00.000Z', endDate: '2026-12-24T00:00:00.000Z' }) }));
  });

  it('given a hand-over of a started assignment to another engineer, then the past stays with the first and the rest goes to the second from today', () => {
    const [keep, rest] = changeFromToday(started, { engineerId: 'lucas' }, context);
    expect(keep).toEqual({ kind: 'updateAssignment', assignmentId: 'a1', input: { endDate: '2026-12-06T00:00:00.000Z' } });
    expect(rest).toEqual(expect.objectContaining({ kind: 'createAssignment', input: expect.objectContaining({ engineerId: 'lucas', startDate: '2026-12-07T00:00:00.000Z' }) }));
  });

  it('given a change of the end date only (later or earlier, not before today), then the past is untouched and the change is the change itself', () => {
    for (const endDate of ['2027-01-29T00:00:00.000Z', '2026-12-18T00:00:00.000Z', '2026-12-07T00:00:00.000Z']) {
      expect(changesThePast(started, { endDate }, today, 'UTC')).toBe(false);
      expect(changeFromToday(started, { endDate }, context)).toEqual([{ kind: 'updateAssignment', assignmentId: 'a1', input: { endDate } }]);
    }
  });

  it('given work that starts today or later, then any change is the change itself', () => {
    const upcoming = { ...started, startDate: '2026-12-07T00:00:00.000Z' };
    expect(changeFromToday(upcoming, { allocationPercentage: 80, startDate: '2026-12-14T00:00:00.000Z' }, context)).toEqual([
      { kind: 'updateAssignment', assignmentId: 'a1', input: { allocationPercentage: 80, startDate: '2026-12-14T00:00:00.000Z' } },
    ]);
  });

  it('given a change that ends the work before today, then from today on leaves nothing to create: the days before today keep what they held', () => {
    expect(changeFromToday(started, { endDate: '2026-11-20T00:00:00.000Z' }, context)).toEqual([
      { kind: 'updateAssignment', assignmentId: 'a1', input: { endDate: '2026-12-06T00:00:00.000Z' } },
    ]);
  });

  it('given work that ended last week, changed only before today, then from today on there is nothing to change: it is refused with the way to do it', () => {
    const ended = { ...started, endDate: '2026-11-27T00:00:00.000Z' };
    expect(() => changeFromToday(ended, { allocationPercentage: 80 }, context)).toThrow(/correct the past too/);
  });

  it('given the organisation in Europe/Berlin, then the split lands on local midnights', () => {
    const berlin = { ...started, startDate: '2026-11-01T23:00:00.000Z', endDate: '2026-12-30T23:00:00.000Z' };
    const [keep, rest] = changeFromToday(berlin, { allocationPercentage: 80 }, { ...context, timeZone: 'Europe/Berlin' });
    expect(keep).toEqual({ kind: 'updateAssignment', assignmentId: 'a1', input: { endDate: '2026-12-05T23:00:00.000Z' } });
    expect(rest).toEqual(expect.objectContaining({ input: expect.objectContaining({ startDate: '2026-12-06T23:00:00.000Z', endDate: '2026-12-30T23:00:00.000Z' }) }));
    expect(instantOfDay(dayOfDate('2026-03-30'), 'Europe/Berlin')).toBe('2026-03-29T22:00:00.000Z');
  });
});
