import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { fromPromise } from 'xstate';
import { searchOfView, viewFromSearch } from '../../lib/scheduleView.ts';
import { capacityQuery } from '../../lib/window.ts';
import { scheduleMachine } from './schedule.machine.ts';
import { listPosition } from '../../lib/api.ts';
import { assignmentsStore } from '../../stores/assignments.ts';
import { engineersStore } from '../../stores/engineers.ts';
import { onLiveChange } from '../../stores/live.ts';
import { onLoadsSettled } from '../../stores/liveSync.ts';
import { projectsStore } from '../../stores/projects.ts';
import { viewMode } from '../../stores/viewMode.ts';
import { fetchSchedule } from './scheduleFetch.ts';
import { arrivedFor, shown, takePreloaded } from './schedulePreload.ts';
import { pastSchedule, scheduleBehind, scheduleIncludes } from './scheduleSource.ts';
import { todayShown } from '../../components/grid/todayShown.ts';

/**
 * The schedule's machine, wired to the app: it fetches the live schedule, or works out the past
 * plan's while time travelling; its view lives in the URL (written on every change without a
 * history entry per keystroke, read back when a link or the sidebar changes it); every live event it
 * has not seen yet refreshes it. `timeZone` is the organisation's, as the last live answer said.
 */
export function useScheduleMachine() {
  const [params, setParams] = useSearchParams();
  const { pastAt } = useSnapshot(viewMode);

  const [input] = useState(() => {
    const view = viewFromSearch(params);
    return { view, today: todayShown, data: viewMode.past ? null : arrivedFor(capacityQuery(view, todayShown())) };
  });
  useEffect(() => {
    if (input.data) shown(input.data);
  }, [input.data]);
  const timeZone = useRef(input.data?.grid.timeZone ?? 'UTC');
  const machine = useMemo(
    () =>
      scheduleMachine.provide({
        actors: {
          fetchSchedule: fromPromise(async ({ input, signal }) => {
            if (viewMode.past) return pastSchedule(viewMode.past, input.query, timeZone.current);
            const data = await (takePreloaded(input.query) ?? fetchSchedule(input.query, signal));
            timeZone.current = data.grid.timeZone;
            return data;
          }),
        },
      }),
    [],
  );
  const schedule = useActorRef(machine, { input });
  const send = schedule.send;
  const view = useSelector(schedule, (s) => s.context.view);

  useEffect(() => {
    const next = searchOfView(view);
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
    // Only a new view writes the URL: the current params are read here, not followed.
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
  // The first grid may have been read ahead of the lists the live channel starts from (see takePreloaded).
  const data = useSelector(schedule, (s) => s.context.data);
  useEffect(() => {
    const check = () => {
      const cursors = [engineersStore, projectsStore, assignmentsStore].map((list) => listPosition(list.data)?.cursor);
      if (!viewMode.past && scheduleBehind(schedule.getSnapshot().context.data, cursors)) send({ type: 'REFRESH' });
    };
    check();
    return onLoadsSettled(check);
  }, [data, schedule, send]);
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
    data,
    error: useSelector(schedule, (s) => s.context.error),
    expanded: useSelector(schedule, (s) => s.context.expanded),
    detailed: useSelector(schedule, (s) => s.context.detailed),
    collapsed: useSelector(schedule, (s) => s.context.collapsed),
    filtersOpen: useSelector(schedule, (s) => s.context.filtersOpen),
    placeholdersOpen: useSelector(schedule, (s) => s.context.placeholdersOpen),
    busy: useSelector(schedule, (s) => s.matches('loading') || s.matches('waiting')),
  };
}
