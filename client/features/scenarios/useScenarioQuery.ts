import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { liveQueryMachine } from '../../machines/liveQuery.machine.ts';
import { onLiveChange } from '../../stores/live.ts';

export type ScenarioQuery<T> = {
  data: T | null;
  loading: boolean;
  error: string | null;
  /** When the last live event of the underlying plan arrived while this screen was open. */
  liveChangedAt: Date | null;
  retry: () => void;
  /** After one of our own writes: fetch again at once. */
  reload: () => void;
};

/**
 * A view of a scenario, always folded on the live plan as it is now: fetched again (debounced by the
 * live query machine) after every live event, and at once after a write. Unlike the screens' live
 * queries it ignores time travel: a scenario is a draft on top of today's plan, never of a past one.
 */
export function useScenarioQuery<P, T>(fetch: (params: P, signal: AbortSignal) => Promise<T>, params: P | null): ScenarioQuery<T> {
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;
  const machine = useMemo(
    () => liveQueryMachine.provide({ actors: { fetch: fromPromise(({ input, signal }) => fetchRef.current(input.params as P, signal)) } }),
    [],
  );
  const [state, send] = useMachine(machine);
  const key = params === null ? null : JSON.stringify(params);
  useEffect(() => {
    send({ type: 'SET_PARAMS', params: key === null ? null : JSON.parse(key) });
  }, [key, send]);

  const [liveChangedAt, setLiveChangedAt] = useState<Date | null>(null);
  useEffect(
    () =>
      onLiveChange(() => {
        setLiveChangedAt(new Date());
        send({ type: 'REFRESH' });
      }),
    [send],
  );

  return {
    data: state.context.data as T | null,
    loading: state.matches('loading') || state.matches('waiting'),
    error: state.matches('failed') ? state.context.error : null,
    liveChangedAt,
    retry: () => send({ type: 'RETRY' }),
    reload: () => send({ type: 'RELOAD' }),
  };
}
