import { describe, expect, it } from 'vitest';
import { describeEvent } from './describe.ts';
import type { PlanningEvent } from './events.ts';
import { PlanFold } from './history.ts';
import { applyToPlan, emptyPlan } from './plan.ts';

/**
 * Time off, holidays, the tentative flag and placeholders through both folds of the log: the live one
 * (applyToPlan, what the client runs) and the history one (PlanFold, time travel and the rebuild).
 */
type Positioned = { event: PlanningEvent; position: number };

const engineer = (id: string, name: string): PlanningEvent => ({
  type: 'EngineerRegistered',
  data: { engineerId: id, name, email: `${id}@demo.test`, department: 'Platform', skills: ['Go'], seniority: 'mid', maxCapacity: 100 },
});
const project = (id: string, name: string): PlanningEvent => ({
  type: 'ProjectCreated',
  data: {
    projectId: id, name, description: 'Something worth doing', startDate: '2026-07-01T00:00:00.000Z', endDate: '2026-12-31T00:00:00.000Z',
    teamSize: 3, requiredSkills: ['Go'], status: 'active', managerId: 'm1',
  },
});
const booked = (timeOffId: string, engineerId: string, from: string, to: string): PlanningEvent => ({
  type: 'TimeOffBooked', data: { timeOffId, engineerId, from, to, kind: 'vacation' },
});
const placeholder = (placeholderId: string, projectId: string, startDate: string): PlanningEvent => ({
  type: 'PlaceholderAdded',
  data: { placeholderId, projectId, role: 'SRE', skills: ['Go'], allocationPercentage: 50, startDate, endDate: '2026-12-01T00:00:00.000Z' },
});

const history: Positioned[] = [
  { event: engineer('e1', 'Ada'), position: 1 },
  { event: engineer('e2', 'Grace'), position: 1 },
  { event: project('p1', 'Payments'), position: 1 },
  { event: booked('t2', 'e2', '2026-08-10', '2026-08-14'), position: 2 },
  { event: booked('t1', 'e1', '2026-08-03', '2026-08-07'), position: 2 },
  { event: booked('t3', 'e1', '2026-09-01', '2026-09-01'), position: 3 },
  { event: { type: 'TimeOffCancelled', data: { timeOffId: 't3', engineerId: 'e1', from: '2026-09-01', to: '2026-09-01', kind: 'vacation' } }, position: 4 },
  { event: { type: 'HolidayAdded', data: { holidayId: 'h2', calendarId: 'default', date: '2026-12-26', name: 'Boxing Day' } }, position: 1 },
  { event: { type: 'HolidayAdded', data: { holidayId: 'h1', calendarId: 'default', date: '2026-12-25', name: 'Christmas Day' } }, position: 2 },
  { event: { type: 'HolidayAdded', data: { holidayId: 'h3', calendarId: 'default', date: '2026-05-01', name: 'Labour Day' } }, position: 3 },
  { event: { type: 'HolidayRemoved', data: { holidayId: 'h3', calendarId: 'default', date: '2026-05-01', name: 'Labour Day' } }, position: 4 },
  { event: { type: 'ProjectMarkedTentative', data: { projectId: 'p1' } }, position: 2 },
  { event: placeholder('ph2', 'p1', '2026-09-01T00:00:00.000Z'), position: 3 },
  { event: placeholder('ph1', 'p1', '2026-08-01T00:00:00.000Z'), position: 4 },
  { event: { type: 'PlaceholderUpdated', data: { placeholderId: 'ph1', projectId: 'p1', changes: { allocationPercentage: 80 } } }, position: 5 },
  { event: placeholder('ph3', 'p1', '2026-07-01T00:00:00.000Z'), position: 6 },
  { event: { type: 'PlaceholderFilled', data: { placeholderId: 'ph3', projectId: 'p1', assignmentId: 'a1', role: 'SRE' } }, position: 7 },
  {
    event: {
      type: 'AssignmentCreated',
      data: { assignmentId: 'a1', engineerId: 'e2', projectId: 'p1', role: 'SRE', allocationPercentage: 50, startDate: '2026-07-01T00:00:00.000Z', endDate: '2026-12-01T00:00:00.000Z' },
    },
    position: 1,
  },
];

const viaPlanFold = (events: readonly Positioned[]) => {
  const fold = new PlanFold();
  for (const { event, position } of events) fold.apply(event, position);
  return fold.plan();
};

