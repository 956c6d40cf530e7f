import { describe, expect, it } from 'vitest';
import { capacityOverTime, type CapacityFacts } from './capacity-over-time.ts';
import { compareFits, fitOfDays, fitsOver } from './fit.ts';
import type { CapacityAssignment, CapacityEngineer } from './inputs.ts';

// Every span here ends on a Saturday, so its last day is not a working day whether or not a span
// counts its end day: the figures hold under either reading.
const work = (engineerId: string, allocationPercentage: number, startDate: string, endDate: string): CapacityAssignment => ({
  engineerId, projectId: 'p', allocationPercentage, startDate: `${startDate}T00:00:00.000Z`, endDate: `${endDate}T00:00:00.000Z`,
});
const person = (_id: string, extra: Partial<CapacityEngineer> = {}): CapacityEngineer => ({ _id, name: _id, maxCapacity: 100, ...extra });

// Asked: Thursday 2027-01-07 to Sunday 2027-01-17, seven working days (Thu, Fri, then a whole week).
const range = { from: '2027-01-07', to: '2027-01-17', percent: 50 };
const fitOf = (facts: CapacityFacts, id: string, percent = range.percent) => fitsOver(facts, { ...range, percent }).get(id)!;

describe('fit: room for p % on every working day, judged day by day', () => {
  const facts: CapacityFacts = {
    engineers: [person('ann'), person('jordan'), person('bo')],
    assignments: [
      // Ann: 20 % over the whole span, so 80 % free every day.
      work('ann', 20, '2027-01-04', '2027-01-23'),
      // Jordan: 60 % in the week of Jan 4, which the range cuts to Thursday and Friday.
      work('jordan', 60, '2027-01-04', '2027-01-09'),
      // Bo: 60 % over the whole span, 40 % free every day.
      work('bo', 60, '2027-01-04', '2027-01-23'),
    ],
  };

  it('given 80 % free every day, then a 50 % role fits', () => {
    expect(fitOf(facts, 'ann')).toEqual({ kind: 'fits', short: [], workingDays: 7, lowestFree: 80 });
  });

  it('given 40 % free on two days and 100 % on five (83 % on average), then it fits except those two days', () => {
    expect(fitOf(facts, 'jordan')).toEqual({ kind: 'fitsExcept', short: ['2027-01-07', '2027-01-08'], workingDays: 7, lowestFree: 40 });
  });

  it('given 40 % free on every day, then there is no room for 50 % (though there is "room", more than 0 % free)', () => {
    expect(fitOf(facts, 'bo')).toEqual({ kind: 'noRoom', short: [], workingDays: 7, lowestFree: 40 });
    expect(fitOf(facts, 'bo', 40).kind).toBe('fits');
  });

  it('given holidays on the two busy days, then those days are not asked about and it fits', () => {
    const holidays = [{ date: '2027-01-07', name: 'Orthodox Christmas' }, { date: '2027-01-08', name: 'Bridge day' }];
    expect(fitOf({ ...facts, holidays }, 'jordan')).toEqual({ kind: 'fits', short: [], workingDays: 5, lowestFree: 100 });
  });

  it('given a holiday of another calendar than theirs, then the day still counts', () => {
    const holidays = [{ date: '2027-01-07', name: 'Elsewhere', calendarId: 'de' }, { date: '2027-01-08', name: 'Elsewhere', calendarId: 'de' }];
    expect(fitOf({ ...facts, holidays }, 'jordan').kind).toBe('fitsExcept');
  });

  it('given a working day off, then nothing is free that day', () => {
    expect(fitOf({ ...facts, timeOff: [{ engineerId: 'ann', from: '2027-01-12', to: '2027-01-12' }] }, 'ann'))
      .toEqual({ kind: 'fitsExcept', short: ['2027-01-12'], workingDays: 7, lowestFree: 0 });
  });

  it('given a part-timer at 50 % a day, then 50 % fits and 60 % has no room', () => {
    const half = { engineers: [person('dee', { maxCapacity: 50 })], assignments: [] };
    expect(fitOf(half, 'dee', 50)).toMatchObject({ kind: 'fits', lowestFree: 50 });
    expect(fitOf(half, 'dee', 60)).toMatchObject({ kind: 'noRoom', lowestFree: 50 });
  });

  it('given a part-timer who works Monday to Wednesday, then busy Thursday and Friday are not theirs to fit', () => {
    const monToWed = person('eve', { workWeeks: [{ from: '0001-01-01', days: [100, 100, 100, 0, 0, 0, 0] }] });
    const eve = { engineers: [monToWed], assignments: [work('eve', 60, '2027-01-04', '2027-01-09')] };
    expect(fitOf(eve, 'eve')).toEqual({ kind: 'fits', short: [], workingDays: 3, lowestFree: 100 });
  });

  it('given no working day in the span, then there is no room', () => {
    expect(fitOfDays([{ key: '2027-01-09', workingDays: 0, free: null }], 50)).toEqual({ kind: 'noRoom', short: [], workingDays: 0, lowestFree: null });
  });

  it('judges on the one-day periods of the capacity model: the same fit from its day view, holidays and time off included', () => {
    const busy = { ...facts, holidays: [{ date: '2027-01-08', name: 'Bridge day' }], timeOff: [{ engineerId: 'ann', from: '2027-01-12', to: '2027-01-13' }] };
    const view = capacityOverTime(busy, { from: range.from, to: range.to, step: 'day' });
    const fits = fitsOver(busy, range);
    for (const row of view.engineers) expect(fits.get(row.engineer._id)).toEqual(fitOfDays(row.periods, range.percent));
    expect(fits.get('jordan')!.short).toEqual(['2027-01-07']);
  });

  it('ranks fits, then fits except some days, then no room', () => {
    const kinds = [{ kind: 'noRoom' }, { kind: 'fits' }, { kind: 'fitsExcept' }] as const;
    expect([...kinds].sort(compareFits).map((f) => f.kind)).toEqual(['fits', 'fitsExcept', 'noRoom']);
  });
});
