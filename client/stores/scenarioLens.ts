import { setDraftTarget } from '../lib/draftTarget.ts';
import { callsOf } from './calls.ts';
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

/**
 * Folds the scenario again and shows it; false when the lens has nothing left to show. Only a draft is
 * shown: once published its changes are the live plan itself (and discarded, they never will be), so
 * the lens closes and every screen is live again, whoever published it and wherever.
 */
async function fold(id: string, editable: boolean): Promise<boolean> {
  const mine = ++generation;
  const { plan, scenario } = await callsOf('scenarioLens').folded(id);
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
  remember({ id, editable });
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

/**
 * The lens a tab shows is kept in the tab's session storage, so a reload comes back to it: it used to
 * come back live, with nothing saying the scenario was gone.
 */
const KEPT = 'scenarioLens';
type Kept = { id: string; editable: boolean };

function remember(kept: Kept | null): void {
  try {
    if (kept) sessionStorage.setItem(KEPT, JSON.stringify(kept));
    else sessionStorage.removeItem(KEPT);
  } catch {
    // No storage (a private window's quota, a test without a DOM): the lens just does not outlive the page.
  }
}

function kept(): Kept | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEPT) ?? 'null') as Partial<Kept> | null;
    return value && typeof value.id === 'string' ? { id: value.id, editable: value.editable === true } : null;
  } catch {
    return null;
  }
}

/**
 * After a reload, shows again the scenario this tab showed (once signed in). One that can no longer be
 * shown (published, discarded, not found) is forgotten, and the screens stay live.
 */
export async function resumeScenarioLens(): Promise<void> {
  const last = kept();
  if (!last || viewMode.scenario) return;
  try {
    await openScenarioLens(last.id, { editable: last.editable });
    // Read again: the lens may have closed while it folded (the scenario was published meanwhile).
    const shown = (viewMode as { scenario: { id: string } | null }).scenario;
    if (shown?.id !== last.id) remember(null);
  } catch {
    remember(null);
  }
}

/** Back to the live plan. */
export function closeScenarioLens(): void {
  remember(null);
  generation++;
  closeFollowing();
  showLive();
}

/** The scenario was published or discarded here: if the lens shows it, back to the live plan at once. */
export function scenarioClosed(id: string): void {
  if (viewMode.scenario?.id === id) closeScenarioLens();
}

registerSignOutCleanup(closeScenarioLens);
