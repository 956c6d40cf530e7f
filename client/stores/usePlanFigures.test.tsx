// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Assignment, Engineer } from '../../domain/entities.ts';
import { emptyPlan } from '../../domain/plan.ts';
import { setAssignments } from './assignments.ts';
import { setEngineers } from './engineers.ts';
import { resetAll } from './plan.ts';
import { SLICED_FROM_ENGINEERS, useEngineerFigures } from './usePlanFigures.ts';
import { showLive, showPast } from './viewMode.ts';

const engineer = (id: string): Engineer => ({ _id: id, name: id, email: `${id}@x`, department: 'D', skills: [], seniority: 'mid', maxCapacity: 100, version: 1 });
const assignment = (id: string, engineerId: string, allocationPercentage: number, startDate: string, endDate: string): Assignment => ({
  _id: id, engineerId: { _id: engineerId, name: engineerId, email: `${engineerId}@x` }, projectId: { _id: 'p', name: 'P', status: 'active' },
  role: 'Dev', allocationPercentage, startDate, endDate, version: 1,
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await act(async () => showLive());
  resetAll();
});

describe('useEngineerFigures', () => {
  it('computes the figures once for every screen that opens within the clock\'s minute, and again when the data moves', async () => {
    // The assignment's last day is March 10th: it runs all that day and has ended on the 11th.
    vi.useFakeTimers({ now: new Date('2026-03-10T23:59:00.000Z'), toFake: ['Date'] });
    setEngineers([engineer('ana')]);
    setAssignments([assignment('a1', 'ana', 60, '2026-03-01T00:00:00.000Z', '2026-03-10T00:00:00.000Z')]);
    const first = renderHook(useEngineerFigures);
    expect(first.result.current.figures[0]).toMatchObject({ currentAllocation: 60, utilizationStatus: 'optimal' });

    // 20 s later another screen opens: the same figures, for the same moment (the assignment still runs then).
    vi.setSystemTime(new Date('2026-03-10T23:59:20.000Z'));
    const second = renderHook(useEngineerFigures);
    expect(second.result.current.figures).toBe(first.result.current.figures);
    expect(second.result.current.now).toBe(first.result.current.now);

    // A minute later the figures are computed for the new moment: the assignment has ended.
    vi.setSystemTime(new Date('2026-03-11T00:00:20.000Z'));
    const third = renderHook(useEngineerFigures);
    expect(third.result.current.figures).not.toBe(first.result.current.figures);
    expect(third.result.current.figures[0]).toMatchObject({ currentAllocation: 0, utilizationStatus: 'underutilized' });
    expect(third.result.current.now.toISOString()).toBe('2026-03-11T00:00:20.000Z');

    // New data: computed again at once.
    await act(async () => setAssignments([assignment('a2', 'ana', 120, '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z')]));
    expect(third.result.current.figures[0]).toMatchObject({ currentAllocation: 120, utilizationStatus: 'overloaded' });
  });

  it('while viewing the past, the figures are for that moment exactly', async () => {
    setEngineers([engineer('ana')]);
    setAssignments([]);
    renderHook(useEngineerFigures);
    const at = '2026-01-15T10:00:00.000Z';
    await act(async () => showPast(at, { ...emptyPlan(), engineers: [engineer('ana')], projects: [], assignments: [assignment('old', 'ana', 70, '2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z')] }));
    const { result } = renderHook(useEngineerFigures);
    expect(result.current.now.toISOString()).toBe(at);
    expect(result.current.figures[0]).toMatchObject({ currentAllocation: 70 });
  });

  it('for a large organisation, works the figures out in slices: none at first, then all of them, and the old ones stay while new data is worked out', async () => {
    const many = Array.from({ length: SLICED_FROM_ENGINEERS + 5 }, (_, i) => engineer(`e${i}`));
    setEngineers(many);
    setAssignments([assignment('a1', 'e3', 80, '2026-01-01T00:00:00.000Z', '2099-01-01T00:00:00.000Z')]);
    const { result } = renderHook(useEngineerFigures);
    expect(result.current.figures).toEqual([]);
    expect(result.current.computing).toBe(true);

    await waitFor(() => expect(result.current.computing).toBe(false));
    expect(result.current.figures).toHaveLength(many.length);
    expect(result.current.figures[3]).toMatchObject({ _id: 'e3', currentAllocation: 80, utilizationStatus: 'optimal' });
    const first = result.current.figures;

    await act(async () => setAssignments([assignment('a2', 'e3', 130, '2026-01-01T00:00:00.000Z', '2099-01-01T00:00:00.000Z')]));
    // Never empty on a live change: the figures before stay until the new ones are in.
    expect(result.current.computing).toBe(false);
    expect(result.current.figures).toHaveLength(first.length);
    await waitFor(() => expect(result.current.figures[3]).toMatchObject({ currentAllocation: 130, utilizationStatus: 'overloaded' }));

    // Another screen opening on the same data takes these figures at once.
    const other = renderHook(useEngineerFigures);
    expect(other.result.current.figures).toBe(result.current.figures);
    expect(other.result.current.computing).toBe(false);
  });
});
