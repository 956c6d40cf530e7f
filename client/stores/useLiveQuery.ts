import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { fromPromise } from 'xstate';
import type { Plan } from '../../domain/plan.ts';
import { liveQueryMachine } from '../machines/liveQuery.machine.ts';
import { onLiveChange } from './live.ts';
import { viewMode } from './viewMode.ts';

export type LiveQuerySource<P, T> = {
  /** The server's answer for the live plan. */
  live: (params: P, signal: AbortSignal) => Promise<T>;
  /** The same answer worked out from a past plan (time travel). */
  past: (plan: Plan, params: P) => T;
};

export type LiveQuery<T> = { data: T | null; loading: boolean; error: string | null; retry: () => void };

/**
 * Figures fetched apart from the collections, for `params` (null: nothing to ask yet): from the server
 * on the live plan, fetched again shortly after any live change; from the past plan while the app shows
 * a past moment. `source` is read once, at the first render: give a module's constant.
 */
export function useLiveQuery<P, T>(source: LiveQuerySource<P, T>, params: P | null): LiveQuery<T> {
  // The machine is made with the source once: every source is a module's constant, so there is no
  // newer one to follow (and no ref written in render to follow it with).
  const [machine] = useState(() =>
    liveQueryMachine.provide({
      actors: {
        fetch: fromPromise(async ({ input, signal }) => {
          const past = viewMode.past;
          return past ? source.past(past, input.params as P) : source.live(input.params as P, signal);
        }),
      },
    }),
  );
  const [state, send] = useMachine(machine);
  const key = params === null ? null : JSON.stringify(params);
  useEffect(() => {
    send({ type: 'SET_PARAMS', params: key === null ? null : JSON.parse(key) });
  }, [key, send]);

  const pastAt = useSnapshot(viewMode).pastAt;
  const firstView = useRef(true);
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    send({ type: 'RELOAD' });
  }, [pastAt, send]);
  useEffect(() => onLiveChange(() => !viewMode.past && send({ type: 'REFRESH' })), [send]);

  return {
    data: state.context.data as T | null,
    loading: state.matches('loading') || state.matches('waiting'),
    error: state.matches('failed') ? state.context.error : null,
    retry: () => send({ type: 'RETRY' }),
  };
}
