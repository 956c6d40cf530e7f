import { describe, expect, it } from 'vitest';
import { changeFromToday } from '../keep-past.ts';
import { dayOfDate } from '../capacity/calendar-days.ts';
import { DomainError } from '../errors.ts';
import type { PlanningEvent } from '../events.ts';
import { applyToPlan, emptyPlan, type Plan } from '../plan.ts';
import { planningCommand, type PlanningCommand } from '../commands/planning-commands.ts';
import { decideCommand, readerOf } from '../commands/table.ts';
import { decideOnPlan, PlanIndex } from '../scenarios/decide-on-plan.ts';
import { foldScenario, draftChange } from '../scenarios/fold.ts';

// Mei's week 2026-W49 (Mon Nov 30 - Sun Dec 6) is locked. Her assignment on Portal runs from Mon Nov 2
// through Thu Dec 31 at 50 %; today is Mon Dec 7, so the locked week is the one just before today.
const manager = { id: 'dana', role: 'manager' };
const [mei, lucas, portal] = ['eng-mei', 'eng-lucas', 'prj-portal'];
const locked = 'The week of Nov 30, 2026 is locked for Mei';

const engineer = (id: string, name: string): PlanningEvent => ({
  type: 'EngineerRegistered',
  data: { engineerId: id, name, email: `${id}@demo.test`, department: 'Web', skills: ['React'], seniority: 'mid', maxCapacity: 100 },
});
const given = (events: readonly [PlanningEvent, number][]): Plan => events.reduce((plan, [event, position]) => applyToPlan(plan, event, position), emptyPlan());
const plan = given([
  [engineer(mei, 'Mei'), 1],
  [engineer(lucas, 'Lucas'), 1],
  [{ type: 'ActualsWeekLocked', data: { engineerId: mei, week: '2026-W49' } }, 2],
  [{
    type: 'ProjectCreated',
    data: {
      projectId: portal, name: 'Portal', description: 'x', startDate: '2026-10-01T00:00:00.000Z', endDate: '2027-03-31T00:00:00.000Z', teamSize: 3,
      requiredSkills: ['React'], status: 'active', managerId: 'dana',
    },
  }, 1],
  [{
    type: 'AssignmentCreated',
    data: { assignmentId: 'a1', engineerId: mei, projectId: portal, role: 'Developer', allocationPercentage: 50, startDate: '2026-11-02T00:00:00.000Z', endDate: '2026-12-31T00:00:00.000Z' },
  }, 1],
]);

const when = (input: unknown) => decideOnPlan(plan, planningCommand.parse(input) as PlanningCommand, manager);
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof DomainError ? { kind: error.kind, code: error.code, message: error.message } : error;
  }
  return null;
};
const create = (startDate: string, endDate: string, engineerId = mei) => ({
  kind: 'createAssignment', assignmentId: 'a2',
  input: { engineerId, projectId: portal, role: 'Developer', allocationPercentage: 20, startDate, endDate },
});

