import { describe, expect, it } from 'vitest';
import type { Plan } from '../../domain/plan.ts';
import { bulkOverloads, dayRuns, fitText, overloadSentence, overloadsInPlan, writeOverloads } from './overloads.ts';

describe('naming the days of an overload or a fit', () => {
  it('runs of days, a weekend between Friday and Monday not breaking one', () => {
    expect(dayRuns(['2027-01-07', '2027-01-08', '2027-01-11', '2027-01-13'])).toEqual(['Jan 07 - Jan 11', 'Jan 13']);
    expect(dayRuns([])).toEqual([]);
  });

  it('says the days, the runs and the peak', () => {
    expect(overloadSentence({ days: ['2027-01-04', '2027-01-05', '2027-01-07', '2027-01-08'], peak: 110 })).toBe('over capacity on 4 days (Jan 04 - Jan 05, Jan 07 - Jan 08), peak 110%');
    expect(overloadSentence({ days: ['2027-01-04'], peak: 102.5 })).toBe('over capacity on 1 day (Jan 04), peak 102.5%');
  });

  it('fits, fits except N days naming them, no room', () => {
    expect(fitText({ kind: 'fits', short: [] })).toBe('fits');
    expect(fitText({ kind: 'fitsExcept', short: ['2027-01-07', '2027-01-08'] })).toBe('fits except 2 days (Jan 07 - Jan 08)');
    expect(fitText({ kind: 'noRoom', short: [] })).toBe('no room');
  });
});

describe('overloadsInPlan: the question before a write, on the plan the screen shows', () => {
  it('names the engineer and the days new work would take over capacity', () => {
    const plan = {
      engineers: [{ _id: 'j', name: 'Jordan Lee', email: 'j@x', department: 'Eng', seniority: 'mid', skills: [], maxCapacity: 100, version: 1 }],
      projects: [{ _id: 'p', tentative: false }],
      assignments: [{ _id: 'a', engineerId: 'j', projectId: 'p', role: 'Dev', allocationPercentage: 60, startDate: '2027-01-04T00:00:00.000Z', endDate: '2027-01-09T00:00:00.000Z', version: 1 }],
      timeOff: [], holidays: [], placeholders: [], holidayCalendars: [], actuals: [],
    } as unknown as Plan;
    const fill = { engineerId: 'j', projectId: 'p', allocationPercentage: 50, startDate: '2027-01-04T00:00:00.000Z', endDate: '2027-01-09T00:00:00.000Z' };
    expect(overloadsInPlan(plan, [{ before: null, after: fill }], 'UTC')).toEqual([
      { engineerId: 'j', name: 'Jordan Lee', days: ['2027-01-04', '2027-01-05', '2027-01-06', '2027-01-07', '2027-01-08'], peak: 110 },
    ]);
    expect(overloadsInPlan(plan, [{ before: null, after: { ...fill, allocationPercentage: 40 } }], 'UTC')).toEqual([]);
  });
});

describe('bulkOverloads: the question before a bulk change, judged from today on', () => {
  // Jordan: 60 % from Mon Jan 4 through Fri Jan 29 2027 on one project, 50 % on another the week of Jan 18.
  const plan = {
    engineers: [{ _id: 'j', name: 'Jordan Lee', email: 'j@x', department: 'Eng', seniority: 'mid', skills: [], maxCapacity: 100, version: 1 }],
    projects: [{ _id: 'p', tentative: false }, { _id: 'q', tentative: false }],
    assignments: [
      { _id: 'a', engineerId: 'j', projectId: 'p', role: 'Dev', allocationPercentage: 60, startDate: '2027-01-04T00:00:00.000Z', endDate: '2027-01-29T00:00:00.000Z', version: 1 },
      { _id: 'b', engineerId: 'j', projectId: 'q', role: 'Dev', allocationPercentage: 50, startDate: '2027-01-18T00:00:00.000Z', endDate: '2027-01-22T00:00:00.000Z', version: 1 },
    ],
    timeOff: [], holidays: [], placeholders: [], holidayCalendars: [], actuals: [],
  } as unknown as Plan;
  const chosen = [{
    _id: 'b', engineerId: { _id: 'j', name: 'Jordan Lee', email: 'j@x' }, projectId: { _id: 'q', name: 'Q', status: 'active' as const },
    role: 'Dev', allocationPercentage: 50, startDate: '2027-01-18T00:00:00.000Z', endDate: '2027-01-22T00:00:00.000Z', version: 1,
  }];

  it('names the days a raised allocation puts over capacity: 60 + 50 is fine, 60 + 80 is 140 % that week', () => {
    const now = new Date('2027-01-11T09:00:00.000Z');
    expect(bulkOverloads(plan, chosen, [{ assignmentId: 'b', version: 1, op: 'allocation', allocationPercentage: 40 }], now, 'UTC')).toEqual([]);
    expect(bulkOverloads(plan, chosen, [{ assignmentId: 'b', version: 1, op: 'allocation', allocationPercentage: 80 }], now, 'UTC')).toEqual([
      { engineerId: 'j', name: 'Jordan Lee', days: ['2027-01-18', '2027-01-19', '2027-01-20', '2027-01-21', '2027-01-22'], peak: 140 },
    ]);
  });

  it('judges a started assignment from today on: raising it on Wednesday names only Wednesday to Friday', () => {
    const now = new Date('2027-01-20T09:00:00.000Z');
    expect(bulkOverloads(plan, chosen, [{ assignmentId: 'b', version: 1, op: 'allocation', allocationPercentage: 80 }], now, 'UTC')).toEqual([
      { engineerId: 'j', name: 'Jordan Lee', days: ['2027-01-20', '2027-01-21', '2027-01-22'], peak: 140 },
    ]);
  });
});

