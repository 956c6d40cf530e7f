import type { ProjectPlanResponse } from '../../../domain/capacity/project-plan-query.ts';
import type { PlanPerson } from '../../../domain/capacity/project-plan.ts';

import { personDays } from '../../lib/format.ts';

type Figures = { staffed: number; tentative: number; demand: number };

/**
 * A cell's look: staffed against everything asked of the project (staffed, tentative and open roles),
 * 'short' when open roles are still unstaffed in the period, 'idle' when nothing is on.
 */
export function planCellLook(cell: Figures, includeTentative: boolean): { label: string; tone: 'idle' | 'short' | 'staffed'; bars: { percent: number; color: string }[] } {
  // Tentative load is inside staffed when it is included: drawn once either way.
  const tentativeApart = includeTentative ? 0 : cell.tentative;
  const asked = cell.staffed + tentativeApart + cell.demand;
  if (asked <= 0) return { label: '', tone: 'idle', bars: [] };
  const share = (value: number) => (value / asked) * 100;
  return {
    label: personDays(cell.staffed + tentativeApart),
    tone: cell.demand > 0 ? 'short' : 'staffed',
    bars: [
      { percent: share(cell.staffed), color: '#2563eb' },
      { percent: share(tentativeApart), color: '#8b5cf6' },
      { percent: share(cell.demand), color: '#f59e0b' },
    ],
  };
}

/** A cell's tooltip: the figures, then who is on the project in the period and how much of theirs counts there. */
export function planCellLines(cell: Figures & { people: readonly PlanPerson[] }, includeTentative: boolean): string[] {
  const lines = [`Staffed ${personDays(cell.staffed)}${includeTentative && cell.tentative > 0 ? ' (tentative included)' : ''}`];
  if (cell.tentative > 0) lines.push(`Tentative ${personDays(cell.tentative)}`);
  if (cell.demand > 0) lines.push(`Open roles ${personDays(cell.demand)}`);
  for (const person of cell.people) lines.push(`${person.name}: ${person.load > 0 ? personDays(person.load) : 'away'}`);
  if (cell.people.length === 0 && cell.demand <= 0) lines.push('Nobody on it');
  return lines;
}

/** What the title line says: how many projects and what is still open over the window. */
export function planSummary(plan: Pick<ProjectPlanResponse, 'total' | 'totals'>): string {
  const sum = (figure: keyof Figures) => plan.totals.reduce((total, p) => total + p[figure], 0);
  const projects = `${plan.total} ${plan.total === 1 ? 'project' : 'projects'}`;
  return `${projects} · staffed ${personDays(sum('staffed'))} · open roles ${personDays(sum('demand'))}`;
}