describe('a locked week: its plan never changes', () => {
  it('given the week of Nov 30 locked, when the allocation is corrected from the start, then it is refused naming the week, as a conflict', () => {
    expect(refusal(() => when({ kind: 'updateAssignment', assignmentId: 'a1', input: { allocationPercentage: 80 } }))).toEqual({
      kind: 'conflict', code: 'WEEK_LOCKED', message: expect.stringContaining(locked),
    });
  });

  it('given the week locked, when the assignment is removed, moved or its start moved into the week, then each is refused', () => {
    for (const input of [
      { kind: 'removeAssignment', assignmentId: 'a1' },
      // Five weeks later: it would start after the week (a move by one week keeps the week whole, and passes).
      { kind: 'updateAssignment', assignmentId: 'a1', input: { startDate: '2026-12-07', endDate: '2027-02-04' } },
      { kind: 'updateAssignment', assignmentId: 'a1', input: { startDate: '2026-12-02' } },
      // Ending on Wednesday of the locked week takes its Thursday and Friday away.
      { kind: 'updateAssignment', assignmentId: 'a1', input: { endDate: '2026-12-02' } },
      { kind: 'updateAssignment', assignmentId: 'a1', input: { engineerId: lucas } },
    ]) {
      expect(refusal(() => when(input)), JSON.stringify(input)).toMatchObject({ code: 'WEEK_LOCKED' });
    }
  });

  it('given the week locked, when new work reaches one of its days (a one-day span on its Sunday too), then it is refused; work after it is not', () => {
    expect(refusal(() => when(create('2026-12-04', '2026-12-18')))).toMatchObject({ code: 'WEEK_LOCKED', message: expect.stringContaining(locked) });
    expect(refusal(() => when(create('2026-12-06', '2026-12-06')))).toMatchObject({ code: 'WEEK_LOCKED' });
    expect(refusal(() => when(create('2026-12-07', '2026-12-18')))).toBeNull();
    expect(refusal(() => when(create('2026-11-23', '2026-11-29')))).toBeNull();
  });

  it('given the week locked for Mei only, when Lucas gets work in that week, then nothing stops it', () => {
    expect(refusal(() => when(create('2026-11-30', '2026-12-04', lucas)))).toBeNull();
  });

  it('given the week locked, when the change is made from today on (Mon Dec 7), then the split keeps the week and passes', () => {
    const state = new PlanIndex().assignment(plan, 'a1')!;
    const commands = changeFromToday(state, { allocationPercentage: 80 }, { today: dayOfDate('2026-12-07'), timeZone: 'UTC', newAssignmentId: 'a3' });
    let folded = plan;
    for (const command of commands) {
      expect(refusal(() => decideOnPlan(folded, command, manager))).toBeNull();
      folded = foldScenario(folded, [{ changeId: command.kind, command: command as never, base: {} }], manager).plan;
    }
    expect(folded.assignments.map((a) => [a._id, a.allocationPercentage, a.endDate.slice(0, 10)])).toEqual([
      ['a1', 50, '2026-12-06'],
      ['a3', 80, '2026-12-31'],
    ]);
  });

  it('given the week locked, when the end moves later or the role changes, then the week keeps its plan and it passes', () => {
    expect(refusal(() => when({ kind: 'updateAssignment', assignmentId: 'a1', input: { endDate: '2027-01-29' } }))).toBeNull();
    expect(refusal(() => when({ kind: 'updateAssignment', assignmentId: 'a1', input: { role: 'Lead' } }))).toBeNull();
    expect(refusal(() => when({ kind: 'updateAssignment', assignmentId: 'a1', input: { startDate: '2026-11-09', endDate: '2027-01-07' } }))).toBeNull();
  });

  it('given the week unlocked again, when the same correction is made, then it passes', () => {
    const unlocked = applyToPlan(plan, { type: 'ActualsWeekUnlocked', data: { engineerId: mei, week: '2026-W49', reason: 'Correction' } }, 3);
    expect(refusal(() => decideOnPlan(unlocked, planningCommand.parse({ kind: 'updateAssignment', assignmentId: 'a1', input: { allocationPercentage: 80 } }), manager))).toBeNull();
  });

  it('given the week locked, when time off is booked on its Friday or cancelled there, then it is refused; time off after it is not', () => {
    const book = (from: string, to: string) => ({ kind: 'bookTimeOff', engineerId: mei, timeOffId: 't1', input: { from, to, kind: 'vacation' } });
    expect(refusal(() => when(book('2026-12-04', '2026-12-08')))).toMatchObject({ code: 'WEEK_LOCKED', message: expect.stringContaining(locked) });
    expect(refusal(() => when(book('2026-12-08', '2026-12-09')))).toBeNull();
    const withLeave = applyToPlan(plan, { type: 'TimeOffBooked', data: { timeOffId: 't0', engineerId: mei, from: '2026-12-03', to: '2026-12-03', kind: 'sick' } }, 3);
    expect(refusal(() => decideOnPlan(withLeave, planningCommand.parse({ kind: 'cancelTimeOff', engineerId: mei, timeOffId: 't0' }), manager))).toMatchObject({ code: 'WEEK_LOCKED' });
  });

  it('given a scenario, when a draft reaches the locked week, then the draft is refused as the live command would be', () => {
    const command = planningCommand.parse({ kind: 'removeAssignment', assignmentId: 'a1' });
    expect(refusal(() => draftChange(plan, plan, { changeId: 'c1', command: command as never }, manager))).toMatchObject({ code: 'WEEK_LOCKED' });
  });

  it('given an organisation in Berlin, when work starts on the Monday after the locked week (stored as Sunday 23:00 UTC), then it passes', () => {
    const command = planningCommand.parse(create('2026-12-06T23:00:00.000Z', '2026-12-18T23:00:00.000Z')) as PlanningCommand;
    expect(refusal(() => decideOnPlan(plan, command, manager, new PlanIndex('Europe/Berlin')))).toBeNull();
    expect(refusal(() => decideOnPlan(plan, command, manager, new PlanIndex('UTC')))).toMatchObject({ code: 'WEEK_LOCKED' });
  });

  it('given a batch reader that knows the locked weeks (an import), when it creates work in the week, then it is refused too', () => {
    const read = readerOf({ lockedWeeks: new Map([[mei, ['2026-W49']]]), engineers: new Map([[mei, plan.engineers[0]!]]), projects: new Map([[portal, plan.projects[0]!]]) });
    expect(refusal(() => decideCommand(planningCommand.parse(create('2026-12-01', '2026-12-01')), { read, actor: manager }))).toMatchObject({ code: 'WEEK_LOCKED' });
  });
});
