import type { Plan } from '../../domain/plan.ts';
import type { DraftedCommand } from '../../domain/scenarios/commands.ts';
import { request } from './api.ts';

/**
 * Where the planning writes go: to the live plan (no target), or drafted into the scenario the app is
 * showing (its owner working in it). The scenario lens sets the target; the write functions ask it.
 * `refold` folds the scenario again and shows it, so a write's answer is the entity as now drafted.
 */
export type DraftTarget = { scenarioId: string; refold: () => Promise<Plan> };
let target: DraftTarget | null = null;

export const setDraftTarget = (next: DraftTarget | null) => {
  target = next;
};
export const draftTarget = () => target;

/** Drafts `command` into the target scenario, shows the new fold, and answers what `pick` finds in it. */
export async function draft<T>(into: DraftTarget, command: DraftedCommand, pick: (plan: Plan) => T): Promise<T> {
  await request('POST', `/api/scenarios/${encodeURIComponent(into.scenarioId)}/changes`, { body: { command } });
  return pick(await into.refold());
}

/** A new entity's id, chosen when drafted so later drafts (and the publish) name the same one. */
export const newId = () => crypto.randomUUID();
