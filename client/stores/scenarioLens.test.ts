// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyPlan } from '../../domain/plan.ts';
import { closeScenarioLens, openScenarioLens, resumeScenarioLens } from './scenarioLens.ts';
import { showLive, viewMode } from './viewMode.ts';

/** The scenarios the server has, by id, with their status. */
let scenarios: Record<string, { name: string; status: string }> = {};
beforeEach(() => {
  scenarios = { s1: { name: 'Win the mobile deal', status: 'draft' } };
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    const id = /\/api\/scenarios\/([^/]+)\/plan/.exec(url)?.[1];
    const found = id ? scenarios[id] : undefined;
    if (!found) return new Response(JSON.stringify({ message: 'Scenario not found', code: 'NOT_FOUND' }), { status: 404 });
    return new Response(JSON.stringify({ plan: emptyPlan(), scenario: { _id: id, ...found } }), { status: 200 });
  }));
});
afterEach(() => {
  closeScenarioLens();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

/** What a reload leaves: a new page starts live, with only the tab's session storage kept. */
const reload = () => showLive();

describe('the scenario lens across a reload', () => {
  it('comes back to the scenario the tab showed, still drafting into it (it came back live)', async () => {
    await openScenarioLens('s1', { editable: true });
    reload();
    expect(viewMode.scenario).toBeNull();
    await resumeScenarioLens();
    expect(viewMode.scenario).toEqual({ id: 's1', name: 'Win the mobile deal', editable: true });
  });

  it('stays live after Back to live, and forgets a scenario published or gone meanwhile', async () => {
    await openScenarioLens('s1', { editable: true });
    closeScenarioLens();
    await resumeScenarioLens();
    expect(viewMode.scenario).toBeNull();

    await openScenarioLens('s1', { editable: false });
    reload();
    scenarios.s1!.status = 'published';
    await resumeScenarioLens();
    expect(viewMode.scenario).toBeNull();
    scenarios.s1!.status = 'draft';
    await resumeScenarioLens();
    expect(viewMode.scenario).toBeNull();
  });
});
