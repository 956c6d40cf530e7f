import { proxy, ref, useSnapshot } from 'valtio';
import type { Plan } from '../../domain/plan.ts';

/**
 * Whether the app shows the live plan or the plan as it was at a past moment (time travel, issue 6).
 * The live collections keep following the live channel underneath; the read hooks show `past` while
 * `pastAt` is set. Written only by the time-travel actions; every write control hides while it is set.
 */
export const viewMode = proxy<{ pastAt: string | null; past: Plan | null }>({ pastAt: null, past: null });

export function showPast(at: string, plan: Plan) {
  viewMode.past = ref(plan) as Plan;
  viewMode.pastAt = at;
}

export function showLive() {
  viewMode.pastAt = null;
  viewMode.past = null;
}

export const useIsViewingPast = () => useSnapshot(viewMode).pastAt !== null;
