// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Engineer } from '../../../../domain/entities.ts';
import { emptyPlan } from '../../../../domain/plan.ts';
import { memoryStorage } from '../../../lib/memoryStorage.ts';
import { useCapacity } from './useCapacity.ts';
import { showLive, showPast } from '../../../stores/viewMode.ts';

const ana: Engineer = { _id: 'e1', name: 'Ana', email: 'ana@x.test', department: 'Platform', skills: [], seniority: 'mid', maxCapacity: 100, version: 1 };

afterEach(() => {
  act(() => showLive());
  vi.unstubAllGlobals();
});

describe('useCapacity', () => {
  it('asks the server on the live plan, and works the past plan out itself while the app views a past moment', async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL) => new Response(JSON.stringify({ shape: 'columns', from: '2026-03-02', to: '2026-03-08', timeZone: 'UTC', rows: [], totals: [], periods: [], total: 7 }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('localStorage', memoryStorage({ userToken: '"t"' }));
    const { result } = renderHook(() => useCapacity({ from: '2026-03-02', to: '2026-03-08', step: 'week' }));
    await waitFor(() => expect(result.current.data?.total).toBe(7));
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/capacity?from=2026-03-02&shape=columns&step=week&to=2026-03-08');

    act(() => showPast('2026-03-01T00:00:00.000Z', { ...emptyPlan(), engineers: [ana] }));
    await waitFor(() => expect(result.current.data?.total).toBe(1));
    expect(result.current.data?.rows.map((row) => [row.engineer.name, row.periods[0]!.utilization])).toEqual([['Ana', 0]]);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    act(() => showLive());
    await waitFor(() => expect(result.current.data?.total).toBe(7));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks nothing without parameters', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useCapacity(null));
    expect(result.current).toMatchObject({ data: null, loading: false, error: null });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
