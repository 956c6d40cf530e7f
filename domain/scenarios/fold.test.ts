import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { streamIds, type PlanningEvent } from '../events.ts';
import { applyToPlan, emptyPlan, type Plan } from '../plan.ts';
import { draftedCommand, type DraftedCommand, type ScenarioChange } from './commands.ts';
import { applyStreamEvents, decideOnPlan } from './decide-on-plan.ts';
import { compareScenario } from './compare.ts';
import { draftChange, foldScenario, publishConflicts, rebaseScenario } from './fold.ts';

const manager = { id: 'dana', role: 'manager' };
const [priya, sam] = ['eng-priya', 'eng-sam'];
const [portal, pipeline] = ['prj-portal', 'prj-pipeline'];

/** Events with their stream positions, folded as the projections would. */
function planOf(events: readonly [PlanningEvent, number][]): Plan {
  return events.reduce((plan, [event, position]) => applyToPlan(plan, event, position), emptyPlan());
}
const engineer = (id: string, name: string): PlanningEvent => ({
  type: 'EngineerRegistered',
  data: { engineerId: id, name, email: `${id}@demo.test`, department: 'Web', skills: ['React'], seniority: 'mid', maxCapacity: 100 },
});
const project = (id: string, name: string): PlanningEvent => ({
  type: 'ProjectCreated',
  data: {
    projectId: id, name, description: 'x', startDate: '2026-11-02T00:00:00.000Z', endDate: '2027-03-31T00:00:00.000Z', teamSize: 3,
    requiredSkills: ['React'], status: 'active', managerId: 'dana',
  },
});
const assignment = (id: string, engineerId: string, projectId: string, allocationPercentage: number): PlanningEvent => ({
  type: 'AssignmentCreated',
  data: { assignmentId: id, engineerId, projectId, role: 'Developer', allocationPercentage, startDate: '2026-11-02T00:00:00.000Z', endDate: '2026-12-31T00:00:00.000Z' },
});

const live = planOf([
  [engineer(priya, 'Priya'), 1], [engineer(sam, 'Sam'), 1],
  [project(portal, 'Portal'), 1], [project(pipeline, 'Pipeline'), 1], [{ type: 'ProjectMarkedTentative', data: { projectId: pipeline } }, 2],
  [assignment('a-sam-portal', sam, portal, 60), 1],
  [assignment('a-priya-portal', priya, portal, 40), 1],
  [{ type: 'AssignmentUpdated', data: { assignmentId: 'a-priya-portal', changes: { allocationPercentage: 50 }, previous: { allocationPercentage: 40 } } }, 2],
]);

const command = (input: unknown) => draftedCommand.parse(input);
const winPipeline = command({ kind: 'confirmProject', projectId: pipeline });
const moveSam = command({ kind: 'updateAssignment', assignmentId: 'a-sam-portal', input: { startDate: '2026-11-16', endDate: '2027-01-15' } });
const swapToPriya = command({
  kind: 'createAssignment', assignmentId: 'a-priya-pipeline',
  input: { engineerId: priya, projectId: pipeline, role: 'Developer', allocationPercentage: 60, startDate: '2026-12-01', endDate: '2027-02-26' },
});
const samOffPortal = command({ kind: 'removeAssignment', assignmentId: 'a-sam-portal' });

/** Drafts each command on the scenario the earlier ones left, as the API does. */
function drafted(commands: readonly DraftedCommand[], from = live): ScenarioChange[] {
  const changes: ScenarioChange[] = [];
  for (const [i, c] of commands.entries()) {
    const scenario = foldScenario(from, changes, manager).plan;
    changes.push(draftChange(from, scenario, { changeId: `c${i + 1}`, command: c }, manager));
  }
  return changes;
}

const assignmentOf = (plan: Plan, id: string) => plan.assignments.find((a) => a._id === id);
const versionOf = (plan: Plan) => (streamId: string) => {
  const [kind, ...rest] = streamId.split('-');
  const id = rest.join('-');
  const list = kind === 'project' ? plan.projects : kind === 'engineer' ? plan.engineers : plan.assignments;
  return list.find((item) => item._id === id)?.version ?? 0;
};

