import type { ProjectPlanResponse } from '../../../domain/capacity/project-plan-query.ts';
import { countedPlan, type PlanFigures, type PlanPerson } from '../../../domain/capacity/project-plan.ts';
import { personDays } from '../../lib/format.ts';

/**
 * A cell's look: staffed against everything asked of the project (staffed, tentative and open roles),
 * 'short' when open roles are still unstaffed in the period, 'idle' when nothing is on. Its figure is
 * what the plan counts as staffed; tentative work the view leaves out is not in it (nor in the row's
 * sum, the totals or the title: countedPlan), and a cell with only such work says it apart, in its own
 * kind, so it reads as pipeline and never as staffed.
 */
export function planCellLook(
  cell: PlanFigures,
  includeTentative: boolean,
): { label: string; kind: 'staffed' | 'tentative'; tone: 'idle' | 'short' | 'staffed'; bars: { percent: number; color: string }[] } {
  const counted = countedPlan([cell], includeTentative);
  const asked = counted.staffed + counted.tentativeApart + counted.demand;
  if (asked <= 0) return { label: '', kind: 'staffed', tone: 'idle', bars: [] };
  const share = (value: number) => (value / asked) * 100;
  const onlyTentative = counted.staffed <= 0 && counted.tentativeApart > 0;
  return {
    label: personDays(onlyTentative ? counted.tentativeApart : counted.staffed),
    kind: onlyTentative ? 'tentative' : 'staffed',
    tone: counted.demand > 0 ? 'short' : 'staffed',
    bars: [
      { percent: share(counted.staffed), color: '#2563eb' },
      { percent: share(counted.tentativeApart), color: '#8b5cf6' },
      { percent: share(counted.demand), color: '#f59e0b' },
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
 * A project's figures over the window, beside its name: staffed as its cells count it, or, for a
 * pipeline project whose work the view leaves out, that work apart; the tooltip says every figure.
 */
export function planRowSummary(periods: readonly PlanFigures[], includeTentative: boolean): { label: string; kind: 'staffed' | 'tentative'; tip: string } {
  const counted = countedPlan(periods, includeTentative);
  const onlyTentative = counted.staffed <= 0 && counted.tentativeApart > 0;
  const tip = [`Over the window: staffed ${personDays(counted.staffed)}`];
  if (counted.tentativeApart > 0) tip.push(`tentative ${personDays(counted.tentativeApart)} (not counted)`);
  if (counted.demand > 0) tip.push(`open roles ${personDays(counted.demand)}`);
  return { label: personDays(onlyTentative ? counted.tentativeApart : counted.staffed), kind: onlyTentative ? 'tentative' : 'staffed', tip: tip.join(' · ') };
}

/** What the title line says: how many projects, what is staffed and still open over the window, and the tentative work left out. */
export function planSummary(plan: Pick<ProjectPlanResponse, 'total' | 'totals' | 'includeTentative'>): string {
  const counted = countedPlan(plan.totals, plan.includeTentative);
  const projects = `${plan.total} ${plan.total === 1 ? 'project' : 'projects'}`;
  const apart = counted.tentativeApart > 0 ? ` · tentative ${personDays(counted.tentativeApart)} not counted` : '';
  return `${projects} · staffed ${personDays(counted.staffed)} · open roles ${personDays(counted.demand)}${apart}`;
}
