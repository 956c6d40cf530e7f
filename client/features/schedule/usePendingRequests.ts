import { useCallback, useMemo } from 'react';
import type { ScheduleAxis } from '../../components/grid/axis.ts';
import { useLiveQuery, type LiveQuerySource } from '../../stores/useLiveQuery.ts';
import { staffingApi, type StaffingView } from '../planning/index.ts';
import { pendingByEngineer, pendingRoles } from './pendingDemand.ts';

/** The requests not answered yet (managers'); a past moment shows none. */
const pendingSource: LiveQuerySource<object, StaffingView[]> = { live: (_p, signal) => staffingApi.pending(signal), past: () => [] };

/** Open staffing requests, fetched again after every live change: hatched on the person's row until answered, and as role lines above the people. */
export function usePendingRequests(asked: boolean, axis: ScheduleAxis, timeZone: string) {
  const answer = useLiveQuery(pendingSource, asked ? {} : null).data;
  const requests = Array.isArray(answer) ? answer : null;
  const bars = useMemo(() => pendingByEngineer(requests, axis, timeZone), [requests, axis, timeZone]);
  const pendingOf = useCallback((engineerId: string) => bars.get(engineerId), [bars]);
  const roleLines = useMemo(() => pendingRoles(requests, axis, timeZone), [requests, axis, timeZone]);
  return { pendingOf, roleLines };
}
