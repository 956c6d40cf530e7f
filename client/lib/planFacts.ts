import type { CapacityEngineerRow } from '../../domain/capacity/contracts.ts';
import type { CapacityFacts } from '../../domain/capacity/capacity-over-time.ts';
import type { Plan } from '../../domain/plan.ts';

/** What the model reads of a plan: its lists, and which projects are tentative. */
export function factsOfPlan(plan: Plan): CapacityFacts<CapacityEngineerRow> {
  return {
    engineers: plan.engineers,
    assignments: plan.assignments,
    tentativeProjectIds: plan.projects.filter((p) => p.tentative).map((p) => p._id),
    timeOff: plan.timeOff,
    holidays: plan.holidays,
    placeholders: plan.placeholders,
  };
}
