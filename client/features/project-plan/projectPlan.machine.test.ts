import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { PlanData } from './projectPlan.machine.ts';
import { PLAN_DEBOUNCE_MS, projectPlanMachine } from './projectPlan.machine.ts';

const data = { plan: { rows: [] }, placeholders: [] } as unknown as PlanData;

function start() {
  const queries: string[] = [];
  const machine = projectPlanMachine.provide({
    actors: { fetchPlan: fromPromise(async ({ input }) => (queries.push(input.query.toString()), data)) },
  });
  const actor = createActor(machine, { input: { today: () => '2025-06-04' } }).start();
  return { actor, queries };
}

describe('the project plan machine', () => {
  it('given a new step, then it fetches that view at once', async () => {
    const { actor, queries } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'CHANGE', change: { step: 'month' } });
    await vi.waitFor(() => expect(queries).toHaveLength(2));
    expect(queries[1]).toContain('step=month');
  });

  it('given a burst of live events, then it fetches once after the pause', async () => {
    vi.useFakeTimers();
    const { actor, queries } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    for (let i = 0; i < 5; i += 1) actor.send({ type: 'REFRESH' });
    await vi.advanceTimersByTimeAsync(PLAN_DEBOUNCE_MS + 10);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(queries).toHaveLength(2);
    vi.useRealTimers();
  });

  it('opens and closes a project on its bars', () => {
    const { actor } = start();
    actor.send({ type: 'TOGGLE_ROW', projectId: 'p1' });
    expect(actor.getSnapshot().context.open).toEqual(['p1']);
    actor.send({ type: 'TOGGLE_ROW', projectId: 'p1' });
    expect(actor.getSnapshot().context.open).toEqual([]);
  });
});
