/**
 * A set of moves judged on the model's days: the objective's figures in order, and whether any day of
 * anyone ends up more over capacity than it was (a proposal never creates or worsens an overload).
 */
import { isOver, type LevelModel, type Move } from './model.ts';

export type LevelScore = {
  /** Overloaded person-days of the window and scope before and after the moves. */
  before: number;
  after: number;
  changes: number;
  reassignments: number;
  /** Calendar days shifted plus percentage points lowered. */
  extent: number;
  /** Days (any person, any day of the horizon) booked above both their capacity and what they held before. */
  worsened: number;
};

/** Each touched person's booked days with the moves applied (only those a move touches are copied). */
export function bookedWith(model: LevelModel, moves: readonly Move[]): Map<string, Int32Array> {
  const booked = new Map<string, Int32Array>();
  for (const move of moves) {
    for (const { engineerId, day, delta } of move.effects) {
      let days = booked.get(engineerId);
      if (!days) booked.set(engineerId, (days = Int32Array.from(model.people.get(engineerId)!.booked)));
      days[day]! += delta;
    }
  }
  return booked;
}

export function scoreMoves(model: LevelModel, moves: readonly Move[]): LevelScore {
  const booked = bookedWith(model, moves);
  let before = 0;
  let after = 0;
  for (const id of model.overloaded) {
    const p = model.people.get(id)!;
    const now = booked.get(id);
    for (let d = model.windowStart; d <= model.windowEnd; d += 1) {
      if (isOver(p, d)) before += 1;
      if (isOver(p, d, now ? now[d] : undefined)) after += 1;
    }
  }
  let worsened = 0;
  for (const [id, now] of booked) {
    const p = model.people.get(id)!;
    for (let d = 0; d < model.days; d += 1) if (isOver(p, d, now[d]) && now[d]! > p.booked[d]!) worsened += 1;
  }
  return {
    before,
    after,
    changes: new Set(moves.map((m) => m.assignmentId)).size,
    reassignments: moves.filter((m) => m.kind === 'reassign').length,
    extent: moves.reduce((sum, m) => sum + m.extent, 0),
    worsened,
  };
}

/** Negative when `a` is the better answer: fewer overloaded days left, then fewer changes, reassignments, days shifted. */
export function compareScores(a: LevelScore, b: LevelScore): number {
  return a.worsened - b.worsened || a.after - b.after || a.changes - b.changes || a.reassignments - b.reassignments || a.extent - b.extent;
}
