/**
 * Levelling solved by HiGHS: instances with known optima, the checker on every proposal, the same
 * answer for the same plan, and 200 random small plans against brute force.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkProposal, compareScores, dayOfDate, level, levelProposal, scoreMoves, type LevelRequest, type Move, type Plan, type SolveProgram,
} from '../../domain/index.ts';
import { samplePlan } from '../../domain/levelling/sample-plans.ts';
import { levelRequestDefaults } from '../../domain/levelling/test-support.ts';
import { highsSolver, solverOf } from './highs-solver.ts';

const today = dayOfDate('2027-01-04');
const context = (plan: Plan) => ({ plan, timeZone: 'UTC', today });
const request = (over: Partial<LevelRequest> & { engineerIds: string[] }): LevelRequest => ({ ...levelRequestDefaults, ...over });
const ids = (moves: readonly Move[]) => moves.map((m) => m.id).sort();
let solve: SolveProgram;
beforeAll(async () => {
  solve = solverOf(await highsSolver(), 10);
});

const skillPlan = samplePlan({
  engineers: [{ id: 'jordan', name: 'Jordan', skills: ['React', 'Go'] }, { id: 'lucas', name: 'Lucas', skills: ['React'] }, { id: 'mia', name: 'Mia', skills: ['Java'] }],
  projects: [
    { id: 'apollo', name: 'Apollo', start: '2027-01-01', end: '2027-03-31', skills: ['React'] },
    { id: 'zeus', name: 'Zeus', start: '2027-01-01', end: '2027-01-15', skills: ['Go'] },
  ],
  assignments: [
    { id: 'a1', engineer: 'jordan', project: 'apollo', allocation: 60, start: '2027-01-04', end: '2027-01-15' },
    { id: 'a2', engineer: 'jordan', project: 'zeus', allocation: 50, start: '2027-01-04', end: '2027-01-15' },
  ],
});
const everyone = ['jordan', 'lucas', 'mia'];
const reassign = { shiftDays: 0, reassign: true, reassignConfirmed: true, reduce: null };

const shiftPlan = samplePlan({
  engineers: [{ id: 'jordan', name: 'Jordan' }],
  projects: [{ id: 'p', name: 'Portal', start: '2027-01-01', end: '2027-02-28' }, { id: 'q', name: 'Quest', start: '2027-01-01', end: '2027-01-31' }],
  assignments: [
    { id: 'a1', engineer: 'jordan', project: 'p', allocation: 60, start: '2027-01-04', end: '2027-01-08' },
    { id: 'a2', engineer: 'jordan', project: 'q', allocation: 50, start: '2027-01-04', end: '2027-01-08' },
  ],
});
const shift = { shiftDays: 21, reassign: false, reassignConfirmed: false, reduce: null };

describe('known optima', () => {
  it('hands the work to the only other person with the skill', () => {
    const levelled = level(context(skillPlan), request({ engineerIds: everyone, allow: reassign }), solve);
    expect(ids(levelled.moves)).toEqual(['a1 to lucas']);
    expect(levelled.score).toMatchObject({ before: 10, after: 0, changes: 1, reassignments: 1 });
    const proposal = levelProposal(levelled, (seed) => `new-${seed}`);
    expect(proposal.changes.map((c) => [c.command, c.reason])).toEqual([[
      { kind: 'updateAssignment', assignmentId: 'a1', input: { engineerId: 'lucas' } },
      'Jordan is at 110 % in W01-W02; Lucas is free then and has React',
    ]]);
    expect(proposal.left).toEqual([]);
  });

  it('shifts one assignment by the fewest days that clear it (a week: five working days stay five)', () => {
    const levelled = level(context(shiftPlan), request({ engineerIds: ['jordan'], allow: shift }), solve);
    expect(levelled.moves.map((m) => [m.kind, m.shiftDays])).toEqual([['shift', 7]]);
    expect(levelled.score).toMatchObject({ before: 5, after: 0, changes: 1, extent: 7 });
  });

  it('keeps a pinned assignment: the other one moves instead', () => {
    const free = level(context(shiftPlan), request({ engineerIds: ['jordan'], allow: shift }), solve).moves[0]!.assignmentId;
    const other = free === 'a1' ? 'a2' : 'a1';
    const pinned = level(context(shiftPlan), request({ engineerIds: ['jordan'], allow: shift, pins: [free] }), solve);
    expect(pinned.moves.map((m) => [m.assignmentId, m.shiftDays])).toEqual([[other, 7]]);
  });

  it('names an overload nothing can clear, with its blocker', () => {
    const levelled = level(context(skillPlan), request({ engineerIds: everyone, allow: reassign, pins: ['a1'] }), solve);
    expect(levelled.moves).toEqual([]);
    const { left } = levelProposal(levelled, (s) => s);
    expect(left.map((l) => [l.engineerId, l.days.length, l.peak, l.blockedBy])).toEqual([
      ['jordan', 10, 110, 'Apollo: pinned; Zeus: no one in scope with Go has room then, shifting is not allowed, lowering allocations is not allowed'],
    ]);
  });

  it('gives the same proposal for the same plan, whatever order its lists are in', () => {
    const req = request({ engineerIds: everyone, allow: { shiftDays: 14, reassign: true, reassignConfirmed: true, reduce: 30 } });
    const first = levelProposal(level(context(skillPlan), req, solve), (s) => s);
    const shuffled = { ...skillPlan, engineers: [...skillPlan.engineers].reverse(), assignments: [...skillPlan.assignments].reverse() };
    expect(levelProposal(level(context(shuffled), req, solve), (s) => s)).toEqual(first);
    expect(levelProposal(level(context(skillPlan), req, solve), (s) => s)).toEqual(first);
  });
});

/** A small seeded generator, so a failing plan can be found again. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const pick = <T>(rnd: () => number, list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
const date = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

function randomCase(seed: number): { plan: Plan; request: LevelRequest } {
  const rnd = random(seed);
  const skills = ['React', 'Go', 'Java'];
  const engineers = Array.from({ length: 2 + Math.floor(rnd() * 3) }, (_, i) => ({
    id: `e${i}`, name: `E${i}`, skills: skills.filter(() => rnd() < 0.6), capacity: pick(rnd, [100, 100, 80]),
  }));
  const projects = Array.from({ length: 2 + Math.floor(rnd() * 2) }, (_, i) => {
    const start = today - 14 + Math.floor(rnd() * 14);
    return { id: `p${i}`, start: date(start), end: date(start + 28 + Math.floor(rnd() * 28)), skills: rnd() < 0.5 ? [pick(rnd, skills)] : [], tentative: rnd() < 0.3 };
  });
  const assignments = Array.from({ length: 2 + Math.floor(rnd() * 4) }, (_, i) => {
    const project = pick(rnd, projects);
    const first = dayOfDate(project.start) + Math.floor(rnd() * 14);
    return {
      id: `a${i}`, engineer: pick(rnd, engineers).id, project: project.id, allocation: pick(rnd, [30, 50, 60, 80]),
      start: date(first), end: date(Math.min(first + 3 + Math.floor(rnd() * 12), dayOfDate(project.end))),
    };
  });
  const plan = samplePlan({ engineers, projects, assignments, locked: rnd() < 0.2 ? [{ engineerId: 'e0', week: '2027-W02' }] : [] });
  return {
    plan,
    request: request({
      engineerIds: engineers.map((e) => e.id),
      to: '2027-01-24',
      allow: { shiftDays: pick(rnd, [0, 3, 7, 10]), reassign: rnd() < 0.7, reassignConfirmed: rnd() < 0.5, reduce: rnd() < 0.3 ? pick(rnd, [20, 40]) : null },
      pins: assignments.filter(() => rnd() < 0.15).map((a) => a.id),
    }),
  };
}

describe('200 random small plans', () => {
  it('never creates an overload, never moves a pinned or past day, agrees with the checker and uses as few changes as brute force', () => {
    let compared = 0;
    let withOverloads = 0;
    for (let seed = 1; seed <= 200; seed += 1) {
      const { plan, request: req } = randomCase(seed);
      const levelled = level(context(plan), req, solve);
      const proposal = levelProposal(levelled, (s) => `n-${s}`);
      const checked = checkProposal(context(plan), req, proposal.changes.map((c) => c.command));
      const at = `seed ${seed}`;
      expect(checked.created, at).toEqual([]);
      expect(checked.pastChanged, at).toEqual([]);
      expect(checked.pinnedChanged, at).toEqual([]);
      expect([checked.before, checked.after], at).toEqual([levelled.score.before, levelled.score.after]);
      expect(proposal.left.reduce((n, l) => n + l.days.length, 0), at).toBe(levelled.score.after);
      if (levelled.score.before > 0) withOverloads += 1;

      // Brute force: every choice of at most one move per assignment, when there are few enough.
      const options = levelled.model.candidates.map((c) => [null, ...c.moves]);
      const count = options.reduce((n, o) => n * o.length, 1);
      if (count > 4000) continue;
      let best: ReturnType<typeof scoreMoves> | null = null;
      const walk = (i: number, chosen: Move[]) => {
        if (i === options.length) {
          const score = scoreMoves(levelled.model, chosen);
          if (score.worsened === 0 && (!best || compareScores(score, best) < 0)) best = score;
          return;
        }
        for (const option of options[i]!) walk(i + 1, option ? [...chosen, option] : chosen);
      };
      walk(0, []);
      const { after, changes, reassignments, extent } = best!;
      expect({ after: levelled.score.after, changes: levelled.score.changes, reassignments: levelled.score.reassignments, extent: levelled.score.extent }, at)
        .toEqual({ after, changes, reassignments, extent });
      compared += 1;
    }
    // The generator must give the test something to judge.
    expect(withOverloads).toBeGreaterThan(50);
    expect(compared).toBeGreaterThan(100);
  }, 120_000);
});
