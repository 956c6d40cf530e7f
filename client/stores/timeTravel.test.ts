import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { backToLive, timeTravelActor, travelTo } from './timeTravel.ts';
import { viewMode } from './viewMode.ts';

const past = { asOf: '2026-02-01T09:30:00.000Z', cursor: '77:12', engineers: [], projects: [], assignments: [] };

afterEach(() => {
  backToLive();
  vi.unstubAllGlobals();
});

describe('the app’s time-travel actor', () => {
  it('asks GET /api/history/state for the moment and shows the answer through the view mode', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(past), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    travelTo({ cursor: '77:12' });
    await waitFor(timeTravelActor, (s) => s.matches('viewingPast'));
    expect(fetch.mock.calls[0]![0]).toBe('/api/history/state?cursor=77%3A12');
    expect(viewMode.pastAt).toBe(past.asOf);
    expect(viewMode.past).toEqual({ engineers: [], projects: [], assignments: [] });

    backToLive();
    expect(timeTravelActor.getSnapshot().value).toBe('live');
    expect(viewMode.pastAt).toBeNull();
    expect(viewMode.past).toBeNull();
  });

  it('stays live with the server’s message when the plan cannot be loaded', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'at must be an ISO 8601 date-time', code: 'VALIDATION_FAILED' }), { status: 400 })));
    travelTo({ at: '2026-02-01T09:30:00.000Z' });
    await waitFor(timeTravelActor, (s) => s.matches('live') && s.context.error !== null);
    expect(timeTravelActor.getSnapshot().context.error).toBe('The plan for that moment could not be loaded: at must be an ISO 8601 date-time');
    expect(viewMode.pastAt).toBeNull();
  });
});
