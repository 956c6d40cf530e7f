import { describe, expect, it } from 'vitest';
import { capacityOverTime, type CapacityView } from './capacity-over-time.ts';
import type { CapacityAssignment, CapacityEngineer, PlaceholderDemand } from './inputs.ts';
import { countedPlan, projectPlan, type ProjectPlanFacts } from './project-plan.ts';

// June 2025: Monday the 2nd to Sunday the 8th is week 23; Monday the 9th starts week 24.
const WEEKS: CapacityView = { from: '2025-06-02', to: '2025-06-15', step: 'week' };
const ada: CapacityEngineer = { _id: 'ada', name: 'Ada', maxCapacity: 100 };
const bo: CapacityEngineer = { _id: 'bo', name: 'Bo', maxCapacity: 100 };
const portal = { _id: 'portal', name: 'Portal' };
const pipeline = { _id: 'pipeline', name: 'Pipeline' };

const instant = (date: string) => (date.includes('T') ? date : `${date}T00:00:00.000Z`);
let nextId = 1;
const assignment = (engineerId: string, projectId: string, allocationPercentage: number, start: string, end: string): CapacityAssignment => ({
  _id: `a${nextId++}`,
  engineerId,
  projectId,
  allocationPercentage,
  startDate: instant(start),
  endDate: instant(end),
});
const placeholder = (projectId: string, allocationPercentage: number, start: string, end: string): PlaceholderDemand => ({
  _id: `ph${nextId++}`,
  projectId,
  allocationPercentage,
  startDate: instant(start),
  endDate: instant(end),
});

const plan = (facts: Partial<ProjectPlanFacts>, view: CapacityView = WEEKS) =>
  projectPlan({ engineers: [ada, bo], assignments: [], projects: [portal, pipeline], ...facts }, view);
const figures = (facts: Partial<ProjectPlanFacts>, view: CapacityView = WEEKS, row = 0) =>
  plan(facts, view).rows[row]!.periods.map(({ key, staffed, tentative, demand }) => ({ key, staffed, tentative, demand }));

describe('staffed load', () => {
  it('given Ada at 50 % on Portal for two weeks, then each week is staffed 250 percent-days and she is on it with that load', () => {
    const result = plan({ assignments: [assignment('ada', 'portal', 50, '2025-06-02', '2025-06-16')] });
    expect(result.rows[0]!.periods.map((p) => [p.key, p.staffed, p.people])).toEqual([
      ['2025-W23', 250, [{ _id: 'ada', name: 'Ada', load: 250 }]],
      ['2025-W24', 250, [{ _id: 'ada', name: 'Ada', load: 250 }]],
    ]);
    expect(result.rows[1]!.periods.every((p) => p.staffed === 0 && p.people.length === 0)).toBe(true);
  });

  it('given a week cut by the range (Thursday to the next Wednesday), then each period counts only its days inside the range', () => {
    const rows = figures({ assignments: [assignment('ada', 'portal', 100, '2025-06-02', '2025-06-16')] }, { from: '2025-06-05', to: '2025-06-11', step: 'week' });
    expect(rows).toEqual([
      { key: '2025-W23', staffed: 200, tentative: 0, demand: 0 },
      { key: '2025-W24', staffed: 300, tentative: 0, demand: 0 },
    ]);
  });

  it('given an assignment from Wednesday 09:00, then it counts from Wednesday (the day it falls on), as the capacity model counts it', () => {
    // Wed 4, Thu 5, Fri 6 in week 23; its last day, Monday the 9th, is in week 24.
    expect(figures({ assignments: [assignment('ada', 'portal', 100, '2025-06-04T09:00:00.000Z', '2025-06-09')] }).map((p) => p.staffed)).toEqual([300, 100]);
  });

  it('given two people on one project, then staffed sums them and people lists both by name', () => {
    const result = plan({ assignments: [assignment('bo', 'portal', 20, '2025-06-02', '2025-06-09'), assignment('ada', 'portal', 40, '2025-06-02', '2025-06-09')] });
    expect(result.rows[0]!.periods[0]).toMatchObject({ staffed: 300, people: [{ _id: 'ada', load: 200 }, { _id: 'bo', load: 100 }] });
  });
});