describe('foldScenario', () => {
  const changes = drafted([winPipeline, moveSam, swapToPriya]);

  it('equals applying its commands one by one, each decided on what the earlier ones left', () => {
    let oneByOne = live;
    for (const change of changes) oneByOne = applyStreamEvents(oneByOne, decideOnPlan(oneByOne, change.command, manager));
    const folded = foldScenario(live, changes, manager);
    expect(folded.plan).toEqual(oneByOne);
    expect(folded.outcomes.map((o) => o.applied)).toEqual([true, true, true]);
  });

  it('equals folding the scenario in two parts', () => {
    const firstTwo = foldScenario(live, changes.slice(0, 2), manager).plan;
    expect(foldScenario(firstTwo, changes.slice(2), manager).plan).toEqual(foldScenario(live, changes, manager).plan);
  });

  it('shows the changes: the project confirmed, the assignment moved at its next version, the new one populated', () => {
    const { plan } = foldScenario(live, changes, manager);
    expect(plan.projects.find((p) => p._id === pipeline)).toMatchObject({ tentative: false, version: 3 });
    expect(assignmentOf(plan, 'a-sam-portal')).toMatchObject({ startDate: '2026-11-16T00:00:00.000Z', endDate: '2027-01-15T00:00:00.000Z', version: 2 });
    expect(assignmentOf(plan, 'a-priya-pipeline')).toMatchObject({
      allocationPercentage: 60, version: 1, engineerId: { _id: priya, name: 'Priya' }, projectId: { _id: pipeline, name: 'Pipeline' },
    });
  });

  it('leaves the live plan as it was', () => {
    const before = structuredClone(live);
    foldScenario(live, changes, manager);
    expect(live).toEqual(before);
  });

  it('leaves out, and names, a change that no longer applies on the live plan', () => {
    const moved = applyStreamEvents(live, decideOnPlan(live, samOffPortal, manager));
    const folded = foldScenario(moved, changes, manager);
    expect(folded.outcomes[1]).toEqual({ changeId: 'c2', applied: false, error: { kind: 'not-found', message: 'Assignment not found' } });
    expect(folded.outcomes.filter((o) => o.applied).map((o) => o.changeId)).toEqual(['c1', 'c3']);
  });
});

describe('draftChange', () => {
  it('records the live version of each stream the change writes', () => {
    const [confirm, move, create] = drafted([winPipeline, moveSam, swapToPriya]);
    expect(confirm!.base).toEqual({ [streamIds.project(pipeline)]: 2 });
    expect(move!.base).toEqual({ [streamIds.assignment('a-sam-portal')]: 1 });
    expect(create!.base).toEqual({ [streamIds.assignment('a-priya-pipeline')]: 0 });
  });

  it('keeps the live base for a second change on a stream the scenario already changed', () => {
    const again = command({ kind: 'updateAssignment', assignmentId: 'a-sam-portal', input: { allocationPercentage: 80 } });
    expect(drafted([moveSam, again])[1]!.base).toEqual({ [streamIds.assignment('a-sam-portal')]: 1 });
  });

  it('refuses, with the live rule, a change that does not apply on the scenario', () => {
    const removed = drafted([samOffPortal]);
    const scenario = foldScenario(live, removed, manager).plan;
    expect(() => draftChange(live, scenario, { changeId: 'c2', command: moveSam }, manager)).toThrow(new DomainError('not-found', 'Assignment not found'));
    const backwards = command({ kind: 'updateAssignment', assignmentId: 'a-priya-portal', input: { endDate: '2026-10-01' } });
    expect(() => draftChange(live, live, { changeId: 'c1', command: backwards }, manager)).toThrow('End date cannot be before start date');
  });

  it('refuses a change that changes nothing', () => {
    const same = command({ kind: 'updateAssignment', assignmentId: 'a-priya-portal', input: { allocationPercentage: 50 } });
    expect(() => draftChange(live, live, { changeId: 'c1', command: same }, manager)).toThrow('This change would change nothing in the scenario');
  });
});

describe('publishConflicts', () => {
  const changes = drafted([winPipeline, moveSam, swapToPriya]);

  it('reports nothing while no stream moved', () => {
    expect(publishConflicts(changes, versionOf(live))).toEqual([]);
  });

  it('reports exactly the changes whose streams moved, with both versions', () => {
    const other = command({ kind: 'updateAssignment', assignmentId: 'a-sam-portal', input: { allocationPercentage: 70 } });
    const moved = applyStreamEvents(live, decideOnPlan(live, other, manager));
    expect(publishConflicts(changes, versionOf(moved))).toEqual([
      { changeId: 'c2', streamId: streamIds.assignment('a-sam-portal'), drafted: 1, current: 2 },
    ]);
  });

  it('reports a new assignment whose id someone else took meanwhile', () => {
    const taken = applyStreamEvents(live, decideOnPlan(live, swapToPriya, manager));
    expect(publishConflicts(changes, versionOf(taken)).map((c) => c.changeId)).toEqual(['c3']);
  });
});

describe('rebaseScenario', () => {
  it('drafts the changes again on the live plan: current bases, and the ones that no longer apply dropped with why', () => {
    const changes = drafted([winPipeline, moveSam, swapToPriya]);
    const other = command({ kind: 'updateAssignment', assignmentId: 'a-sam-portal', input: { allocationPercentage: 70 } });
    const moved = applyStreamEvents(live, decideOnPlan(live, other, manager));
    const rebased = rebaseScenario(moved, changes, manager);
    expect(rebased.dropped).toEqual([]);
    expect(rebased.changes.map((c) => [c.changeId, c.base])).toEqual([
      ['c1', { [streamIds.project(pipeline)]: 2 }],
      ['c2', { [streamIds.assignment('a-sam-portal')]: 2 }],
      ['c3', { [streamIds.assignment('a-priya-pipeline')]: 0 }],
    ]);
    expect(publishConflicts(rebased.changes, versionOf(moved))).toEqual([]);

    const removed = applyStreamEvents(live, decideOnPlan(live, samOffPortal, manager));
    const afterRemoval = rebaseScenario(removed, changes, manager);
    expect(afterRemoval.changes.map((c) => c.changeId)).toEqual(['c1', 'c3']);
    expect(afterRemoval.dropped).toEqual([{ changeId: 'c2', message: 'Assignment not found' }]);
  });

  it('drops a change the live plan already made', () => {
    const confirmed = applyStreamEvents(live, decideOnPlan(live, winPipeline, manager));
    expect(rebaseScenario(confirmed, drafted([winPipeline]), manager).dropped).toEqual([
      { changeId: 'c1', message: 'This change would change nothing in the scenario' },
    ]);
  });
});

