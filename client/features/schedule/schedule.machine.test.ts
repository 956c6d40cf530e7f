import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CapacityResponse } from '../../../domain/capacity/contracts.ts';
import { defaultScheduleView, searchOfView, viewFromSearch } from '../../lib/scheduleView.ts';
import { isRowOpen, SCHEDULE_DEBOUNCE_MS, type ScheduleData, type ScheduleFetchInput, scheduleMachine } from './schedule.machine.ts';

const TODAY = '2026-03-18'; // a Wednesday: its week starts on Monday 2026-03-16

/** A grid that says which query it answers, so a test can tell answers apart. */
const answer = (query: URLSearchParams): ScheduleData => ({
  grid: {
    from: query.get('from')!,
    to: query.get('to')!,
    step: query.get('step') as CapacityResponse['step'],
    includeTentative: query.get('includeTentative') === 'true',
    timeZone: 'UTC',
    periods: [],
    rows: [],
    totals: [],
    total: Number(query.get('q')?.length ?? 0),
  },
  timeOff: [],
  placeholders: [],
});

type Pending = { input: ScheduleFetchInput; resolve: (value: ScheduleData) => void; reject: (error: unknown) => void };

function start(search = '') {
  const requests: Pending[] = [];
  const machine = scheduleMachine.provide({
    actors: {
      fetchSchedule: fromPromise<ScheduleData, ScheduleFetchInput>(
        ({ input }) => new Promise((resolve, reject) => requests.push({ input, resolve, reject })),
      ),
    },
  });
  const actor = createActor(machine, { input: { view: viewFromSearch(new URLSearchParams(search)), today: () => TODAY } }).start();
  const last = () => requests.at(-1)!;
  const respond = async (at = requests.length - 1) => {
    requests[at]!.resolve(answer(requests[at]!.input.query));
    await vi.advanceTimersByTimeAsync(0);
  };
  return { actor, requests, last, respond, state: () => actor.getSnapshot() };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('schedule machine', () => {
  it('loads the week of today, 12 weeks, by name, and keeps the grid', async () => {
    const s = start();
    expect(s.state().value).toBe('loading');
    expect(s.last().input.query.toString()).toBe('from=2026-03-16&to=2026-06-07&step=week&sort=name&limit=5000');
    await s.respond();
    expect(s.state().value).toBe('ready');
    expect(s.state().context.data?.grid.from).toBe('2026-03-16');
  });

  it('starts ready, without a fetch, when given the grid already read for its view', () => {
    const view = viewFromSearch(new URLSearchParams('weeks=26'));
    const data = answer(new URLSearchParams('from=2026-03-16&to=2026-09-13&step=week'));
    const fetches: ScheduleFetchInput[] = [];
    const machine = scheduleMachine.provide({
      actors: { fetchSchedule: fromPromise<ScheduleData, ScheduleFetchInput>(({ input }) => (fetches.push(input), new Promise(() => undefined))) },
    });
    const actor = createActor(machine, { input: { view, today: () => TODAY, data } });
    expect(actor.getSnapshot().context.data).toBe(data);
    actor.start();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(fetches).toEqual([]);
    actor.send({ type: 'RELOAD' });
    expect(fetches).toHaveLength(1);
  });

  it('opens on the view of its URL', () => {
    const s = start('from=2026-01-07&weeks=4&step=day&skills=React,Go&minFree=50&freeFrom=2026-01-12&freeTo=2026-01-16&sort=free');
    expect(Object.fromEntries(s.last().input.query)).toEqual({
      from: '2026-01-05',
      to: '2026-02-01',
      step: 'day',
      sort: 'free',
      skills: 'React,Go',
      minFree: '50',
      freeFrom: '2026-01-12',
      freeTo: '2026-01-16',
      limit: '5000',
    });
  });

  it('moves the window back, forward and to today, four weeks at a time', async () => {
    const s = start();
    s.actor.send({ type: 'NEXT' });
    expect(s.state().context.view.from).toBe('2026-04-13');
    expect(s.last().input.query.get('from')).toBe('2026-04-13');
    s.actor.send({ type: 'PREVIOUS' });
    s.actor.send({ type: 'PREVIOUS' });
    expect(s.state().context.view.from).toBe('2026-02-16');
    s.actor.send({ type: 'TODAY' });
    expect(s.state().context.view.from).toBeNull();
    expect(s.last().input.query.get('from')).toBe('2026-03-16');
    s.actor.send({ type: 'GO_TO', date: '2026-07-02' });
    expect(s.state().context.view.from).toBe('2026-06-29');
    expect(s.requests).toHaveLength(6);
  });

  it('drops the answer for an older view: only the latest request counts', async () => {
    const s = start();
    s.actor.send({ type: 'CHANGE', change: { sort: 'peak' } });
    await s.respond(0); // the first request answers late: its actor was stopped
    expect(s.state().value).toBe('loading');
    await s.respond(1);
    expect(s.state().context.data?.grid).toMatchObject({ from: '2026-03-16' });
    expect(s.state().value).toBe('ready');
  });

  it('clamps the span of a day zoom and keeps other filters', () => {
    const s = start('weeks=26&q=ann');
    s.actor.send({ type: 'CHANGE', change: { step: 'day' } });
    expect(s.state().context.view).toMatchObject({ step: 'day', weeks: 8, q: 'ann' });
    s.actor.send({ type: 'CHANGE', change: { step: 'month', weeks: 52 } });
    expect(s.last().input.query.get('from')).toBe('2026-03-01');
    expect(s.last().input.query.get('to')).toBe('2027-02-28'); // 52 weeks reach into February: twelve whole months
  });

  it('waits for a pause in typing before it searches', async () => {
    const s = start();
    await s.respond();
    for (const text of ['r', 're', 'rea', 'react']) {
      s.actor.send({ type: 'SEARCH', text });
      await vi.advanceTimersByTimeAsync(SCHEDULE_DEBOUNCE_MS - 50);
    }
    expect(s.requests).toHaveLength(1);
    expect(s.state().value).toBe('waiting');
    await vi.advanceTimersByTimeAsync(50);
    expect(s.requests).toHaveLength(2);
    expect(s.last().input.query.get('q')).toBe('react');
  });

  it('opens one person by id from a link, and a search typed after lets them go', async () => {
    const s = start('q=Ada+Ito&engineer=e-7');
    expect(s.last().input.query.get('engineerId')).toBe('e-7');
    expect(s.last().input.query.get('q')).toBe('Ada Ito');
    await s.respond();
    s.actor.send({ type: 'SEARCH', text: 'Ada' });
    await vi.advanceTimersByTimeAsync(SCHEDULE_DEBOUNCE_MS);
    expect(s.state().context.view.engineer).toBeNull();
    expect(s.last().input.query.has('engineerId')).toBe(false);
    expect(s.last().input.query.get('q')).toBe('Ada');
  });

  it('folds a burst of live events into one refresh, and keeps the grid meanwhile', async () => {
    const s = start();
    await s.respond();
    for (let i = 0; i < 5; i += 1) s.actor.send({ type: 'REFRESH' });
    expect(s.state().context.data).not.toBeNull();
    await vi.advanceTimersByTimeAsync(SCHEDULE_DEBOUNCE_MS);
    expect(s.requests).toHaveLength(2);
  });

  it('asks again when an event arrives during a load, without cancelling it', async () => {
    const s = start();
    s.actor.send({ type: 'REFRESH' });
    expect(s.state().value).toBe('loading');
    await s.respond();
    expect(s.state().context.data).not.toBeNull();
    expect(s.state().value).toBe('waiting');
    await vi.advanceTimersByTimeAsync(SCHEDULE_DEBOUNCE_MS);
    expect(s.requests).toHaveLength(2);
    await s.respond();
    expect(s.state().value).toBe('ready');
  });

  it('reloads at once on RELOAD', () => {
    const s = start();
    s.actor.send({ type: 'RELOAD' });
    expect(s.requests).toHaveLength(2);
  });

  it('shows a failure and retries', async () => {
    const s = start();
    s.last().reject(new Error('Network Error'));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.state().value).toBe('failed');
    expect(s.state().context.error).toBe('Network Error');
    s.actor.send({ type: 'RETRY' });
    expect(s.state().value).toBe('loading');
    await s.respond();
    expect(s.state().context.error).toBeNull();
  });

  it('takes a view from the URL only when it differs', () => {
    const s = start('sort=peak');
    s.actor.send({ type: 'SET_VIEW', view: viewFromSearch(new URLSearchParams('sort=peak')) });
    expect(s.requests).toHaveLength(1);
    s.actor.send({ type: 'SET_VIEW', view: defaultScheduleView });
    expect(s.requests).toHaveLength(2);
    expect(searchOfView(s.state().context.view).toString()).toBe('');
  });

  it('fetches nothing for a change that leaves the view as it is', () => {
    const s = start('sort=peak&freeFrom=2026-03-23');
    s.actor.send({ type: 'CHANGE', change: { sort: 'peak', freeFrom: '2026-03-23' } });
    expect(s.requests).toHaveLength(1);
    s.actor.send({ type: 'CHANGE', change: { freeFrom: '2026-03-23', freeTo: '2026-03-29' } });
    expect(s.requests).toHaveLength(2);
    expect(searchOfView(s.state().context.view).toString()).toContain('freeTo=2026-03-29');
    s.actor.send({ type: 'CHANGE', change: { freeFrom: '2026-03-23', freeTo: '2026-03-29' } });
    expect(s.requests).toHaveLength(2);
  });

  it('switches past periods between the plan and actuals in the view (so in the URL), without fetching the grid again', async () => {
    const s = start('from=2026-02-16');
    await s.respond();
    s.actor.send({ type: 'CHANGE', change: { show: 'actual' } });
    expect(s.requests).toHaveLength(1);
    expect(s.state().value).toBe('ready');
    expect(searchOfView(s.state().context.view).toString()).toBe('from=2026-02-16&show=actual');
    // A link or the browser's Back brings the mode back the same way.
    s.actor.send({ type: 'SET_VIEW', view: viewFromSearch(new URLSearchParams('from=2026-02-16')) });
    expect(s.state().context.view.show).toBe('plan');
    s.actor.send({ type: 'SET_VIEW', view: viewFromSearch(new URLSearchParams('from=2026-02-16&show=actual')) });
    expect(s.state().context.view.show).toBe('actual');
    expect(s.requests).toHaveLength(1);
    // A change of both fetches once; a reload of a link with the mode keeps it.
    s.actor.send({ type: 'CHANGE', change: { show: 'plan', weeks: 4 } });
    expect(s.requests).toHaveLength(2);
    expect(start('show=actual&step=month').state().context.view).toMatchObject({ show: 'actual', step: 'month' });
  });

  it('the day zoom shows the plan: actuals are kept per week', () => {
    const s = start('show=actual');
    s.actor.send({ type: 'CHANGE', change: { step: 'day' } });
    expect(s.state().context.view).toMatchObject({ step: 'day', show: 'plan' });
    s.actor.send({ type: 'CHANGE', change: { show: 'actual' } });
    expect(s.state().context.view.show).toBe('plan');
    expect(searchOfView(s.state().context.view).toString()).toBe('weeks=8&step=day');
  });

  it('clears the engineer filters but keeps the window and order', () => {
    const s = start('from=2026-01-05&sort=free&q=x&skills=Go&department=Data&seniority=mid&minFree=20&freeFrom=2026-01-05');
    s.actor.send({ type: 'CLEAR_FILTERS' });
    expect(searchOfView(s.state().context.view).toString()).toBe('from=2026-01-05&sort=free');
  });

  it('opens and closes rows, the filter fields and the open roles, without fetching', () => {
    const s = start();
    s.actor.send({ type: 'TOGGLE_ROW', engineerId: 'a' });
    s.actor.send({ type: 'TOGGLE_ROW', engineerId: 'b' });
    s.actor.send({ type: 'TOGGLE_ROW', engineerId: 'a' });
    expect(s.state().context.expanded).toEqual(['b']);
    s.actor.send({ type: 'TOGGLE_FILTERS' });
    expect(s.state().context.filtersOpen).toBe(true);
    expect(s.state().context.placeholdersOpen).toBeNull();
    s.actor.send({ type: 'TOGGLE_PLACEHOLDERS', shown: true });
    expect(s.state().context.placeholdersOpen).toBe(false);
    s.actor.send({ type: 'TOGGLE_PLACEHOLDERS', shown: false });
    expect(s.state().context.placeholdersOpen).toBe(true);
    expect(s.requests).toHaveLength(1);
  });

  it('Expand all is the detailed mode: every row open, those of people filtered in later too; a row closed in it stays closed; Collapse all closes every row', () => {
    const s = start();
    s.actor.send({ type: 'TOGGLE_ROW', engineerId: 'a' });
    s.actor.send({ type: 'EXPAND_ALL' });
    const open = (id: string) => isRowOpen(s.state().context, id);
    expect([open('a'), open('b'), open('someone-new')]).toEqual([true, true, true]);
    s.actor.send({ type: 'TOGGLE_ROW', engineerId: 'b' });
    expect([open('a'), open('b')]).toEqual([true, false]);
    s.actor.send({ type: 'TOGGLE_ROW', engineerId: 'b' });
    expect(open('b')).toBe(true);
    s.actor.send({ type: 'COLLAPSE_ALL' });
    expect([open('a'), open('b'), s.state().context.detailed]).toEqual([false, false, false]);
    expect(s.requests).toHaveLength(1);
  });

  it('the filter fields start folded, and open when the view comes with a filter on', () => {
    expect(start().state().context.filtersOpen).toBe(false);
    expect(start('minFree=50').state().context.filtersOpen).toBe(true);
  });
});
