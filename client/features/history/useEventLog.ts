import { useMachine } from '@xstate/react';
import { type Key, type UIEvent, useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { historyLogMachine } from './historyLog.machine.ts';
import { type HistoryEvent, historyApi } from './historyApi.ts';
import type { HistoryFilters } from './query.ts';

/** Within this many pixels of the list's end, the next page is asked for. */
const LOAD_AHEAD_PX = 320;

/**
 * The event log's state: the log machine fetching pages from the history API, which rows are open
 * (closed again whenever the filters change, since the rows change), and the next page asked for as
 * the list scrolls near its end.
 */
export function useEventLog() {
  const machine = useMemo(
    () =>
      historyLogMachine.provide({
        actors: {
          fetchPage: fromPromise(({ input, signal }) => historyApi.events(input.filters, input.before, signal)),
        },
      }),
    [],
  );
  const [state, send] = useMachine(machine, { input: {} });
  const { filters, next, error, moreError } = state.context;
  const loadingMore = state.matches('loadingMore');
  const [expanded, setExpanded] = useState<readonly Key[]>([]);

  // One request at a time as the end comes near (the machine guards it too).
  const wantMore = useRef(false);
  const onScroll = (event: UIEvent<HTMLElement>) => {
    const el = event.currentTarget;
    if (!el || typeof el.scrollTop !== 'number') return;
    const nearEnd = el.scrollHeight - el.scrollTop - el.clientHeight < LOAD_AHEAD_PX;
    if (nearEnd && !wantMore.current && next && !moreError) {
      wantMore.current = true;
      send({ type: 'LOAD_MORE' });
    }
    if (!nearEnd) wantMore.current = false;
  };
  useEffect(() => {
    if (!loadingMore) wantMore.current = false;
  }, [loadingMore]);

  return {
    filters,
    events: state.context.events as HistoryEvent[],
    hasMore: Boolean(next),
    error,
    moreError,
    loading: state.matches('loading'),
    loadingMore,
    expanded,
    setExpanded,
    onScroll,
    setFilter: (change: Partial<HistoryFilters>) => {
      setExpanded([]);
      send({ type: 'FILTER', filters: change });
    },
    clearFilters: () => {
      setExpanded([]);
      send({ type: 'CLEAR_FILTERS' });
    },
    loadMore: () => send({ type: 'LOAD_MORE' }),
    refresh: () => send({ type: 'REFRESH' }),
    retry: () => send({ type: 'RETRY' }),
  };
}
