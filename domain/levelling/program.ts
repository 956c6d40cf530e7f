/**
 * The mixed-integer program of a levelling request, as plain data: binary variables with costs, and
 * rows "sum of coefficient x variable <= upper". The solver (at the edge) reads it; this file only
 * builds it, so what is asked is tested without a solver.
 *
 * - x_m = 1 when move m is made; at most one move per assignment.
 * - y_(p,d) = 1 when person p stays over capacity on day d of the window (one per overloaded day some
 *   move could lighten). With S the load the moves add on that day and E = booked - capacity before:
 *   E + S <= (E + most S could add) x y, and S <= 0 (a day that stays over never gets worse).
 * - Any other day a move could push over capacity: S <= capacity - booked (never creates an overload).
 *   Rows that no choice of moves could break are left out.
 * - The objective puts the levels in order with weights each larger than everything below it can
 *   add up to: overloaded person-days left, then assignments changed, then reassignments, then days
 *   shifted and points lowered. Variables are written in one fixed order (assignment id, then the
 *   moves' own order), so the same plan gives the same program and the same answer.
 *
 * Groups: moves that share no row cannot affect each other, so each connected set of assignments
 * (linked by the rows their moves share) is its own program.
 */
import { isOver, type Candidate, type LevelModel, type Move } from './model.ts';

export type ProgramVariable = { name: string; cost: number };
export type ProgramRow = { name: string; terms: { variable: string; coefficient: number }[]; upper: number };
export type Program = {
  variables: ProgramVariable[];
  rows: ProgramRow[];
  /** The move each x variable stands for. */
  moves: Map<string, Move>;
  /** Overloaded person-days of the group no move can lighten: left whatever is chosen. */
  fixedLeft: number;
};
export type LevelGroup = { candidates: Candidate[] };

type Touch = { move: number; delta: number };
type Cell = { engineerId: string; day: number; touches: Touch[] };

function cellsOf(moves: readonly Move[]): Map<string, Cell> {
  const cells = new Map<string, Cell>();
  moves.forEach((move, index) => {
    for (const { engineerId, day, delta } of move.effects) {
      const key = `${engineerId} ${day}`;
      let cell = cells.get(key);
      if (!cell) cells.set(key, (cell = { engineerId, day, touches: [] }));
      cell.touches.push({ move: index, delta });
    }
  });
  return cells;
}

/** What a cell asks: a y row when it is an overloaded day of the window, a cap row when moves could push it over, or nothing. */
function cellRule(model: LevelModel, cell: Cell, overloaded: ReadonlySet<string>) {
  const p = model.people.get(cell.engineerId)!;
  const excess = p.booked[cell.day]! - p.capacity[cell.day]!;
  const rise = cell.touches.reduce((sum, t) => sum + Math.max(0, t.delta), 0);
  const inWindow = cell.day >= model.windowStart && cell.day <= model.windowEnd && overloaded.has(cell.engineerId);
  if (isOver(p, cell.day)) {
    const lightens = cell.touches.some((t) => t.delta < 0);
    return { over: inWindow && lightens, excess, rise, binds: (inWindow && lightens) || rise > 0 };
  }
  return { over: false, excess, rise, binds: rise > -excess };
}

/** The independent groups of candidates, in the candidates' order. */
export function levelGroups(model: LevelModel): LevelGroup[] {
  const withMoves = model.candidates.filter((c) => c.moves.length > 0);
  const moves = withMoves.flatMap((c, ci) => c.moves.map(() => ci));
  const parent = withMoves.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const overloaded = new Set(model.overloaded);
  for (const cell of cellsOf(withMoves.flatMap((c) => c.moves)).values()) {
    if (!cellRule(model, cell, overloaded).binds) continue;
    const root = find(moves[cell.touches[0]!.move]!);
    for (const t of cell.touches) parent[find(moves[t.move]!)] = root;
  }
  const groups = new Map<number, Candidate[]>();
  withMoves.forEach((c, i) => {
    const root = find(i);
    const list = groups.get(root);
    if (list) list.push(c);
    else groups.set(root, [c]);
  });
  return [...groups.values()].map((candidates) => ({ candidates }));
}

/** The program of one group. */
export function buildProgram(model: LevelModel, group: LevelGroup): Program {
  const moves = group.candidates.flatMap((c) => c.moves);
  const names = moves.map((_, i) => `x${i}`);
  const overloaded = new Set(model.overloaded);
  const rows: ProgramRow[] = [];
  const overRows: { name: string; y: string; terms: ProgramRow['terms']; excess: number; rise: number }[] = [];

  let index = 0;
  for (const c of group.candidates) {
    if (c.moves.length > 1) rows.push({ name: `one${rows.length}`, terms: c.moves.map((_, i) => ({ variable: names[index + i]!, coefficient: 1 })), upper: 1 });
    index += c.moves.length;
  }
  const cells = [...cellsOf(moves).values()].sort((a, b) => (a.engineerId < b.engineerId ? -1 : a.engineerId > b.engineerId ? 1 : a.day - b.day));
  for (const cell of cells) {
    const rule = cellRule(model, cell, overloaded);
    const terms = cell.touches.map((t) => ({ variable: names[t.move]!, coefficient: t.delta }));
    if (rule.over) overRows.push({ name: `over${overRows.length}`, y: `y${overRows.length}`, terms, excess: rule.excess, rise: rule.rise });
    if (isOver(model.people.get(cell.engineerId)!, cell.day)) {
      if (rule.rise > 0) rows.push({ name: `keep${rows.length}`, terms, upper: 0 });
    } else if (rule.binds) rows.push({ name: `cap${rows.length}`, terms, upper: -rule.excess });
  }
  for (const r of overRows) rows.push({ name: r.name, terms: [...r.terms, { variable: r.y, coefficient: -(r.excess + r.rise) }], upper: -r.excess });

  // Weights: each level outweighs everything the levels below it can add up to.
  const extent = moves.reduce((sum, m) => sum + m.extent, 0);
  const n = group.candidates.length;
  const w3 = extent + 1;
  const w2 = n * w3 + extent + 1;
  const w1 = n * w2 + n * w3 + extent + 1;
  const variables: ProgramVariable[] = [
    ...moves.map((m, i) => ({ name: names[i]!, cost: w2 + (m.kind === 'reassign' ? w3 : 0) + m.extent })),
    ...overRows.map((r) => ({ name: r.y, cost: w1 })),
  ];

  // Overloaded days of the group's people that no move lightens stay whatever is chosen.
  const people = new Set(group.candidates.map((c) => c.owner));
  let fixedLeft = 0;
  const covered = new Set(cells.filter((cell) => cellRule(model, cell, overloaded).over).map((cell) => `${cell.engineerId} ${cell.day}`));
  for (const id of people) {
    const p = model.people.get(id)!;
    for (let d = model.windowStart; d <= model.windowEnd; d += 1) if (isOver(p, d) && !covered.has(`${id} ${d}`)) fixedLeft += 1;
  }
  return { variables, rows, moves: new Map(moves.map((m, i) => [names[i]!, m])), fixedLeft };
}
