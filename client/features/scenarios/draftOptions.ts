import type { Plan } from '../../../domain/plan.ts';
import { dateRange, percent } from '../../lib/format.ts';
import type { AssignmentValues } from './draftCommand.ts';

export type Option = { value: string; label: string };

/** What the forms pick from: the plan as the scenario has it, so a change can build on an earlier drafted one. */
export type DraftChoices = {
  projects: (Option & { tentative: boolean })[];
  assignments: (Option & { current: AssignmentValues })[];
  engineers: Option[];
};

const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label);

/** Open projects, assignments not yet over at `now`, and everyone, each labelled for a select. */
export function draftChoices(plan: Plan, now: Date): DraftChoices {
  const projects = plan.projects
    .filter((p) => p.status !== 'completed')
    .map((p) => ({ value: p._id, label: p.tentative ? `${p.name} (tentative)` : p.name, tentative: p.tentative }))
    .sort(byLabel);
  const assignments = plan.assignments
    .filter((a) => Date.parse(a.endDate) > now.getTime())
    .map((a) => ({
      value: a._id,
      label: `${a.engineerId.name} on ${a.projectId.name} · ${percent(a.allocationPercentage)} · ${dateRange(a.startDate, a.endDate)}`,
      current: { role: a.role, allocationPercentage: a.allocationPercentage, startDate: a.startDate, endDate: a.endDate },
    }))
    .sort(byLabel);
  const engineers = plan.engineers.map((e) => ({ value: e._id, label: e.name })).sort(byLabel);
  return { projects, assignments, engineers };
}
