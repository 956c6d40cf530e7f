import { beforeEach, describe, expect, it, vi } from 'vitest';
import { capacityQuery } from '../../lib/window.ts';
import { viewFromSearch } from '../../lib/scheduleView.ts';
import type { ScheduleData } from './schedule.machine.ts';

// The network is the edge here: what is asked for, and when, is what these tests look at.
const fetchSchedule = vi.fn();
vi.mock('./scheduleFetch.ts', () => ({ fetchSchedule: (...args: unknown[]) => fetchSchedule(...args) }));

const today = '2026-11-26';
const search = new URLSearchParams('weeks=26');
const query = capacityQuery(viewFromSearch(search), today);
const answer = { grid: { rows: [] }, timeOff: [], placeholders: [] } as unknown as ScheduleData;

async function load() {
  vi.resetModules();
  return import('./schedulePreload.ts');
}

beforeEach(() => {
  fetchSchedule.mockReset();
  fetchSchedule.mockResolvedValue(answer);
});

describe('the schedule read ahead', () => {
  it('asks once for a view, however often the app asks to read it ahead', async () => {
    const { preloadSchedule } = await load();
    preloadSchedule(search, today);
    preloadSchedule(search, today);
    expect(fetchSchedule).toHaveBeenCalledTimes(1);
    expect(fetchSchedule.mock.calls[0]![0].toString()).toBe(query.toString());
  });

  it('hands an arrived answer to every run of the first render until the screen has shown it', async () => {
    const { preloadSchedule, arrivedFor, shown, takePreloaded } = await load();
    preloadSchedule(search, today);
    await Promise.resolve();
    await Promise.resolve();
    // React may throw a first render away and run it again: both runs must find the grid.
    expect(arrivedFor(query)).toBe(answer);
    expect(arrivedFor(query)).toBe(answer);
    shown(answer);
    expect(arrivedFor(query)).toBeNull();
    expect(takePreloaded(query)).toBeNull();
  });

  it('has nothing for a render before the answer has come, and gives the promise to the screen once', async () => {
    let resolve!: (data: ScheduleData) => void;
    fetchSchedule.mockReturnValue(new Promise<ScheduleData>((r) => (resolve = r)));
    const { preloadSchedule, arrivedFor, takePreloaded } = await load();
    preloadSchedule(search, today);
    expect(arrivedFor(query)).toBeNull();
    const taken = takePreloaded(query);
    expect(taken).not.toBeNull();
    expect(takePreloaded(query)).toBeNull();
    resolve(answer);
    await expect(taken).resolves.toBe(answer);
  });

  it('does not hand one view its answer to another', async () => {
    const { preloadSchedule, arrivedFor } = await load();
    preloadSchedule(search, today);
    await Promise.resolve();
    await Promise.resolve();
    expect(arrivedFor(capacityQuery(viewFromSearch(new URLSearchParams('weeks=12')), today))).toBeNull();
  });

  it('lets another answer be: shown() of an older one leaves the newer read ahead in place', async () => {
    const { preloadSchedule, arrivedFor, shown } = await load();
    preloadSchedule(search, today);
    await Promise.resolve();
    await Promise.resolve();
    shown({ ...answer });
    expect(arrivedFor(query)).toBe(answer);
  });
});
