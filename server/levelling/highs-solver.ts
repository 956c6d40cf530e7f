/**
 * The levelling program (built as data in domain/levelling/program.ts) written in the LP format and
 * solved by HiGHS (WebAssembly), under a time limit. An answer cut short by the limit is kept when
 * HiGHS found one; otherwise the caller keeps its greedy start.
 */
import loadHighs from 'highs';
import type { Move, Program, SolveProgram } from '../../domain/index.ts';

type Highs = Awaited<ReturnType<typeof loadHighs>>;
let loading: Promise<Highs> | null = null;

/** HiGHS, loaded once per process (compiling the WebAssembly takes a moment). */
export const highsSolver = () => (loading ??= loadHighs());

const term = (coefficient: number, variable: string, first: boolean) =>
  `${coefficient < 0 ? '- ' : first ? '' : '+ '}${Math.abs(coefficient)} ${variable}`;

/** Terms over several lines: the LP format reads a row across lines until the next name or section. */
function terms(list: readonly { variable: string; coefficient: number }[]): string {
  const parts = list.map((t, i) => term(t.coefficient, t.variable, i === 0));
  const lines: string[] = [];
  for (let i = 0; i < parts.length; i += 8) lines.push(parts.slice(i, i + 8).join(' '));
  return lines.join('\n   ');
}

/** The program in the CPLEX LP format HiGHS reads. */
export function lpText(program: Program): string {
  const objective = terms(program.variables.map((v) => ({ variable: v.name, coefficient: v.cost })));
  const rows = program.rows.map((r) => ` ${r.name}: ${terms(r.terms)} <= ${r.upper}`);
  const binaries: string[] = [];
  for (let i = 0; i < program.variables.length; i += 20) binaries.push(` ${program.variables.slice(i, i + 20).map((v) => v.name).join(' ')}`);
  return ['Minimize', ` obj: ${objective}`, 'Subject To', ...(rows.length > 0 ? rows : [' none: 0 x0 <= 0']), 'Binary', ...binaries, 'End', ''].join('\n');
}

const kept = new Set(['Optimal', 'Time limit reached', 'Iteration limit reached', 'Target for objective reached', 'Bound on objective reached']);

/** A SolveProgram for the domain: each group gets at most `timeLimitSeconds`. */
export function solverOf(highs: Highs, timeLimitSeconds: number): SolveProgram {
  return (program: Program, _start: readonly Move[]) => {
    if (program.variables.length === 0) return [];
    const solution = highs.solve(lpText(program), {
      output_flag: false,
      time_limit: timeLimitSeconds,
      mip_rel_gap: 0,
      mip_abs_gap: 0.5,
      random_seed: 0,
    });
    if (!kept.has(solution.Status)) return null;
    const columns = solution.Columns as Record<string, { Primal?: number }>;
    const chosen = program.variables.filter((v) => v.name.startsWith('x') && (columns[v.name]?.Primal ?? 0) > 0.5).map((v) => v.name);
    // A limit hit before any answer leaves every primal at 0 or absent: the greedy start is kept then.
    return solution.Status === 'Optimal' || chosen.length > 0 ? chosen : null;
  };
}
