import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { fromPromise } from 'xstate';
import { answerProjectPlanQuery, projectPlanQueryInput } from '../../../domain/capacity/project-plan-query.ts';
import type { Plan } from '../../../domain/plan.ts';
import { answersInclude } from '../../lib/api.ts';
import { planViewFromSearch, searchOfPlanView } from './planView.ts';
import { pastTeamMembers } from '../../lib/pastTeam.ts';
import { todayShown } from '../../components/grid/todayShown.ts';
import { type PlanData, projectPlanMachine } from './projectPlan.machine.ts';
import { onLiveChange } from '../../stores/live.ts';
import { viewMode } from '../../stores/viewMode.ts';
import { fetchPlan } from './planFetch.ts';
import { takePreloadedPlan } from './planPreload.ts';

/**
 * The plan as it was at a past moment: /api/projects/plan only knows the live plan, so the past plan
 * (from the history) goes through the same pure query the server answers with.
 */
function pastPlan(past: Plan, query: URLSearchParams, timeZone: string): PlanData {
  const projects = past.projects.map(({ _id, name, status, tentative, startDate, endDate, version }) => ({ _id, name, status, tentative, startDate, endDate, version }));
  const facts = { ...past, projects, tentativeProjectIds: projects.filter((p) => p.tentative).map((p) => p._id) };
  const parsed = projectPlanQueryInput.parse(Object.fromEntries(query));
  return { plan: answerProjectPlanQuery(facts, parsed, timeZone, pastTeamMembers(past, parsed.team, parsed.from)), placeholders: past.placeholders };
}

/**
 * The project plan's machine, wired to the app as the schedule's is: the view lives in the URL (written
 * without a history entry per change, read back when a link or the sidebar changes it), and every live
 * event the plan shown does not include yet refreshes it.
 */
export function useProjectPlanMachine() {
  const [params, setParams] = useSearchParams();
  const { pastAt } = useSnapshot(viewMode);
  // The organisation's time zone, as the last live answer said: the past plan's days are its days too.
  const timeZone = useRef('UTC');
  const machine = useMemo(
    () =>
      projectPlanMachine.provide({
        actors: {
          fetchPlan: fromPromise(async ({ input, signal }) => {
            if (viewMode.past) return pastPlan(viewMode.past, input.query, timeZone.current);
            const data = await (takePreloadedPlan(input.query) ?? fetchPlan(input.query, signal));
            timeZone.current = data.plan.timeZone;
            return data;
          }),
        },
      }),
    [],
  );
  const actor = useActorRef(machine, { input: { view: planViewFromSearch(params), today: todayShown } });
  const send = actor.send;
  const view = useSelector(actor, (s) => s.context.view);

  useEffect(() => {
    const next = searchOfPlanView(view);
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
    // Only a new view writes the URL: the current params are read here, not followed.
  }, [view]);
  useEffect(() => send({ type: 'SET_VIEW', view: planViewFromSearch(params) }), [params, send]);

  useEffect(
    () =>
      onLiveChange((event) => {
        if (viewMode.past) return;
        const data = actor.getSnapshot().context.data;
        if (event && data && answersInclude([data.plan, data.placeholders], event.cursor)) return;
        send({ type: 'REFRESH' });
      }),
    [actor, send],
  );

  // Looking at the past, or back to the live plan: the same view from the other source.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) firstRender.current = false;
    else send({ type: 'RELOAD' });
  }, [pastAt, send]);

  return {
    send,
    view,
    data: useSelector(actor, (s) => s.context.data),
    error: useSelector(actor, (s) => s.context.error),
    open: useSelector(actor, (s) => s.context.open),
    busy: useSelector(actor, (s) => s.matches('loading') || s.matches('waiting')),
  };
}
