/**
 * The greedy pass: one move at a time, the way a planner would clear overloads by hand. Person by
 * person (id order), each assignment on a day still over capacity tries its moves in their fixed order
 * (shifts by fewest days, then reassignments, then lowering) and keeps the first that clears at least
 * one overloaded day without pushing anyone's day over capacity; passes repeat until none helps.
 * It is the start for large groups and the bench's anchor: the program must do at least as well.
 */
import { isOver, type Candidate, type LevelModel, type Move } from './model.ts';

export function greedyMoves(model: LevelModel, candidates: readonly Candidate[] = model.candidates): Move[] {
  const booked = new Map<string, Int32Array>();
  const daysOf = (id: string) => {
    let days = booked.get(id);
    if (!days) booked.set(id, (days = Int32Array.from(model.people.get(id)!.booked)));
    return days;
  };
  const inWindow = new Set(model.overloaded);
  /** What the move would do to the overloaded days of the window; null when it would push a day over. */
  const gain = (move: Move): number | null => {
    let cleared = 0;
    for (const { engineerId, day, delta } of move.effects) {
      const p = model.people.get(engineerId)!;
      const now = daysOf(engineerId)[day]!;
      const next = now + delta;
      if (isOver(p, day, next) && next > Math.max(now, p.booked[day]!)) return null;
      if (!inWindow.has(engineerId) || day < model.windowStart || day > model.windowEnd) continue;
      cleared += (isOver(p, day, now) ? 1 : 0) - (isOver(p, day, next) ? 1 : 0);
    }
    return cleared;
  };
  const chosen: Move[] = [];
  const done = new Set<string>();
  const order = [...candidates].sort((a, b) => (a.owner < b.owner ? -1 : a.owner > b.owner ? 1 : a.assignment._id < b.assignment._id ? -1 : 1));
  for (let improved = true; improved; ) {
    improved = false;
    for (const c of order) {
      if (done.has(c.assignment._id)) continue;
      for (const move of c.moves) {
        const cleared = gain(move);
        if (cleared === null || cleared <= 0) continue;
        for (const { engineerId, day, delta } of move.effects) daysOf(engineerId)[day]! += delta;
        chosen.push(move);
        done.add(c.assignment._id);
        improved = true;
        break;
      }
    }
  }
  return chosen;
}
