import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type ListAnswer, type ListRequest, REFRESH_DELAY, remoteListMachine, SEARCH_DELAY } from './remoteList.machine.ts';

/** An answer the test gives when it chooses. */
function later<T>() {
  let resolve!: (value: T) => void;
  return { promise: new Promise<T>((res) => (resolve = res)), resolve: (value: T) => resolve(value) };
}

/** A list of `total` numbered rows, paged as asked. */
const rowsOf = (total: number) => async (request: ListRequest): Promise<ListAnswer> => {
  const start = (request.page - 1) * request.pageSize;
  return { rows: Array.from({ length: Math.max(0, Math.min(request.pageSize, total - start)) }, (_, i) => `row ${start + i + 1}`), total };
};

function start(fetchPage: (request: ListRequest) => Promise<ListAnswer>, input: { pageSize?: number; sort?: string | null } = {}) {
  const fetch = vi.fn(fetchPage);
  const machine = remoteListMachine.provide({ actors: { fetchPage: fromPromise(({ input: request }) => fetch(request)) } });
  const actor = createActor(machine, { input: { pageSize: input.pageSize ?? 20, sort: input.sort } }).start();
  return { actor, fetch };
}

/** Lets the fetch promises settle and XState's timers run. */
const flush = async (ms = 0) => {
  await vi.advanceTimersByTimeAsync(ms);
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('remote list machine', () => {
  it('asks for the first page in the default order on start', async () => {
    const { actor, fetch } = start(rowsOf(45));
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fetch).toHaveBeenCalledWith({ search: '', filters: {}, sort: null, page: 1, pageSize: 20 });
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ total: 45, loaded: true, error: null });
    expect(actor.getSnapshot().context.rows).toHaveLength(20);
  });

  it('waits for a pause in typing, then asks once for the whole text, from page 1', async () => {
    const { actor, fetch } = start(rowsOf(45));
    await flush();
    actor.send({ type: 'PAGE', page: 3 });
    await flush();
    fetch.mockClear();
    for (const text of ['P', 'Pr', 'Pri', 'Priy', 'Priya']) {
      actor.send({ type: 'SEARCH', text });
      await flush(SEARCH_DELAY - 50);
    }
    expect(fetch).not.toHaveBeenCalled();
    await flush(50);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(expect.objectContaining({ search: 'Priya', page: 1 }));
  });

  it('asks at once for a filter, a sort or a page; a filter or a sort goes back to page 1', async () => {
    const { actor, fetch } = start(rowsOf(100));
    await flush();
    actor.send({ type: 'PAGE', page: 4 });
    expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ page: 4 }));
    actor.send({ type: 'FILTER', filters: { status: 'active' } });
    expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, filters: { status: 'active' } }));
    actor.send({ type: 'FILTER', filters: { engineerId: 'e1' } });
    expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ filters: { status: 'active', engineerId: 'e1' } }));
    actor.send({ type: 'PAGE', page: 2 });
    actor.send({ type: 'SORT', sort: '-startDate' });
    expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ sort: '-startDate', page: 1 }));
    actor.send({ type: 'FILTER', filters: { status: null } });
    expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ filters: { status: null, engineerId: 'e1' }, sort: '-startDate' }));
  });

  it('drops the answer to a question the user has changed since', async () => {
    const slow = later<ListAnswer>();
    const { actor } = start(async (request) => (request.search === 'old' ? slow.promise : { rows: ['new'], total: 1 }));
    await flush();
    actor.send({ type: 'SEARCH', text: 'old' });
    await flush(SEARCH_DELAY);
    actor.send({ type: 'SEARCH', text: 'new' });
    await flush(SEARCH_DELAY);
    expect(actor.getSnapshot().context.rows).toEqual(['new']);
    slow.resolve({ rows: ['old'], total: 1 });
    await flush();
    expect(actor.getSnapshot().context.rows).toEqual(['new']);
  });

  it('refreshes the same page quietly once per burst of changes, and again for changes during the request', async () => {
    const answers: ReturnType<typeof later<ListAnswer>>[] = [];
    const { actor, fetch } = start(() => {
      const answer = later<ListAnswer>();
      answers.push(answer);
      return answer.promise;
    });
    answers[0]!.resolve({ rows: ['a'], total: 30 });
    await flush();
    actor.send({ type: 'PAGE', page: 2 });
    answers[1]!.resolve({ rows: ['b'], total: 30 });
    await flush();
    fetch.mockClear();

    for (let i = 0; i < 5; i += 1) actor.send({ type: 'REFRESH' });
    expect(actor.getSnapshot().context.quiet).toBe(true);
    await flush(REFRESH_DELAY);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(expect.objectContaining({ page: 2 }));
    // The rows stay on screen while the refresh is on its way.
    expect(actor.getSnapshot().context.rows).toEqual(['b']);

    actor.send({ type: 'REFRESH' }); // a change while the request is out
    answers[2]!.resolve({ rows: ['b2'], total: 30 });
    await flush();
    expect(actor.getSnapshot().context.rows).toEqual(['b2']);
    expect(actor.getSnapshot().value).toBe('waiting');
    await flush(REFRESH_DELAY);
    expect(fetch).toHaveBeenCalledTimes(2);
    answers[3]!.resolve({ rows: ['b3'], total: 30 });
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.rows).toEqual(['b3']);
  });

  it('moves back to the last page when the rows of the page asked for went away', async () => {
    let total = 45;
    const { actor, fetch } = start(async (request) => rowsOf(total)(request));
    await flush();
    actor.send({ type: 'PAGE', page: 3 });
    await flush();
    expect(actor.getSnapshot().context.rows).toEqual(['row 41', 'row 42', 'row 43', 'row 44', 'row 45']);
    total = 40;
    actor.send({ type: 'REFRESH' });
    await flush(REFRESH_DELAY);
    expect(actor.getSnapshot().context.page).toBe(2);
    expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));
    expect(actor.getSnapshot().context.rows).toHaveLength(20);
    expect(actor.getSnapshot().context.rows[19]).toBe('row 40');
  });

  it('shows a failure, keeps the rows it had, and asks again on Retry', async () => {
    let fail = false;
    const { actor, fetch } = start(async (request) => {
      if (fail) throw new Error('limit must be a whole number from 1 to 1000');
      return rowsOf(3)(request);
    });
    await flush();
    fail = true;
    actor.send({ type: 'SORT', sort: 'name' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('limit must be a whole number from 1 to 1000');
    expect(actor.getSnapshot().context.rows).toHaveLength(3);
    fail = false;
    actor.send({ type: 'RETRY' });
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'name' }));
  });
});
