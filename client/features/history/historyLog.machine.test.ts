import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { historyLogMachine, type LogPage, noFilters, type PageRequest } from './historyLog.machine.ts';

const page = (cursors: string[], next: string | null): LogPage => ({ events: cursors.map((cursor) => ({ cursor })), next });

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function start(fetchPage: (request: PageRequest) => Promise<LogPage>) {
  const fetch = vi.fn(fetchPage);
  const machine = historyLogMachine.provide({ actors: { fetchPage: fromPromise(({ input }) => fetch(input)) } });
  const actor = createActor(machine, { input: {} }).start();
  return { actor, fetch };
}

const cursors = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().context.events.map((e) => e.cursor);

describe('history log machine', () => {
  it('loads the newest page with no filters on start', async () => {
    const { actor, fetch } = start(async () => page(['9:9', '9:8'], '9:8'));
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fetch).toHaveBeenCalledWith({ filters: noFilters, before: null });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(cursors(actor)).toEqual(['9:9', '9:8']);
    expect(actor.getSnapshot().context.next).toBe('9:8');
  });

  it('loads older pages by cursor and appends them, until the beginning of history', async () => {
    const pages: Record<string, LogPage> = { first: page(['3:3', '3:2'], '3:2'), '3:2': page(['2:1', '1:1'], '1:1'), '1:1': page(['1:0'], null) };
    const { actor, fetch } = start(async ({ before }) => pages[before ?? 'first']!);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'LOAD_MORE' });
    expect(actor.getSnapshot().value).toBe('loadingMore');
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'LOAD_MORE' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.next === null);
    expect(cursors(actor)).toEqual(['3:3', '3:2', '2:1', '1:1', '1:0']);
    expect(fetch.mock.calls.map(([r]) => r.before)).toEqual([null, '3:2', '1:1']);
    actor.send({ type: 'LOAD_MORE' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('ignores LOAD_MORE while a page is loading', async () => {
    const more = deferred<LogPage>();
    const { actor, fetch } = start(async ({ before }) => (before ? more.promise : page(['2:2'], '2:2')));
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'LOAD_MORE' });
    actor.send({ type: 'LOAD_MORE' });
    expect(fetch).toHaveBeenCalledTimes(2);
    more.resolve(page(['2:2', '1:1'], null));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(cursors(actor)).toEqual(['2:2', '1:1']);
  });

  it('starts again from the newest event when a filter changes, dropping a page in flight', async () => {
    const more = deferred<LogPage>();
    const { actor, fetch } = start(async ({ filters, before }) => {
      if (before) return more.promise;
      return filters.type ? page(['7:1'], null) : page(['8:2', '8:1'], '8:1');
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'LOAD_MORE' });
    actor.send({ type: 'FILTER', filters: { type: 'AssignmentUpdated', entity: 'assignment' } });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.events).toEqual([]);
    await waitFor(actor, (s) => s.matches('ready'));
    more.resolve(page(['0:1'], null));
    await new Promise((r) => setTimeout(r, 0));
    expect(cursors(actor)).toEqual(['7:1']);
    expect(fetch).toHaveBeenLastCalledWith({
      filters: { ...noFilters, type: 'AssignmentUpdated', entity: 'assignment' },
      before: null,
    });
  });

  it('merges filter changes and clears them all', async () => {
    const { actor, fetch } = start(async () => page([], null));
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'FILTER', filters: { actorId: 'u1' } });
    actor.send({ type: 'FILTER', filters: { from: '2026-01-01T00:00:00.000Z', to: '2026-02-01T00:00:00.000Z' } });
    expect(actor.getSnapshot().context.filters).toEqual({ ...noFilters, actorId: 'u1', from: '2026-01-01T00:00:00.000Z', to: '2026-02-01T00:00:00.000Z' });
    actor.send({ type: 'CLEAR_FILTERS' });
    expect(actor.getSnapshot().context.filters).toEqual(noFilters);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(fetch).toHaveBeenLastCalledWith({ filters: noFilters, before: null });
  });

  it('shows a failed first page and retries', async () => {
    let fail = true;
    const { actor } = start(async () => {
      if (fail) throw new Error('Request failed with status code 500');
      return page(['1:1'], null);
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Request failed with status code 500');
    fail = false;
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(cursors(actor)).toEqual(['1:1']);
  });

  it('keeps what it has when a further page fails, and tries that page again', async () => {
    let fail = true;
    const { actor } = start(async ({ before }) => {
      if (!before) return page(['5:5'], '5:5');
      if (fail) throw new Error('Network Error');
      return page(['4:4'], null);
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'LOAD_MORE' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.moreError !== null);
    expect(actor.getSnapshot().context.moreError).toBe('Network Error');
    expect(cursors(actor)).toEqual(['5:5']);
    fail = false;
    actor.send({ type: 'LOAD_MORE' });
    expect(actor.getSnapshot().context.moreError).toBeNull();
    await waitFor(actor, (s) => s.matches('ready') && s.context.next === null);
    expect(cursors(actor)).toEqual(['5:5', '4:4']);
  });

  it('never lists an event twice', async () => {
    const { actor } = start(async ({ before }) => (before ? page(['2:2', '1:1'], null) : page(['3:3', '2:2'], '2:2')));
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'LOAD_MORE' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.next === null);
    expect(cursors(actor)).toEqual(['3:3', '2:2', '1:1']);
  });

  it('refreshes from the newest event with the same filters', async () => {
    let newest = '1:1';
    const { actor, fetch } = start(async () => page([newest], null));
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'FILTER', filters: { entity: 'project' } });
    await waitFor(actor, (s) => s.matches('ready'));
    newest = '2:2';
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(cursors(actor)).toEqual(['2:2']);
    expect(fetch).toHaveBeenLastCalledWith({ filters: { ...noFilters, entity: 'project' }, before: null });
  });
});
