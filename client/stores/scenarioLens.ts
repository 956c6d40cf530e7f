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

const fetchFolded = (id: string) => request<{ plan: Plan; scenario: { _id: string; name: string } }>('GET', `/api/scenarios/${encodeURIComponent(id)}/plan`);

async function fold(id: string, editable: boolean): Promise<void> {
  const mine = ++generation;
  const { plan, scenario } = await fetchFolded(id);
  // A newer fold, another scenario, time travel or Back to live came in meanwhile: this answer is stale.
  if (mine !== generation) return;
  showScenario({ id: scenario._id, name: scenario.name, editable }, plan, new Date());
}

/**
 * Shows the scenario on every screen; resolves once the first fold is shown (rejects with the API's
 * error). `editable` (its owner, while it is a draft): the planning writes are drafted into it.
 */
export async function openScenarioLens(id: string, { editable }: { editable: boolean }): Promise<void> {
  closeFollowing();
  await fold(id, editable);
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

registerSignOutCleanup(closeScenarioLens);
