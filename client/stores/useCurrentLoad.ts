import { useEffect, useState } from 'react';
import type { CurrentLoadAnswer } from '../lib/currentLoad.ts';
import { callsOf } from './calls.ts';

/**
 * Everyone's current load from the server (read ahead when the app booted here), while `wanted`: a
 * screen's figures until the whole assignments list has arrived and the page works them out itself.
 * `settled` once it has come or failed; a failure is not shown, the lists' figures then come as before.
 */
export function useCurrentLoad(wanted: boolean): { answer: CurrentLoadAnswer | null; settled: boolean } {
  const [state, setState] = useState<{ answer: CurrentLoadAnswer | null; settled: boolean }>({ answer: null, settled: false });
  useEffect(() => {
    if (!wanted) return;
    let mounted = true;
    callsOf('currentLoad').get().then(
      (answer) => mounted && setState({ answer, settled: true }),
      () => mounted && setState({ answer: null, settled: true }),
    );
    return () => {
      mounted = false;
    };
  }, [wanted]);
  return wanted ? state : { answer: null, settled: true };
}
