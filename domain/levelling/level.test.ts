import { describe, expect, it } from 'vitest';
import { dayOfDate } from '../capacity/calendar-days.ts';
import { checkProposal } from './check.ts';
import { greedyMoves } from './greedy.ts';
import { levelRequestDefaults } from './test-support.ts';
import { buildLevelModel, type LevelRequest, type Move } from './model.ts';
import { buildProgram, levelGroups } from './program.ts';
import { proposalOf } from './proposal.ts';
import { samplePlan } from './sample-plans.ts';
import { scoreMoves } from './score.ts';

// Monday 2027-01-04 is today; the window is four weeks from it.
const today = dayOfDate('2027-01-04');
const context = (plan: ReturnType<typeof samplePlan>) => ({ plan, timeZone: 'UTC', today });
const request = (over: Partial<LevelRequest> & { engineerIds: string[] }): LevelRequest => ({ ...levelRequestDefaults, ...over });
const ids = (moves: readonly Move[]) => moves.map((m) => m.id);

/** Jordan at 110 % in W01-W02 (60 + 50 on Apollo and Zeus); Lucas free and the only one with React. */
const reactPlan = samplePlan({
  engineers: [{ id: 'jordan', name: 'Jordan', skills: ['React'] }, { id: 'lucas', name: 'Lucas', skills: ['React'] }, { id: 'mia', name: 'Mia', skills: ['Go'] }],
  projects: [{ id: 'apollo', name: 'Apollo', start: '2027-01-01', end: '2027-03-31', skills: ['React'] }, { id: 'zeus', name: 'Zeus', start: '2027-01-01', end: '2027-01-15' }],
  assignments: [
    { id: 'a1', engineer: 'jordan', project: 'apollo', allocation: 60, start: '2027-01-04', end: '2027-01-15' },
    { id: 'a2', engineer: 'jordan', project: 'zeus', allocation: 50, start: '2027-01-04', end: '2027-01-15' },
  ],
});

describe('the levelling model', () => {
  it('finds the overloaded days and offers work only to people whose skills cover the project', () => {
    const model = buildLevelModel(context(reactPlan), request({ engineerIds: ['jordan', 'lucas', 'mia'], allow: { shiftDays: 0, reassign: true, reassignConfirmed: true, reduce: null } }));
    expect(model.overloaded).toEqual(['jordan']);
    const apollo = model.candidates.find((c) => c.assignment._id === 'a1')!;
    // Apollo needs React: Lucas only. Zeus needs nothing: Lucas and Mia.
    expect(apollo.moves.map((m) => m.toEngineerId)).toEqual(['lucas']);
    expect(model.candidates.find((c) => c.assignment._id === 'a2')!.moves.map((m) => m.toEngineerId).sort()).toEqual(['lucas', 'mia']);
    // Ten working days at 60 % leave Jordan and land on Lucas.
    expect(apollo.moves[0]!.effects.filter((e) => e.engineerId === 'jordan').map((e) => e.delta)).toEqual(Array(10).fill(-60_000));
  });

  it('keeps confirmed work with its person unless allowed, and pinned work always', () => {
    const model = buildLevelModel(context(reactPlan), request({ engineerIds: ['jordan', 'lucas'], pins: ['a2'], allow: { shiftDays: 0, reassign: true, reassignConfirmed: false, reduce: null } }));
    expect(model.candidates.map((c) => [c.assignment._id, c.moves.length, c.notes[0]])).toEqual([
      ['a1', 0, 'confirmed work keeps its person'],
      ['a2', 0, 'pinned'],
    ]);
  });

  it('shifts only by whole working-day-keeping steps inside the project, never from before today', () => {
    const plan = samplePlan({
      engineers: [{ id: 'jordan' }],
      projects: [{ id: 'p', start: '2027-01-01', end: '2027-01-31' }, { id: 'q', start: '2026-12-01', end: '2027-01-31' }],
      assignments: [
        { id: 'a1', engineer: 'jordan', project: 'p', allocation: 60, start: '2027-01-04', end: '2027-01-08' },
        { id: 'a2', engineer: 'jordan', project: 'q', allocation: 60, start: '2026-12-28', end: '2027-01-08' },
      ],
    });
    const model = buildLevelModel(context(plan), request({ engineerIds: ['jordan'], allow: { shiftDays: 10, reassign: false, reassignConfirmed: false, reduce: null } }));
    // Mon-Fri keeps five working days only when moved by a whole week: +7 (earlier would start before today).
    expect(model.candidates[0]!.moves.map((m) => m.shiftDays)).toEqual([7]);
    expect(model.candidates[1]!.moves).toEqual([]);
    expect(model.candidates[1]!.notes).toContain('started before today, so its dates stay');
  });

  it('leaves a locked actuals week as it is', () => {
    const plan = samplePlan({
      engineers: [{ id: 'jordan' }],
      projects: [{ id: 'p', start: '2027-01-01', end: '2027-01-31' }],
      assignments: [
        { id: 'a1', engineer: 'jordan', project: 'p', allocation: 60, start: '2027-01-04', end: '2027-01-08' },
        { id: 'a2', engineer: 'jordan', project: 'p', allocation: 60, start: '2027-01-04', end: '2027-01-08' },
      ],
      locked: [{ engineerId: 'jordan', week: '2027-W02' }],
    });
    const model = buildLevelModel(context(plan), request({ engineerIds: ['jordan'], allow: { shiftDays: 7, reassign: false, reassignConfirmed: false, reduce: null } }));
    expect(model.candidates.flatMap((c) => c.moves)).toEqual([]);
    expect(model.candidates[0]!.notes).toContain('a locked actuals week stays as it is');
  });

  it('lowers an allocation just enough, never below the floor', () => {
    const model = buildLevelModel(context(reactPlan), request({ engineerIds: ['jordan'], allow: { shiftDays: 0, reassign: false, reassignConfirmed: false, reduce: 45 } }));
    // 110 % is 10 points over: Apollo 60 -> 50, Zeus 50 -> 45 (the floor; 40 would be enough).
    expect(model.candidates.map((c) => c.moves.map((m) => m.allocation))).toEqual([[50], [45]]);
  });
});