describe('the folds of time off, holidays, the tentative flag and placeholders', () => {
  const plan = viaPlanFold(history);

  it('keeps booked time off, sorted by first day; a cancelled booking is gone', () => {
    expect(plan.timeOff).toEqual([
      { _id: 't1', engineerId: 'e1', from: '2026-08-03', to: '2026-08-07', kind: 'vacation', version: 2 },
      { _id: 't2', engineerId: 'e2', from: '2026-08-10', to: '2026-08-14', kind: 'vacation', version: 2 },
    ]);
  });

  it("moves the engineer's version with their time off: it is the engineer stream's version", () => {
    expect(plan.engineers.map((e) => [e._id, e.version])).toEqual([['e1', 4], ['e2', 2]]);
  });

  it('keeps holidays by date, a removed one gone', () => {
    expect(plan.holidays.map((h) => [h.date, h.name, h.version])).toEqual([['2026-12-25', 'Christmas Day', 2], ['2026-12-26', 'Boxing Day', 1]]);
  });

  it('keeps open placeholders by start, as last changed; a filled one became an assignment', () => {
    expect(plan.placeholders.map((p) => [p._id, p.allocationPercentage, p.version])).toEqual([['ph1', 80, 5], ['ph2', 50, 3]]);
    expect(plan.assignments.map((a) => [a._id, a.engineerId.name, a.projectId.name])).toEqual([['a1', 'Grace', 'Payments']]);
  });

  it("keeps the tentative flag on the project, whose version every placeholder change moves", () => {
    expect(plan.projects).toEqual([expect.objectContaining({ _id: 'p1', tentative: true, version: 7 })]);
  });

  it('the live fold (applyToPlan) holds the same facts', () => {
    const live = history.reduce((p, { event, position }) => applyToPlan(p, event, position), emptyPlan());
    const byId = <T extends { _id: string }>(list: T[]) => [...list].sort((a, b) => (a._id < b._id ? -1 : 1));
    expect(byId(live.timeOff)).toEqual(plan.timeOff);
    expect(byId(live.holidays)).toEqual(byId(plan.holidays));
    expect(byId(live.placeholders)).toEqual(plan.placeholders);
    expect(live.projects).toEqual(plan.projects);
    expect(byId(live.engineers)).toEqual(plan.engineers);
    expect(live.assignments).toEqual(plan.assignments);
  });

  it('a plan as of a moment before the facts has none of them', () => {
    const early = viaPlanFold(history.slice(0, 3));
    expect(early).toMatchObject({ timeOff: [], holidays: [], placeholders: [] });
    expect(early.projects[0]).toMatchObject({ tentative: false, version: 1 });
  });

  it("leaves out time off of an engineer and placeholders of a project the plan does not hold", () => {
    const orphans = viaPlanFold([
      { event: booked('t9', 'ghost', '2026-08-03', '2026-08-07'), position: 2 },
      { event: placeholder('ph9', 'nowhere', '2026-08-01T00:00:00.000Z'), position: 2 },
    ]);
    expect(orphans).toMatchObject({ timeOff: [], placeholders: [] });
  });
});

describe('describeEvent: capacity facts', () => {
  const names = { actor: 'Dana Whitfield', engineer: 'Sam Rivera', project: 'Payments' };
  const own = { actor: 'Sam Rivera', engineer: 'Sam Rivera' };

  it.each<[string, PlanningEvent, { actor: string; engineer?: string; project?: string }, string]>([
    ['booking for someone', { type: 'TimeOffBooked', data: { timeOffId: 't', engineerId: 'e', from: '2026-12-21', to: '2026-12-24', kind: 'vacation' } }, names,
      'Dana Whitfield booked vacation for Sam Rivera from 2026-12-21 to 2026-12-24'],
    ['booking one own day, with a note', { type: 'TimeOffBooked', data: { timeOffId: 't', engineerId: 'e', from: '2026-12-21', to: '2026-12-21', kind: 'sick', note: 'Flu' } }, own,
      'Sam Rivera booked sick leave on 2026-12-21 (Flu)'],
    ['cancelling for someone', { type: 'TimeOffCancelled', data: { timeOffId: 't', engineerId: 'e', from: '2026-12-21', to: '2026-12-24', kind: 'other' } }, names,
      "Dana Whitfield cancelled Sam Rivera's time off from 2026-12-21 to 2026-12-24"],
    ['cancelling one own', { type: 'TimeOffCancelled', data: { timeOffId: 't', engineerId: 'e', from: '2026-12-21', to: '2026-12-24', kind: 'vacation' } }, own,
      'Sam Rivera cancelled their vacation from 2026-12-21 to 2026-12-24'],
    ['a holiday added', { type: 'HolidayAdded', data: { holidayId: 'h', calendarId: 'default', date: '2026-12-25', name: 'Christmas Day' } }, names,
      'Dana Whitfield added the holiday Christmas Day on 2026-12-25'],
    ['a holiday removed', { type: 'HolidayRemoved', data: { holidayId: 'h', calendarId: 'default', date: '2026-12-25', name: 'Christmas Day' } }, names,
      'Dana Whitfield removed the holiday Christmas Day on 2026-12-25'],
    ['tentative', { type: 'ProjectMarkedTentative', data: { projectId: 'p' } }, names, 'Dana Whitfield marked Payments as tentative'],
    ['confirmed', { type: 'ProjectConfirmed', data: { projectId: 'p' } }, names, 'Dana Whitfield confirmed Payments'],
    ['a placeholder added', {
      type: 'PlaceholderAdded',
      data: { placeholderId: 'x', projectId: 'p', role: 'SRE', skills: [], allocationPercentage: 50, startDate: '2026-07-06T00:00:00.000Z', endDate: '2026-08-31T00:00:00.000Z' },
    }, names, 'Dana Whitfield added a SRE placeholder to Payments at 50% from 2026-07-06 to 2026-08-31'],
    ['a placeholder changed', {
      type: 'PlaceholderUpdated',
      data: { placeholderId: 'x', projectId: 'p', changes: { allocationPercentage: 80, skills: ['Go', 'AWS'] }, previous: { allocationPercentage: 50, skills: ['Go'] } },
    }, names, 'Dana Whitfield changed a placeholder on Payments: allocation from 50% to 80%, skills from Go to Go, AWS'],
    ['a placeholder removed', { type: 'PlaceholderRemoved', data: { placeholderId: 'x', projectId: 'p', role: 'SRE' } }, names,
      'Dana Whitfield removed the SRE placeholder from Payments'],
    ['a placeholder filled', { type: 'PlaceholderFilled', data: { placeholderId: 'x', projectId: 'p', assignmentId: 'a', role: 'SRE' } }, names,
      'Dana Whitfield filled the SRE placeholder on Payments with Sam Rivera'],
  ])('%s', (_case, event, who, sentence) => {
    expect(describeEvent(event, who)).toBe(sentence);
  });
});
