/**
 * The chosen moves as a proposal: each a planning command (or two, for work that started: the days
 * before today stay, as any change from today on) with its reason in one line, and every overload it
 * leaves with the rule that blocks it.
 */
import { dateOfDay, isoWeekKey } from '../capacity/calendar-days.ts';
import { changeFromToday, instantOfDay } from '../keep-past.ts';
import type { DraftedCommand } from '../commands/planning-commands.ts';
import { spanDays } from '../capacity/plan-days.ts';
import { isOver, type LevelModel, type Move } from './model.ts';
import { bookedWith } from './score.ts';

export type ProposedChange = { moveId: string; assignmentId: string; kind: Move['kind']; command: DraftedCommand; reason: string };
export type LeftOverload = { engineerId: string; days: string[]; peak: number; blockedBy: string };
export type Proposal = { changes: ProposedChange[]; left: LeftOverload[] };

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const weekLabel = (day: number) => isoWeekKey(day).slice(5);

/** 'W01' or 'W01-W03': the weeks of a list of day numbers. */
export function weeksOf(days: readonly number[]): string {
  if (days.length === 0) return '';
  const first = weekLabel(Math.min(...days));
  const last = weekLabel(Math.max(...days));
  return first === last ? first : `${first}-${last}`;
}

/** The person's overloaded days of the window the assignment is on, and their peak there, before any move. */
function overloadOf(model: LevelModel, engineerId: string, first: number, last: number) {
  const p = model.people.get(engineerId)!;
  const days: number[] = [];
  let peak = 0;
  for (let d = Math.max(model.windowStart, first - model.first); d <= Math.min(model.windowEnd, last - model.first); d += 1) {
    if (!isOver(p, d)) continue;
    days.push(model.first + d);
    peak = Math.max(peak, oneDecimal((p.booked[d]! / p.capacity[d]!) * 100));
  }
  return { days, peak };
}

function reasonOf(model: LevelModel, move: Move): string {
  const c = model.candidates.find((x) => x.assignment._id === move.assignmentId)!;
  const span = spanDays(c.assignment, model.timeZone);
  const name = model.names.get(c.owner) ?? 'Someone';
  const project = c.project?.name ?? 'the project';
  const { days, peak } = overloadOf(model, c.owner, span.first, span.last);
  const head = `${name} is at ${peak} % in ${weeksOf(days)}`;
  switch (move.kind) {
    case 'shift': {
      const n = Math.abs(move.shiftDays);
      return `${head}; ${project} moves ${n} ${n === 1 ? 'day' : 'days'} ${move.shiftDays > 0 ? 'later' : 'earlier'} (from ${dateOfDay(span.first + move.shiftDays)}), inside its dates`;
    }
    case 'reassign': {
      const skills = c.project?.requiredSkills ?? [];
      const to = model.names.get(move.toEngineerId!) ?? 'someone';
      return `${head}; ${to} is free then${skills.length > 0 ? ` and has ${skills.join(', ')}` : ''}`;
    }
    case 'reduce':
      return `${head}; ${project} drops from ${c.assignment.allocationPercentage} % to ${move.allocation} % (floor ${model.request.allow.reduce} %)`;
  }
}

/** The planning commands that make a move: from today on, so no day before today changes. */
export function commandsOf(model: LevelModel, move: Move, newAssignmentId: (seed: string) => string): DraftedCommand[] {
  const c = model.candidates.find((x) => x.assignment._id === move.assignmentId)!;
  const a = c.assignment;
  const span = spanDays(a, model.timeZone);
  const change =
    move.kind === 'shift'
      ? { startDate: instantOfDay(span.first + move.shiftDays, model.timeZone), endDate: instantOfDay(span.last + move.shiftDays, model.timeZone) }
      : move.kind === 'reassign'
        ? { engineerId: move.toEngineerId! }
        : { allocationPercentage: move.allocation! };
  return changeFromToday(a, change, { today: model.today, timeZone: model.timeZone, newAssignmentId: newAssignmentId(move.id) });
}

/** What the moves leave: each overloaded person's days still over in the window, their peak, and why. */
export function leftOf(model: LevelModel, moves: readonly Move[]): LeftOverload[] {
  const booked = bookedWith(model, moves);
  const moved = new Set(moves.map((m) => m.assignmentId));
  const left: LeftOverload[] = [];
  for (const id of model.overloaded) {
    const p = model.people.get(id)!;
    const now = booked.get(id) ?? p.booked;
    const days: number[] = [];
    let peak = 0;
    for (let d = model.windowStart; d <= model.windowEnd; d += 1) {
      if (!isOver(p, d, now[d])) continue;
      days.push(d);
      peak = Math.max(peak, oneDecimal((now[d]! / p.capacity[d]!) * 100));
    }
    if (days.length === 0) continue;
    const reasons: string[] = [];
    for (const c of model.candidates) {
      if (c.owner !== id || moved.has(c.assignment._id)) continue;
      const span = spanDays(c.assignment, model.timeZone);
      if (!days.some((d) => model.first + d >= span.first && model.first + d <= span.last)) continue;
      const why = c.moves.length > 0 ? ['every move it has would push someone else over capacity or clear nothing'] : c.notes;
      reasons.push(`${c.project?.name ?? 'Work'}: ${why.join(', ')}`);
    }
    left.push({
      engineerId: id,
      days: days.map((d) => dateOfDay(model.first + d)),
      peak,
      blockedBy: reasons.length > 0 ? reasons.join('; ') : 'work on those days cannot change',
    });
  }
  return left;
}

/** The proposal for the chosen moves, in the candidates' order. */
export function proposalOf(model: LevelModel, moves: readonly Move[], newAssignmentId: (seed: string) => string): Proposal {
  const order = new Map(model.candidates.map((c, i) => [c.assignment._id, i]));
  const sorted = [...moves].sort((a, b) => order.get(a.assignmentId)! - order.get(b.assignmentId)!);
  const changes = sorted.flatMap((move) => {
    const reason = reasonOf(model, move);
    return commandsOf(model, move, newAssignmentId).map((command) => ({ moveId: move.id, assignmentId: move.assignmentId, kind: move.kind, command, reason }));
  });
  return { changes, left: leftOf(model, moves) };
}