describe("days the assignee does not work are not counted (each engineer's own days)", () => {
  it('given Ada on time off Monday and Tuesday, then her load counts on three days only, and she is still on the project that week', () => {
    const result = plan({ assignments: [assignment('ada', 'portal', 100, '2025-06-02', '2025-06-09')], timeOff: [{ engineerId: 'ada', from: '2025-06-02', to: '2025-06-03' }] });
    expect(result.rows[0]!.periods[0]).toMatchObject({ staffed: 300, people: [{ _id: 'ada', load: 300 }] });
  });

  it('given a whole week of time off, then the week is staffed 0 and she shows with load 0', () => {
    const result = plan({ assignments: [assignment('ada', 'portal', 100, '2025-06-02', '2025-06-09')], timeOff: [{ engineerId: 'ada', from: '2025-06-02', to: '2025-06-08' }] });
    expect(result.rows[0]!.periods[0]).toMatchObject({ staffed: 0, people: [{ _id: 'ada', load: 0 }] });
  });

  it('given a joiner starting Wednesday with an assignment from Monday, then only Wednesday to Friday count', () => {
    const result = plan({ engineers: [{ ...ada, startDate: '2025-06-04' }], assignments: [assignment('ada', 'portal', 100, '2025-06-02', '2025-06-09')] });
    expect(result.rows[0]!.periods[0]!.staffed).toBe(300);
  });

  it('given a leaver leaving on Thursday, then the days from Thursday on are not counted', () => {
    const result = plan({ engineers: [{ ...ada, leaveDate: '2025-06-05' }], assignments: [assignment('ada', 'portal', 100, '2025-06-02', '2025-06-16')] });
    expect(result.rows[0]!.periods.map((p) => p.staffed)).toEqual([300, 0]);
  });

  it('given a four-day work week and a holiday of her own calendar, then neither day off counts', () => {
    const result = plan({
      engineers: [{ ...ada, workWeeks: [{ from: '2025-01-01', days: [100, 100, 100, 100, 0, 0, 0] }], calendars: [{ from: '2025-01-01', calendarId: 'de' }] }],
      holidays: [{ date: '2025-06-09', name: 'Pfingstmontag', calendarId: 'de' }],
      assignments: [assignment('ada', 'portal', 100, '2025-06-02', '2025-06-16')],
    });
    expect(result.rows[0]!.periods.map((p) => p.staffed)).toEqual([400, 300]);
  });

  it('counts exactly what the capacity model books, engineer by engineer, with mixed time off, calendars and tentative work', () => {
    const facts: ProjectPlanFacts = {
      engineers: [{ ...ada, leaveDate: '2025-06-12' }, { ...bo, workWeeks: [{ from: '2025-06-04', days: [50, 50, 50, 50, 50, 0, 0] }] }],
      projects: [portal, pipeline],
      tentativeProjectIds: ['pipeline'],
      timeOff: [{ engineerId: 'bo', from: '2025-06-10', to: '2025-06-11' }],
      holidays: [{ date: '2025-06-06', name: 'Holiday' }],
      assignments: [
        assignment('ada', 'portal', 30, '2025-06-01', '2025-06-20'),
        assignment('ada', 'pipeline', 60, '2025-06-04T12:00:00.000Z', '2025-06-13'),
        assignment('bo', 'portal', 75, '2025-06-03', '2025-06-15'),
      ],
    };
    for (const step of ['day', 'week', 'month'] as const) {
      const view = { from: '2025-06-03', to: '2025-06-14', step, includeTentative: true };
      const model = capacityOverTime(facts, view);
      const projects = projectPlan(facts, view);
      model.periods.forEach((period, p) => {
        const booked = model.engineers.reduce((sum, row) => sum + row.periods[p]!.booked, 0);
        const staffed = projects.rows.reduce((sum, row) => sum + row.periods[p]!.staffed, 0);
        expect(staffed, period.key).toBe(booked);
        expect(projects.totals[p]!.staffed).toBe(booked);
      });
    }
  });
});

