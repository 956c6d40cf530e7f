import type { Plan } from '../../domain/plan.ts';
import { request } from '../lib/api.ts';
import { setDraftTarget } from '../lib/draftTarget.ts';
import { onLiveChange } from './live.ts';
import { registerSignOutCleanup } from './session.ts';
import { showLive, showScenario, viewMode } from './viewMode.ts';

/**
 * The scenario lens: every screen (schedule, Engineers, Report, forecast) shows the live plan with a
 * scenario's drafted changes folded on it, read-only like time travel. While it is on, each live
 * event folds the scenario again on the new live plan (the server does the folding), so what the
 * screens show never lags the live plan underneath.
 */
let stopFollowing: (() => void) | null = null;
let generation = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

const fetchFolded = (id: string) =>
  request<{ plan: Plan; scenario: { _id: string; name: string; status: string } }>('GET', `/api/scenarios/${encodeURIComponent(id)}/plan`);

/**
 * Folds the scenario again and shows it; false when the lens has nothing left to show. Only a draft is
 * shown: once published its changes are the live plan itself (and discarded, they never will be), so
 * the lens closes and every screen is live again, whoever published it and wherever.
 */
async function fold(id: string, editable: boolean): Promise<boolean> {
  const mine = ++generation;
  const { plan, scenario } = await fetchFolded(id);
  // A newer fold, another scenario, time travel or Back to live came in meanwhile: this answer is stale.
  if (mine !== generation) return false;
  if (scenario.status !== 'draft') {
    if (viewMode.scenario?.id === id) closeScenarioLens();
    return false;
  }
  showScenario({ id: scenario._id, name: scenario.name, editable }, plan, new Date());
  return true;
}

/**
 * Shows the scenario on every screen; resolves once the first fold is shown (rejects with the API's
 * error). `editable` (its owner, while it is a draft): the planning writes are drafted into it.
 */
export async function openScenarioLens(id: string, { editable }: { editable: boolean }): Promise<void> {
  closeFollowing();
  if (!(await fold(id, editable))) return;
  setDraftTarget(editable ? { scenarioId: id, refold: async () => (await fold(id, editable), viewMode.past!) } : null);
  stopFollowing = onLiveChange(() => {
    if (viewMode.scenario?.id !== id) return closeFollowing();
    clearTimeout(timer);
    timer = setTimeout(() => void fold(id, editable).catch(() => undefined), 250);
  });
}

function closeFollowing() {
  setDraftTarget(null);
  clearTimeout(timer);
  stopFollowing?.();
  stopFollowing = null;
}

/** Back to the live plan. */
export function closeScenarioLens(): void {
  generation++;
  closeFollowing();
  showLive();
}

/** The scenario was published or discarded here: if the lens shows it, back to the live plan at once. */
export function scenarioClosed(id: string): void {
  if (viewMode.scenario?.id === id) closeScenarioLens();
}

registerSignOutCleanup(closeScenarioLens);
