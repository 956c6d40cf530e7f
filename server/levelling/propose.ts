/**
 * One levelling request from start to proposal at the edge: the domain's levelling with HiGHS as its
 * solver under the request's budget, cut to what a scenario can hold. Runs on the levelling worker
 * thread (level-worker.ts); the bench calls it directly.
 */
import { randomUUID } from 'node:crypto';
import { level, levelProposal, MAX_SCENARIO_CHANGES, type LevelContext, type Levelled, type LevelRequest, type Move, type Proposal, type SolveProgram } from '../../domain/index.ts';
import { highsSolver, solverOf } from './highs-solver.ts';

/** Each group's program gets at most this long; once the whole request has spent its budget, groups keep their greedy start. */
export const GROUP_SECONDS = 2;
export const BUDGET_MS = 8_000;

export type LevelBudget = { budgetMs: number; groupSeconds: number };

/** A solver that stops solving (and keeps the greedy start) once the request's budget is spent. */
export async function budgetedSolver(budgetMs = BUDGET_MS, groupSeconds = GROUP_SECONDS): Promise<SolveProgram> {
  const solve = solverOf(await highsSolver(), groupSeconds);
  const deadline = Date.now() + budgetMs;
  return (program, start) => (Date.now() > deadline ? null : solve(program, start));
}

/** The moves a scenario can hold: whole moves, in the proposal's order, up to its limit of changes. */
export function withinLimit(levelled: Levelled): Levelled {
  const kept: Move[] = [];
  let commands = 0;
  for (const move of levelled.moves) {
    const n = move.kind === 'shift' ? 1 : 2;
    if (commands + n > MAX_SCENARIO_CHANGES) break;
    kept.push(move);
    commands += n;
  }
  return kept.length === levelled.moves.length ? levelled : { ...levelled, moves: kept };
}

/** One request's proposal. */
export async function proposalFor(job: { context: LevelContext; request: LevelRequest } & LevelBudget): Promise<Proposal> {
  const levelled = withinLimit(level(job.context, job.request, await budgetedSolver(job.budgetMs, job.groupSeconds)));
  return levelProposal(levelled, () => randomUUID());
}
