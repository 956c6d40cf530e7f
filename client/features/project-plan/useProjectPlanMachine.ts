import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { fromPromise } from 'xstate';
import type { ProjectPlanResponse } from '../../../domain/capacity/project-plan-query.ts';
import type { Placeholder } from '../../../domain/entities.ts';
import { answersInclude, request } from '../../lib/api.ts';
import { planViewFromSearch, searchOfPlanView } from '../../lib/schedule/planView.ts';
import { todayShown } from '../../components/schedule/todayShown.ts';
import { projectPlanMachine } from '../../machines/projectPlan.machine.ts';
import { onLiveChange } from '../../stores/live.ts';

/** The plan and the open roles, read side by side. */
async function fetchPlan(query: URLSearchParams, signal: AbortSignal) {
  const [plan, placeholders] = await Promise.all([
    request<ProjectPlanResponse>('GET', `/api/projects/plan?${query.toString()}`, { signal }),
    request<Placeholder[]>('GET', '/api/placeholders', { signal }),
  ]);
  return { plan, placeholders };
}

/**
 * The project plan's machine, wired to the app as the schedule's is: the view lives in the URL (written
 * without a history entry per change, read back when a link or the sidebar changes it), and every live
 * event the plan shown does not include yet refreshes it.
 */
export function useProjectPlanMachine() {
  const [params, setParams] = useSearchParams();
  const machine = useMemo(
    () => projectPlanMachine.provide({ actors: { fetchPlan: fromPromise(({ input, signal }) => fetchPlan(input.query, signal)) } }),
    [],
  );
  const actor = useActorRef(machine, { input: { view: planViewFromSearch(params), today: todayShown } });
  const send = actor.send;
  const view = useSelector(actor, (s) => s.context.view);

  useEffect(() => {
    const next = searchOfPlanView(view);
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new view writes the URL
  }, [view]);
  useEffect(() => send({ type: 'SET_VIEW', view: planViewFromSearch(params) }), [params, send]);

  useEffect(
    () =>
      onLiveChange((event) => {
        const data = actor.getSnapshot().context.data;
        if (event && data && answersInclude([data.plan, data.placeholders], event.cursor)) return;
        send({ type: 'REFRESH' });
      }),
    [actor, send],
  );

  return {
    send,
    view,
    data: useSelector(actor, (s) => s.context.data),
    error: useSelector(actor, (s) => s.context.error),
    open: useSelector(actor, (s) => s.context.open),
    busy: useSelector(actor, (s) => s.matches('loading') || s.matches('waiting')),
  };
}
