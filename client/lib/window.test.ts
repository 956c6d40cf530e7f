import { describe, expect, it } from 'vitest';
import { defaultScheduleView } from './scheduleView.ts';
import { alignedFrom, capacityQuery, shiftedFrom, windowRange } from './window.ts';

const TODAY = '2026-12-31'; // a Thursday; its ISO week starts Monday 2026-12-28

describe('the schedule window', () => {
  it('starts on the Monday of the week that holds today, and spans whole weeks', () => {
    expect(windowRange({ from: null, weeks: 4, step: 'week' }, TODAY)).toEqual({ from: '2026-12-28', to: '2027-01-24' });
    expect(windowRange({ from: '2027-01-03', weeks: 8, step: 'day' }, TODAY)).toEqual({ from: '2026-12-28', to: '2027-02-21' });
  });

  it('covers whole months in a month zoom', () => {
    expect(windowRange({ from: null, weeks: 4, step: 'month' }, TODAY)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(windowRange({ from: '2027-02-14', weeks: 12, step: 'month' }, TODAY)).toEqual({ from: '2027-02-01', to: '2027-04-30' }); // 12 weeks: 3 months
    // 26 weeks from January would reach into July (181 days): it is six months, January to June.
    expect(windowRange({ from: '2027-01-01', weeks: 26, step: 'month' }, TODAY)).toEqual({ from: '2027-01-01', to: '2027-06-30' });
    expect(windowRange({ from: '2027-01-01', weeks: 52, step: 'month' }, TODAY)).toEqual({ from: '2027-01-01', to: '2027-12-31' });
    expect(windowRange({ from: '2027-01-31', weeks: 8, step: 'month' }, TODAY)).toEqual({ from: '2027-01-01', to: '2027-02-28' });
  });

  it('moves by a week of days, four weeks, or a month', () => {
    expect(shiftedFrom({ from: null, weeks: 4, step: 'day' }, TODAY, 1)).toBe('2027-01-04');
    expect(shiftedFrom({ from: null, weeks: 26, step: 'week' }, TODAY, -1)).toBe('2026-11-30');
    expect(shiftedFrom({ from: '2027-01-20', weeks: 12, step: 'month' }, TODAY, 1)).toBe('2027-02-01');
    expect(shiftedFrom({ from: '2027-01-20', weeks: 12, step: 'month' }, TODAY, -1)).toBe('2026-12-01');
  });

  it('names a picked date by the first day of its window', () => {
    expect(alignedFrom({ from: null, weeks: 12, step: 'week' }, '2027-03-05')).toBe('2027-03-01');
    expect(alignedFrom({ from: null, weeks: 12, step: 'month' }, '2027-03-05')).toBe('2027-03-01');
  });

  it('asks the capacity API for the window, the filters and every row', () => {
    const view = { ...defaultScheduleView, q: ' react ', department: 'Data', seniority: 'mid' as const, minFree: 50, freeFrom: '2027-01-04', includeTentative: true };
    expect(Object.fromEntries(capacityQuery(view, TODAY))).toEqual({
      from: '2026-12-28',
      to: '2027-03-21',
      step: 'week',
      sort: 'name',
      includeTentative: 'true',
      q: 'react',
      department: 'Data',
      seniority: 'mid',
      minFree: '50',
      freeFrom: '2027-01-04',
      limit: '5000',
    });
    expect(capacityQuery({ ...defaultScheduleView, q: 'Ada Ito', engineer: 'e-7' }, TODAY).get('engineerId')).toBe('e-7');
    // Free dates alone filter nothing: they only say over which days minFree is judged.
    expect(capacityQuery({ ...defaultScheduleView, freeFrom: '2027-01-04' }, TODAY).has('freeFrom')).toBe(false);
  });
});