describe('writeOverloads: the form, a drag and a drop judged as the write will be made', () => {
  // Jordan: 60 % on p from Mon Jan 4 through Fri Jan 15 2027, and 30 % on q the same days. Today is Mon Jan 11.
  const plan = {
    engineers: [{ _id: 'j', name: 'Jordan Lee', email: 'j@x', department: 'Eng', seniority: 'mid', skills: [], maxCapacity: 100, version: 1 }],
    projects: [{ _id: 'p', tentative: false }, { _id: 'q', tentative: false }],
    assignments: [
      { _id: 'a', engineerId: 'j', projectId: 'p', role: 'Dev', allocationPercentage: 60, startDate: '2027-01-04T00:00:00.000Z', endDate: '2027-01-15T00:00:00.000Z', version: 1 },
      { _id: 'b', engineerId: 'j', projectId: 'q', role: 'Dev', allocationPercentage: 30, startDate: '2027-01-04T00:00:00.000Z', endDate: '2027-01-15T00:00:00.000Z', version: 1 },
    ],
    timeOff: [], holidays: [], placeholders: [], holidayCalendars: [], actuals: [],
  } as unknown as Plan;
  const started = { _id: 'a', engineerId: 'j', projectId: 'p', role: 'Dev', allocationPercentage: 60, startDate: '2027-01-04T00:00:00.000Z', endDate: '2027-01-15T00:00:00.000Z' };
  const now = new Date('2027-01-11T09:00:00.000Z');

  it('from today on (the app\'s default), a started assignment raised to 80 % overloads only the days from today: Jan 11 - 15 at 110 %', () => {
    expect(writeOverloads(plan, started, { ...started, allocationPercentage: 80 }, { applyFrom: 'today', now, timeZone: 'UTC' })).toEqual([
      { engineerId: 'j', name: 'Jordan Lee', days: ['2027-01-11', '2027-01-12', '2027-01-13', '2027-01-14', '2027-01-15'], peak: 110 },
    ]);
  });

  it('correcting the past too, the days before today are overloaded as well: all ten working days', () => {
    const [overload] = writeOverloads(plan, started, { ...started, allocationPercentage: 80 }, { applyFrom: 'start', now, timeZone: 'UTC' });
    expect(overload!.days).toHaveLength(10);
    expect(overload!.days[0]).toBe('2027-01-04');
  });

  it('a change that lowers the load of someone over capacity asks nothing; new work is judged whole', () => {
    expect(writeOverloads(plan, started, { ...started, allocationPercentage: 50 }, { applyFrom: 'start', now, timeZone: 'UTC' })).toEqual([]);
    const fresh = { engineerId: 'j', projectId: 'q', allocationPercentage: 20, startDate: '2027-01-14T00:00:00.000Z', endDate: '2027-01-14T00:00:00.000Z' };
    expect(writeOverloads(plan, null, fresh, { applyFrom: 'start', now, timeZone: 'UTC' })).toEqual([{ engineerId: 'j', name: 'Jordan Lee', days: ['2027-01-14'], peak: 110 }]);
  });
});
