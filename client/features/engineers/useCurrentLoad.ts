import { useEffect, useState } from 'react';
import type { CurrentLoad } from '../../../domain/figures.ts';
import { readAheadOr } from '../../lib/http.ts';
import { CURRENT_LOAD_PATH } from './directoryPreload.ts';

export type CurrentLoadAnswer = { at: string; loads: CurrentLoad[] };

/**
 * Everyone's current load from the server (read ahead when the app booted here), while `wanted`: the
 * directory's figures until the whole assignments list has arrived and the page works them out itself.
 * `settled` once it has come or failed; a failure is not shown, the lists' figures then come as before.
 */
export function useCurrentLoad(wanted: boolean): { answer: CurrentLoadAnswer | null; settled: boolean } {
  const [state, setState] = useState<{ answer: CurrentLoadAnswer | null; settled: boolean }>({ answer: null, settled: false });
  useEffect(() => {
    if (!wanted) return;
    let mounted = true;
    readAheadOr<CurrentLoadAnswer>(CURRENT_LOAD_PATH).then(
      (answer) => mounted && setState({ answer, settled: true }),
      () => mounted && setState({ answer: null, settled: true }),
    );
    return () => {
      mounted = false;
    };
  }, [wanted]);
  return wanted ? state : { answer: null, settled: true };
}
