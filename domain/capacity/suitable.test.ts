import { describe, expect, it } from 'vitest';
import { availabilityOver, loadOver, suitableDates, suitableEngineers } from './suitable.ts';

const project = { startDate: '2026-03-02T00:00:00.000Z', endDate: '2026-06-01T00:00:00.000Z' };
const now = new Date('2026-04-15T09:00:00Z');

describe('suitableDates', () => {
  it('given no dates, then from the later of today and the start through the project\'s last day (its end date, included)', () => {
    expect(suitableDates(project, {}, now, 'UTC')).toEqual({ from: '2026-04-15', to: '2026-06-01' });
  });

  it('given only a from after the project, then the four weeks from it', () => {
    expect(suitableDates(project, { from: '2026-07-01' }, now, 'UTC')).toEqual({ from: '2026-07-01', to: '2026-07-28' });
  });

  it('given only a from near the last date there is, then the weeks end on 9999-12-31, not in year 10000', () => {
    expect(suitableDates(project, { from: '9999-12-20' }, now, 'UTC')).toEqual({ from: '9999-12-20', to: '9999-12-31' });
    expect(suitableDates(project, { from: '9999-12-31' }, now, 'UTC')).toEqual({ from: '9999-12-31', to: '9999-12-31' });
  });
});

describe('suitableEngineers: availability judged fairly, skills rank and never filter', () => {
  const row = (id: string, name: string, skills: string[], maxCapacity = 100) => ({
    _id: id, name, email: `${id}@x.test`, department: 'Eng', seniority: 'mid' as const, skills, maxCapacity,
  });
  const lucas = row('lucas', 'Lucas Silva', ['Go']);
  const busy = row('busy', 'Always Busy', ['Go']);
  const sam = row('sam', 'Sam Rivera', ['React']);
  // Ten weeks from Monday 2026-12-07 to Sunday 2027-02-14.
  const ask = { project: { requiredSkills: ['Go', 'Kubernetes'] }, from: '2026-12-07', to: '2027-02-14', onProject: new Set<string>(), timeZone: 'UTC' };
  const facts = {
    engineers: [busy, lucas, sam],
    // 70 % of Always Busy's every week.
    assignments: [{ engineerId: 'busy', projectId: 'p', allocationPercentage: 70, startDate: '2026-12-01T00:00:00.000Z', endDate: '2027-03-01T00:00:00.000Z' }],
    // Lucas is away one whole week.
    timeOff: [{ engineerId: 'lucas', from: '2026-12-21', to: '2026-12-25' }],
  };

  it('given 20 %, Lucas with a week of vacation fits except those days, not a whole window "Full"; a fit ranks before skills', () => {
    const ranked = suitableEngineers(facts, { ...ask, allocation: 20 });
    expect(ranked.map((e) => [e.name, e.fit.kind])).toEqual([['Always Busy', 'fits'], ['Sam Rivera', 'fits'], ['Lucas Silva', 'fitsExcept']]);
    expect(ranked[2]).toMatchObject({ availableCapacity: 0, averageFree: 90, freeWeeks: 9, weeks: 10 });
    expect(ranked[2]!.fit.short).toEqual(['2026-12-21', '2026-12-22', '2026-12-23', '2026-12-24', '2026-12-25']);
    expect(ranked[0]).toMatchObject({ availableCapacity: 30, averageFree: 30, freeWeeks: 10, weeks: 10 });
  });

  it('given 50 %, then 30 % free every day is no room, and it ranks last however skilled', () => {
    const ranked = suitableEngineers(facts, { ...ask, allocation: 50 });
    expect(ranked.map((e) => [e.name, e.fit.kind])).toEqual([['Sam Rivera', 'fits'], ['Lucas Silva', 'fitsExcept'], ['Always Busy', 'noRoom']]);
  });

  it('everyone is in the list: within a fit, those without a required skill come after, ranked the same way', () => {
    const ranked = suitableEngineers(facts, { ...ask, allocation: 20 });
    expect(ranked.filter((e) => e.fit.kind === 'fits').at(-1)).toMatchObject({ name: 'Sam Rivera', matchingSkills: [], averageFree: 100 });
  });

  it('given no allocation, then a fit is judged for any room at all: a week off is days without room', () => {
    const ranked = suitableEngineers(facts, ask);
    expect(ranked.map((e) => [e.name, e.fit.kind])).toEqual([['Always Busy', 'fits'], ['Sam Rivera', 'fits'], ['Lucas Silva', 'fitsExcept']]);
  });

  it('says each person\'s load over the dates against their own capacity: a part-timer of 50 % at 60 % is at 120 %', () => {
    const tom = row('tom', 'Tom Becker', ['Go'], 50);
    const ranked = suitableEngineers({ engineers: [tom], assignments: [{ engineerId: 'tom', projectId: 'p', allocationPercentage: 60, startDate: '2026-12-01T00:00:00.000Z', endDate: '2027-03-01T00:00:00.000Z' }] }, ask);
    // 10 % of a day over, which is 20 % over his own capacity: the load names him overloaded, not the share of a day.
    expect(ranked[0]).toMatchObject({ averageFree: -10, load: 120 });
    expect(suitableEngineers(facts, ask).map((e) => [e.name, e.load]).sort()).toEqual([['Always Busy', 70], ['Lucas Silva', 0], ['Sam Rivera', 0]]);
    expect(loadOver([{ booked: 0, capacity: 0 }])).toBeNull();
  });

  it('availabilityOver weighs each week by its working days and skips weeks without any', () => {
    expect(availabilityOver([{ free: 100, workingDays: 5 }, { free: 0, workingDays: 5 }, { free: 40, workingDays: 0 }, { free: null, workingDays: 0 }]))
      .toEqual({ averageFree: 50, freeWeeks: 1, weeks: 2, lowest: 0 });
    expect(availabilityOver([{ free: 100, workingDays: 4 }, { free: -20, workingDays: 1 }])).toEqual({ averageFree: 76, freeWeeks: 1, weeks: 2, lowest: -20 });
    expect(availabilityOver([])).toEqual({ averageFree: 0, freeWeeks: 0, weeks: 0, lowest: 0 });
  });
});