describe('the greedy pass, the checker and the program', () => {
  const req = request({ engineerIds: ['jordan', 'lucas', 'mia'], allow: { shiftDays: 0, reassign: true, reassignConfirmed: true, reduce: null } });

  it('clears Jordan with one move, and the checker agrees with the capacity model', () => {
    const model = buildLevelModel(context(reactPlan), req);
    const moves = greedyMoves(model);
    expect(ids(moves)).toEqual(['a1 to lucas']);
    const score = scoreMoves(model, moves);
    expect(score).toMatchObject({ before: 10, after: 0, changes: 1, reassignments: 1, worsened: 0 });
    const proposal = proposalOf(model, moves, (seed) => `new ${seed}`);
    expect(proposal.changes.map((c) => c.reason)).toEqual(['Jordan is at 110 % in W01-W02; Lucas is free then and has React']);
    const checked = checkProposal(context(reactPlan), req, proposal.changes.map((c) => c.command));
    expect({ before: checked.before, after: checked.after, created: checked.created, past: checked.pastChanged }).toEqual({ before: 10, after: 0, created: [], past: [] });
    expect(proposal.left).toEqual([]);
  });

  it('builds one group, its rows and weights in the objective order', () => {
    const model = buildLevelModel(context(reactPlan), req);
    const groups = levelGroups(model);
    expect(groups).toHaveLength(1);
    const program = buildProgram(model, groups[0]!);
    // Three moves (a1 to Lucas; a2 to Lucas or Mia) and Jordan's ten overloaded days.
    expect(program.variables.filter((v) => v.name.startsWith('x'))).toHaveLength(3);
    expect(program.variables.filter((v) => v.name.startsWith('y'))).toHaveLength(10);
    const y = program.variables.find((v) => v.name === 'y0')!.cost;
    const costliest = Math.max(...program.variables.filter((v) => v.name.startsWith('x')).map((v) => v.cost));
    // Clearing one day outweighs every change the group could make (at most one per assignment: two).
    expect(y).toBeGreaterThan(2 * costliest);
    // Lucas can take one of the two but not both (60 + 50 > 100 on his days): cap rows say so.
    expect(program.rows.some((r) => r.name.startsWith('cap') && r.terms.length === 2)).toBe(true);
  });

  it('names an overload nothing can clear with its blocker', () => {
    const model = buildLevelModel(context(reactPlan), request({ engineerIds: ['jordan'], allow: { shiftDays: 5, reassign: true, reassignConfirmed: true, reduce: null } }));
    const proposal = proposalOf(model, greedyMoves(model), (s) => s);
    expect(proposal.changes).toEqual([]);
    expect(proposal.left).toEqual([{
      engineerId: 'jordan',
      days: ['2027-01-04', '2027-01-05', '2027-01-06', '2027-01-07', '2027-01-08', '2027-01-11', '2027-01-12', '2027-01-13', '2027-01-14', '2027-01-15'],
      peak: 110,
      blockedBy: "Apollo: no one in scope with React has room then, no shift of up to 5 days keeps it inside its project's dates and working days, "
        + 'lowering allocations is not allowed; '
        + "Zeus: no one in scope has room then, no shift of up to 5 days keeps it inside its project's dates and working days, lowering allocations is not allowed",
    }]);
  });
});
