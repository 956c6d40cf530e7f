import type { Plan } from '../../domain/plan.ts';
import { ApiError } from './api.ts';

/**
 * Where the planning writes go: to the live plan (no target), or drafted into the scenario the app is
 * showing (its owner working in it). The scenario lens sets the target; the write functions ask it, and
 * the planning feature's draftApi.ts sends the drafts.
 * `refold` folds the scenario again and shows it, so a write's answer is the entity as now drafted.
 */
export type DraftTarget = { scenarioId: string; refold: () => Promise<Plan> };
let target: DraftTarget | null = null;

export const setDraftTarget = (next: DraftTarget | null) => {
  target = next;
};

/** A new entity's id, chosen when drafted so later drafts (and the publish) name the same one. */
export const newId = () => crypto.randomUUID();

const SCENARIO_CHANGED = 'The drafted change no longer applies to the scenario';

/** Found in the fold it was just drafted into (a drafted write answers with what the scenario now holds). */
export function foundIn<T extends { _id: string }>(list: readonly T[], id: string): T {
  const item = list.find((entry) => entry._id === id);
  if (!item) throw new ApiError(SCENARIO_CHANGED, 409, { code: 'SCENARIO_CHANGED', message: SCENARIO_CHANGED });
  return item;
}

/** The live write, or, while the app works in a scenario, its draft. */
export function liveOrDrafted<T>(live: () => Promise<T>, drafted: (into: DraftTarget) => Promise<T>): Promise<T> {
  const into = target;
  return into ? drafted(into) : live();
}

/** A write a scenario cannot draft (engineers' profiles, the holiday calendar): refused while working in one. */
export function liveOnly<T>(live: () => Promise<T>, what: string): Promise<T> {
  if (!target) return live();
  const message = `${what} change on the live plan only: go back to live first`;
  return Promise.reject(new ApiError(message, 409, { code: 'NOT_IN_SCENARIO', message }));
}
