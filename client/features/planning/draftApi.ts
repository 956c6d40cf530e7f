import type { Plan } from '../../../domain/plan.ts';
import type { DraftedCommand } from '../../../domain/scenarios/commands.ts';
import { request } from '../../lib/http.ts';
import type { DraftTarget } from '../../lib/draftTarget.ts';

/** Drafts `command` into the target scenario, without folding it again (a change drafted in parts folds once, after its last). */
export async function draftOnly(into: DraftTarget, command: DraftedCommand): Promise<void> {
  await request('POST', `/api/scenarios/${encodeURIComponent(into.scenarioId)}/changes`, { body: { command } });
}

/** Drafts `command` into the target scenario, shows the new fold, and answers what `pick` finds in it. */
export async function draft<T>(into: DraftTarget, command: DraftedCommand, pick: (plan: Plan) => T): Promise<T> {
  await draftOnly(into, command);
  return pick(await into.refold());
}
