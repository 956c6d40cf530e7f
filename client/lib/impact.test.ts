import { describe, expect, it } from 'vitest';
import { shortDate } from './format.ts';
import { assignmentImpact, impactText, otherAssignments } from './impact.ts';

// Noon UTC, so the formatted day is the same in every time zone.
const day = (n: number) => new Date(Date.UTC(2026, 0, 1, 12) + n * 86_400_000).toISOString();
const jordan = { name: 'Jordan Lee', maxCapacity: 100 };
const existing = (start: number, end: number, allocationPercentage: number) => ({ startDate: day(start), endDate: day(end), allocationPercentage });
/** Before every date here: the whole span is in the future. */
const early = new Date(day(-100));

describe('the overload preview', () => {
  it('words the change by the load it makes, the allocation labelled beside it', () => {
    expect(impactText('Jordan Lee', 130, 100, day(0))).toBe('Puts Jordan Lee at 130% of capacity from Jan 01, 2026 (130% allocated of 100%)');
    // A part-timer of 50 % taken to 62.5 % is at 125 % of their capacity, as every screen says it.
    expect(impactText('Mei Chen', 62.5, 50, day(31))).toBe(`Puts Mei Chen at 125% of capacity from ${shortDate(day(31))} (62.5% allocated of 50%)`);
  });

  it('adds the change to the peak of the other assignments over its dates, from the first moment of that peak', () => {
    const impact = assignmentImpact(jordan, [existing(-20, 60, 30), existing(10, 20, 20)], { allocationPercentage: 80, startDate: day(0), endDate: day(60) }, early);
    expect(impact).toMatchObject({ before: 50, after: 130, from: day(10), status: 'overloaded', overloaded: true });
    expect(impact?.text).toBe('Puts Jordan Lee at 130% of capacity from Jan 11, 2026 (130% allocated of 100%)');
  });

  it('counts work whose last day is the change\'s first day', () => {
    const impact = assignmentImpact(jordan, [existing(-20, 0, 90), existing(0, 60, 40)], { allocationPercentage: 60, startDate: day(0), endDate: day(60) }, early);
    expect(impact).toMatchObject({ before: 130, after: 190, from: day(0), status: 'overloaded', overloaded: true });
  });

  it('accepts a one-day change', () => {
    expect(assignmentImpact(jordan, [existing(0, 0, 50)], { allocationPercentage: 60, startDate: day(0), endDate: day(0) }, early)).toMatchObject({ before: 50, after: 110 });
  });

  it('is not an overload at exactly the capacity, and ignores work outside the dates (ending the day before)', () => {
    const impact = assignmentImpact(jordan, [existing(-20, -1, 90), existing(0, 60, 40)], { allocationPercentage: 60, startDate: day(0), endDate: day(60) }, early);
    expect(impact).toMatchObject({ before: 40, after: 100, from: day(0), status: 'optimal', overloaded: false });
    expect(impact?.text).toBe('Puts Jordan Lee at 100% of capacity from Jan 01, 2026 (100% allocated of 100%)');
  });

  it('measures against the engineer\'s own capacity', () => {
    const impact = assignmentImpact({ name: 'Mei Chen', maxCapacity: 50 }, [existing(0, 30, 40)], { allocationPercentage: 20, startDate: day(5), endDate: day(10) }, early);
    expect(impact).toMatchObject({ after: 60, overloaded: true, from: day(5) });
  });

  it('has nothing to say until allocation and dates are readable', () => {
    expect(assignmentImpact(jordan, [], { allocationPercentage: null, startDate: day(0), endDate: day(1) }, early)).toBeNull();
    expect(assignmentImpact(jordan, [], { allocationPercentage: 50, startDate: '', endDate: day(1) }, early)).toBeNull();
    expect(assignmentImpact(jordan, [], { allocationPercentage: 50, startDate: day(2), endDate: day(1) }, early)).toBeNull();
  });

  it('judges a running assignment from now on: the past is history', () => {
    // 90 % from day -30 to day -5 (finished), 40 % from day 10 to day 40; the change runs day -60 to day 60.
    const others = [existing(-30, -5, 90), existing(10, 40, 40)];
    const change = { allocationPercentage: 50, startDate: day(-60), endDate: day(60) };
    const today = new Date(day(0));
    expect(assignmentImpact(jordan, others, change, today)).toMatchObject({ before: 40, after: 90, from: day(10), overloaded: false });
    // Judged over its whole span it would be 140 % from day -30.
    expect(assignmentImpact(jordan, others, change, early)).toMatchObject({ after: 140, from: day(-30), overloaded: true });
    // From today when the peak is now.
    expect(assignmentImpact(jordan, [existing(-30, 30, 60)], change, today)).toMatchObject({ after: 110, from: day(0), overloaded: true });
    // A finished one (being corrected) is judged over its whole span.
    expect(assignmentImpact(jordan, others, { ...change, endDate: day(-1) }, today)).toMatchObject({ after: 140, from: day(-30) });
  });

  it('takes the engineer\'s other assignments, without the one being edited', () => {
    const list = [
      { _id: 'a1', engineerId: { _id: 'e1' }, ...existing(0, 1, 10) },
      { _id: 'a2', engineerId: 'e1', ...existing(0, 1, 20) },
      { _id: 'a3', engineerId: { _id: 'e2' }, ...existing(0, 1, 30) },
    ];
    expect(otherAssignments(list, 'e1').map((a) => a._id)).toEqual(['a1', 'a2']);
    expect(otherAssignments(list, 'e1', 'a1').map((a) => a._id)).toEqual(['a2']);
  });
});
