/**
 * A levelling request from start to proposal, the solver handed in (it runs at the edge): the model,
 * its independent groups, each group's program solved with the greedy pass as its start and fallback,
 * the better of the two kept (by the objective's order, judged on the model's days), and the proposal.
 */
import { greedyMoves } from './greedy.ts';
import { buildLevelModel, type LevelContext, type LevelModel, type LevelRequest, type Move } from './model.ts';
import { buildProgram, levelGroups, type Program } from './program.ts';
import { proposalOf, type Proposal } from './proposal.ts';
import { compareScores, scoreMoves, type LevelScore } from './score.ts';

/** Solves one program: the names of the variables set to 1, or null when no answer was found in time. */
export type SolveProgram = (program: Program, start: readonly Move[]) => string[] | null;

export type Levelled = {
  model: LevelModel;
  moves: Move[];
  score: LevelScore;
  /** The greedy pass over the same model, the anchor. */
  greedy: { moves: Move[]; score: LevelScore };
  groups: number;
  /** Groups whose program gave no better answer than the greedy pass's. */
  greedyKept: number;
};

export function level(context: LevelContext, request: LevelRequest, solve: SolveProgram): Levelled {
  const model = buildLevelModel(context, request);
  const groups = levelGroups(model);
  const moves: Move[] = [];
  const greedyAll: Move[] = [];
  let greedyKept = 0;
  for (const group of groups) {
    const start = greedyMoves(model, group.candidates);
    greedyAll.push(...start);
    const program = buildProgram(model, group);
    const names = solve(program, start);
    const solved = names ? names.flatMap((name) => program.moves.get(name) ?? []) : null;
    if (solved && compareScores(scoreMoves(model, solved), scoreMoves(model, start)) <= 0 && scoreMoves(model, solved).worsened === 0) moves.push(...solved);
    else {
      greedyKept += 1;
      moves.push(...start);
    }
  }
  return { model, moves, score: scoreMoves(model, moves), greedy: { moves: greedyAll, score: scoreMoves(model, greedyAll) }, groups: groups.length, greedyKept };
}

export function levelProposal(levelled: Levelled, newAssignmentId: (seed: string) => string): Proposal {
  return proposalOf(levelled.model, levelled.moves, newAssignmentId);
}
