import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { fromPromise } from 'xstate';
import { searchOfView, viewFromSearch } from '../../lib/scheduleView.ts';
import { localDateOf } from '../../lib/scheduleWindow.ts';
import { scheduleMachine } from '../../machines/schedule.machine.ts';
import { onLiveChange } from '../../stores/live.ts';
import { viewMode } from '../../stores/viewMode.ts';
import { fetchSchedule, pastSchedule, scheduleIncludes } from './scheduleSource.ts';

/** The day the window starts from when the URL names none: today, or the moment shown while looking at the past. */
export const todayShown = () => localDateOf(viewMode.pastAt ? new Date(viewMode.pastAt) : new Date());

/**
 * The schedule's machine, wired to the app: it fetches the live schedule, or works out the past
 * plan's while time travelling; its view lives in the URL (written on every change without a
 * history entry per keystroke, read back when a link or the sidebar changes it); every live event it
 * has not seen yet refreshes it. `timeZone` is the organisation's, as the last live answer said.
 */
export function useScheduleMachine() {
  const [params, setParams] = useSearchParams();
  const { pastAt } = useSnapshot(viewMode);
  const timeZone = useRef('UTC');

  const machine = useMemo(
    () =>
      scheduleMachine.provide({
        actors: {
          fetchSchedule: fromPromise(async ({ input, signal }) => {
            if (viewMode.past) return pastSchedule(viewMode.past, input.query, timeZone.current);
            const data = await fetchSchedule(input.query, signal);
            timeZone.current = data.grid.timeZone;
            return data;
          }),
        },
      }),
    [],
  );
  const schedule = useActorRef(machine, { input: { view: viewFromSearch(params), today: todayShown } });
  const send = schedule.send;
  const view = useSelector(schedule, (s) => s.context.view);

  useEffect(() => {
    const next = searchOfView(view);
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new view writes the URL
  }, [view]);
  useEffect(() => send({ type: 'SET_VIEW', view: viewFromSearch(params) }), [params, send]);

  useEffect(
    () =>
      onLiveChange((event) => {
        if (viewMode.past) return;
        if (event && scheduleIncludes(schedule.getSnapshot().context.data, event.cursor)) return;
        send({ type: 'REFRESH' });
      }),
    [schedule, send],
  );
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) firstRender.current = false;
    else send({ type: 'RELOAD' });
  }, [pastAt, send]);

  return {
    schedule,
    send,
    view,
    timeZone,
    data: useSelector(schedule, (s) => s.context.data),
    error: useSelector(schedule, (s) => s.context.error),
    expanded: useSelector(schedule, (s) => s.context.expanded),
    filtersOpen: useSelector(schedule, (s) => s.context.filtersOpen),
    placeholdersOpen: useSelector(schedule, (s) => s.context.placeholdersOpen),
    busy: useSelector(schedule, (s) => s.matches('loading') || s.matches('waiting')),
  };
}
