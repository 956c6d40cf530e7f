import { describeEvent } from '../describe.ts';
import { streamEntity, type PlanningEvent } from '../events.ts';
import type { Plan } from '../plan.ts';
import type { ScenarioChange } from './commands.ts';
import type { StreamEvents } from '../commands/table.ts';
import type { ChangeOutcome } from './fold.ts';

/** Whom and what an event is about, looked up in the plans around it (the one before names what a removal removed). */
function namesOf(event: PlanningEvent, streamId: string, plans: readonly Plan[]): { engineer?: string; project?: string } {
  const entity = streamEntity(streamId);
  const find = <T extends { _id: string }>(pick: (plan: Plan) => readonly T[], id: string) =>
    plans.map((plan) => pick(plan).find((item) => item._id === id)).find((item) => item !== undefined);
  if (entity?.kind === 'assignment') {
    const assignment = find((plan) => plan.assignments, entity.id);
    return { engineer: assignment?.engineerId.name, project: assignment?.projectId.name };
  }
  if (entity?.kind === 'project') {
    const filled = event.type === 'PlaceholderFilled' ? find((plan) => plan.assignments, event.data.assignmentId) : undefined;
    return { project: find((plan) => plan.projects, entity.id)?.name, engineer: filled?.engineerId.name };
  }
  if (entity?.kind === 'engineer') return { engineer: find((plan) => plan.engineers, entity.id)?.name };
  return {};
}

/** The sentences of a drafted change, as the History screen would write its events once published. */
export function describeDecided(decided: readonly StreamEvents[], before: Plan, after: Plan, actor: string): string[] {
  return decided.flatMap(({ streamId, events }) =>
    events.map((event) => describeEvent(event, { actor, ...namesOf(event, streamId, [after, before]) })));
}

export type DescribedChange = ScenarioChange & { applied: boolean; error?: string; sentences: string[] };

/** Each drafted change with how it fared on the live plan and what it does, in sentences. */
export function describeChanges(changes: readonly ScenarioChange[], outcomes: readonly ChangeOutcome[], actor: string): DescribedChange[] {
  return changes.map((change, i) => {
    const outcome = outcomes[i]!;
    return outcome.applied
      ? { ...change, applied: true, sentences: describeDecided(outcome.decided, outcome.before, outcome.after, actor) }
      : { ...change, applied: false, error: outcome.error.message, sentences: [] };
  });
}