describe('every kind of drafted change folds like its live command', () => {
  it('placeholders: added, changed, filled (two streams), and time off booked and cancelled', () => {
    const changes = drafted([
      command({ kind: 'addPlaceholder', projectId: portal, placeholderId: 'ph-1', input: { role: 'SRE', allocationPercentage: 50, startDate: '2026-12-01', endDate: '2027-01-29' } }),
      command({ kind: 'updatePlaceholder', projectId: portal, placeholderId: 'ph-1', input: { allocationPercentage: 30 } }),
      command({ kind: 'fillPlaceholder', projectId: portal, placeholderId: 'ph-1', assignmentId: 'a-fill', engineerId: priya }),
      command({ kind: 'bookTimeOff', engineerId: sam, timeOffId: 't-1', input: { from: '2026-12-21', to: '2026-12-24', kind: 'vacation' } }),
      command({ kind: 'markTentative', projectId: portal }),
    ]);
    const { plan, outcomes } = foldScenario(live, changes, manager);
    expect(outcomes.every((o) => o.applied)).toBe(true);
    expect(plan.placeholders).toEqual([]);
    expect(assignmentOf(plan, 'a-fill')).toMatchObject({ allocationPercentage: 30, role: 'SRE', engineerId: { _id: priya } });
    expect(plan.timeOff).toMatchObject([{ _id: 't-1', engineerId: sam, from: '2026-12-21', to: '2026-12-24' }]);
    expect(plan.projects.find((p) => p._id === portal)).toMatchObject({ tentative: true, version: 5 });
    expect(changes[2]!.base).toEqual({ [streamIds.project(portal)]: 1, [streamIds.assignment('a-fill')]: 0 });

    const cancel = drafted([command({ kind: 'cancelTimeOff', engineerId: sam, timeOffId: 't-1' })], plan);
    expect(foldScenario(plan, cancel, manager).plan.timeOff).toEqual([]);
  });

  it('refuses what the live command refuses: an engineer booking someone else’s time off', () => {
    const book = command({ kind: 'bookTimeOff', engineerId: sam, timeOffId: 't-2', input: { from: '2026-12-21', to: '2026-12-21', kind: 'sick' } });
    expect(() => decideOnPlan(live, book, { id: priya, role: 'engineer' })).toThrow(DomainError);
  });
});

describe('compareScenario', () => {
  const scenario = foldScenario(live, drafted([winPipeline, moveSam, swapToPriya]), manager).plan;
  const view = { from: '2026-11-23', to: '2027-01-17', step: 'week' as const };

  // Priya's 60 % starts on Tuesday Dec 1 beside her 50 %, which runs through Thursday Dec 31 (its last day
  // worked): weeks 2 and 6 have days at 110 %, and a day over capacity makes the week overloaded (week 6
  // averages 100 %: four days at 110 %, Jan 1 at 60 %). Sam's move ends on Friday Jan 15, his last day:
  // week 8 (Jan 11-15) is five days at 60 %, optimal.
  it('names each person whose status changes, as runs of weeks in the window (a span\'s last day included)', () => {
    expect(compareScenario(live, scenario, view).statusChanges.map((c) => c.sentence)).toEqual([
      'Priya: optimal -> overloaded in weeks 2-5',
      'Priya: underutilized -> overloaded in week 6',
      'Priya: underutilized -> optimal in weeks 7-8',
      'Sam: underutilized -> optimal in weeks 6-8',
    ]);
  });

  it('gives the totals and utilisation of each week, live beside the scenario', () => {
    const week3 = compareScenario(live, scenario, view).periods[2]!;
    expect(week3).toMatchObject({
      key: '2026-W50',
      live: { capacity: 1000, confirmed: 550, tentative: 0, placeholder: 0, utilization: 55 },
      scenario: { capacity: 1000, confirmed: 850, tentative: 0, placeholder: 0, utilization: 85 },
    });
  });

  it('finds nothing to say when the scenario changes nobody', () => {
    const comparison = compareScenario(live, live, view);
    expect(comparison.statusChanges).toEqual([]);
    expect(comparison.periods.every((p) => JSON.stringify(p.live) === JSON.stringify(p.scenario))).toBe(true);
  });
});
