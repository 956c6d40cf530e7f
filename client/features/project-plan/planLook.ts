import type { ProjectPlanResponse } from '../../../domain/capacity/project-plan-query.ts';
import { countedPlan, type PlanFigures, type PlanPerson } from '../../../domain/capacity/project-plan.ts';
import { personDays } from '../../lib/format.ts';
import { chartColors } from '../../components/palette.ts';

/** One figure a cell or a row's sum shows: what it counts, and its text. */
export type PlanLine = { kind: 'staffed' | 'tentative' | 'open'; text: string };

/** The figure's font sizes (project-plan.css): the first line's, and the open roles' under it. */
const FIRST_LINE_PX = 12;
const OPEN_LINE_PX = 11;

/** How wide a text prints at a font size, in px. */
export type Measure = (text: string, fontPx: number) => number;

/**
 * About how wide text prints in the app's sans-serif fonts, where the page cannot measure it:
 * digits and letters a little over half an em, separators and spaces under a third. It errs wide.
 */
export const textWidth: Measure = (text, fontPx) => {
  let em = 0;
  for (const char of text) em += char === ',' || char === '.' || char === ' ' ? 0.3 : /[A-Z]/.test(char) ? 0.72 : 0.6;
  return em * fontPx;
};

const wholeDays = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const thousands = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * The fullest form of a figure that fits the room, with its word while that fits: '2,178.5d open',
 * '2,179d open', '2,178.5d', '2,179d', '2,179', '2.2K'. A tenth of a day is dropped only from ten days
 * up, the unit only for whole days, so a small figure never reads rounder than it is; the tooltip
 * always has it in full.
 */
export function fittedDays(percentDays: number, room: number, fontPx: number, word?: string, measure: Measure = textWidth): string {
  const days = Math.round(percentDays / 10) / 10;
  const forms = [personDays(percentDays)];
  if (days >= 10) forms.push(`${wholeDays.format(days)}d`);
  const candidates = word ? [...forms.map((form) => `${form} ${word}`), ...forms] : [...forms];
  if (days >= 10) candidates.push(wholeDays.format(days));
  if (days >= 1000) candidates.push(thousands.format(days));
  return candidates.find((text) => measure(text, fontPx) <= room) ?? candidates[candidates.length - 1]!;
}

/**
 * What a cell or a row's sum shows, by countedPlan's rule: first what is staffed (tentative work
 * inside it only when the view includes it), or, where the only work is tentative work the view
 * leaves out, that work apart, in its own kind, so it reads as pipeline and never as staffed; then,
 * under it, the open roles still to fill, so a project short of people reads at a glance.
 */
function planLines(counted: ReturnType<typeof countedPlan>, room: number, measure: Measure = textWidth, tentativeWord: string | null = 'tentative'): PlanLine[] {
  const onlyTentative = counted.staffed <= 0 && counted.tentativeApart > 0;
  const lines: PlanLine[] = [
    onlyTentative
      ? { kind: 'tentative', text: fittedDays(counted.tentativeApart, room, FIRST_LINE_PX, tentativeWord ?? undefined, measure) }
      : { kind: 'staffed', text: fittedDays(counted.staffed, room, FIRST_LINE_PX, undefined, measure) },
  ];
  if (counted.demand > 0) lines.push({ kind: 'open', text: fittedDays(counted.demand, room, OPEN_LINE_PX, 'open', measure) });
  return lines;
}

/**
 * A cell's look: its figures in the room its column leaves (`room`, in px, as `measure` measures
 * them), and a bar of staffed
 * against everything asked of the project (staffed, tentative apart and open roles). A project's cell
 * is 'short' when open roles are still unstaffed in the period (a warning: tinted); the Totals row
 * always has open roles somewhere, so there it is no warning. 'idle' when nothing is on.
 */
export function planCellLook(
  cell: PlanFigures,
  includeTentative: boolean,
  room = Number.POSITIVE_INFINITY,
  totals = false,
  measure: Measure = textWidth,
): { lines: PlanLine[]; tone: 'idle' | 'short' | 'staffed'; bars: { percent: number; color: string }[] } {
  const counted = countedPlan([cell], includeTentative);
  const asked = counted.staffed + counted.tentativeApart + counted.demand;
  if (asked <= 0) return { lines: [], tone: 'idle', bars: [] };
  const share = (value: number) => (value / asked) * 100;
  return {
    lines: planLines(counted, room, measure),
    tone: counted.demand > 0 && !totals ? 'short' : 'staffed',
    bars: [
      { percent: share(counted.staffed), color: chartColors.booked },
      { percent: share(counted.tentativeApart), color: chartColors.tentative },
      { percent: share(counted.demand), color: chartColors.pending },
    ],
  };
}

/** A cell's tooltip: the figures, then who is on the project in the period and how much of theirs counts there. */
export function planCellLines(cell: PlanFigures & { people: readonly PlanPerson[] }, includeTentative: boolean): string[] {
  const lines = [`Staffed ${personDays(cell.staffed)}${includeTentative && cell.tentative > 0 ? ' (tentative included)' : ''}`];
  if (cell.tentative > 0) lines.push(`Tentative ${personDays(cell.tentative)}${includeTentative ? '' : ' (not counted)'}`);
  if (cell.demand > 0) lines.push(`Open roles ${personDays(cell.demand)}`);
  for (const person of cell.people) lines.push(`${person.name}: ${person.load > 0 ? personDays(person.load) : 'away'}`);
  if (cell.people.length === 0 && cell.demand <= 0) lines.push('Nobody on it');
  return lines;
}

/**
 * A project's figures over the window, beside its name, as its cells count them (planLines): staffed
 * or the tentative work apart, and the open roles under it; the tooltip says every figure. The
 * tentative work goes without its word here: the name's Tentative tag says it, and needs the room.
 */
export function planRowSummary(periods: readonly PlanFigures[], includeTentative: boolean): { lines: PlanLine[]; tip: string } {
  const counted = countedPlan(periods, includeTentative);
  const tip = [`Over the window: staffed ${personDays(counted.staffed)}`];
  if (counted.tentativeApart > 0) tip.push(`tentative ${personDays(counted.tentativeApart)} (not counted)`);
  if (counted.demand > 0) tip.push(`open roles ${personDays(counted.demand)}`);
  return { lines: planLines(counted, Number.POSITIVE_INFINITY, textWidth, null), tip: tip.join(' · ') };
}

/** What the title line says: how many projects, what is staffed and still open over the window, and the tentative work left out. */
export function planSummary(plan: Pick<ProjectPlanResponse, 'total' | 'totals' | 'includeTentative'>): string {
  const counted = countedPlan(plan.totals, plan.includeTentative);
  const projects = `${plan.total} ${plan.total === 1 ? 'project' : 'projects'}`;
  const apart = counted.tentativeApart > 0 ? ` · tentative ${personDays(counted.tentativeApart)} not counted` : '';
  return `${projects} · staffed ${personDays(counted.staffed)} · open roles ${personDays(counted.demand)}${apart}`;
}