describe('a tentative project', () => {
  // Monday through Friday of week 23, both ends included.
  const facts = { tentativeProjectIds: ['pipeline'], assignments: [assignment('ada', 'pipeline', 50, '2025-06-02', '2025-06-06'), assignment('bo', 'portal', 100, '2025-06-02', '2025-06-06')] };

  it('given Ada on a pipeline project, then its load is tentative, not staffed, and she is on it', () => {
    expect(plan(facts).rows[1]!.periods[0]).toMatchObject({ staffed: 0, tentative: 250, people: [{ _id: 'ada', load: 250 }] });
  });

  it('given includeTentative, then the tentative load is added to staffed (as to booked), and still said apart', () => {
    expect(plan(facts, { ...WEEKS, includeTentative: true }).rows[1]!.periods[0]).toMatchObject({ staffed: 250, tentative: 250 });
  });

  it('the totals sum confirmed and tentative apart', () => {
    expect(plan(facts).totals[0]).toEqual({ key: '2025-W23', staffed: 500, tentative: 250, demand: 0 });
  });

  it('counts a cell, a row and the totals by one rule: tentative work is staffed only when included, and apart otherwise', () => {
    for (const includeTentative of [false, true]) {
      const result = plan({ ...facts, placeholders: [placeholder('portal', 20, '2025-06-02', '2025-06-16')] }, { ...WEEKS, includeTentative });
      const pipelineRow = countedPlan(result.rows[1]!.periods, includeTentative);
      const everything = countedPlan(result.totals, includeTentative);
      // Summed over the rows' windows, or over the totals' periods: the same figures.
      const rows = result.rows.map((row) => countedPlan(row.periods, includeTentative));
      expect(everything).toEqual({
        staffed: rows.reduce((sum, r) => sum + r.staffed, 0),
        tentativeApart: rows.reduce((sum, r) => sum + r.tentativeApart, 0),
        demand: rows.reduce((sum, r) => sum + r.demand, 0),
      });
      expect(countedPlan([result.rows[1]!.periods[0]!], includeTentative)).toEqual(pipelineRow);
      expect(pipelineRow).toEqual(includeTentative ? { staffed: 250, tentativeApart: 0, demand: 0 } : { staffed: 0, tentativeApart: 250, demand: 0 });
      expect(everything).toEqual(includeTentative ? { staffed: 750, tentativeApart: 0, demand: 200 } : { staffed: 500, tentativeApart: 250, demand: 200 });
    }
  });
});

describe('open roles (placeholders)', () => {
  it("given a placeholder at 50 % for the first week (Monday through Friday), then it is demand over the organisation's working days, and nobody is on it", () => {
    const result = plan({ placeholders: [placeholder('portal', 50, '2025-06-02', '2025-06-06')] });
    expect(result.rows[0]!.periods.map((p) => [p.demand, p.people.length])).toEqual([[250, 0], [0, 0]]);
  });

  it('given a placeholder whose last day is the next Monday, then that Monday is demand too', () => {
    const result = plan({ placeholders: [placeholder('portal', 50, '2025-06-02', '2025-06-09')] });
    expect(result.rows[0]!.periods.map((p) => p.demand)).toEqual([250, 50]);
  });

  it("given an organisation holiday, then demand skips it; an engineer's own calendar changes nothing for demand", () => {
    const result = plan({ holidays: [{ date: '2025-06-03', name: 'Org day' }, { date: '2025-06-04', name: 'Other', calendarId: 'de' }], placeholders: [placeholder('portal', 100, '2025-06-02', '2025-06-09')] });
    expect(result.rows[0]!.periods[0]!.demand).toBe(400);
  });

  it("equals the capacity model's placeholder totals", () => {
    const placeholders = [placeholder('portal', 50, '2025-06-04', '2025-06-13'), placeholder('pipeline', 25, '2025-06-01', '2025-06-30')];
    const model = capacityOverTime({ engineers: [], assignments: [], placeholders }, WEEKS);
    expect(plan({ placeholders }).totals.map((t) => t.demand)).toEqual(model.totals.map((t) => t.placeholder));
  });

  it("ignores the assignments and placeholders of projects not in the plan", () => {
    const result = plan({ projects: [portal], assignments: [assignment('ada', 'other', 100, '2025-06-02', '2025-06-09')], placeholders: [placeholder('other', 100, '2025-06-02', '2025-06-09')] });
    expect(result.totals[0]).toEqual({ key: '2025-W23', staffed: 0, tentative: 0, demand: 0 });
  });
});
