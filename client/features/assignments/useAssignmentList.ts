import { useMachine } from '@xstate/react';
import { useDeferredValue, useEffect, useMemo } from 'react';
import { useSnapshot } from 'valtio/react';
import { fromPromise } from 'xstate';
import type { Assignment } from '../../../domain/entities.ts';
import { answerAssignmentList, assignmentListQuery } from '../../../domain/lists/assignment-list.ts';
import { requestPage } from '../../lib/api.ts';
import { lastPage, remoteListMachine } from '../../machines/remoteList.machine.ts';
import { assignmentsStore } from '../../stores/assignments.ts';
import { onPlanEvent } from '../../stores/liveSync.ts';
import { usePastCollection, usePastMoment } from '../../stores/viewMode.ts';
import { assignmentListParams, liveVersionsOf, PAGE_SIZE, throughLive, touchesAssignmentRows } from './listQuery.ts';

/**
 * The All Assignments table's rows: searched, filtered, sorted and paged by the server, asked again
 * when the live channel brings a change. A past moment has no server list to ask, so its rows are
 * worked out here from the past plan with the same query rules (domain/lists).
 */
export function useAssignmentList() {
  const machine = useMemo(
    () =>
      remoteListMachine.provide({
        actors: {
          fetchPage: fromPromise(({ input, signal }) => requestPage<Assignment>('/api/assignments', assignmentListParams(input), signal)),
        },
      }),
    [],
  );
  const [state, send] = useMachine(machine, { input: { pageSize: PAGE_SIZE } });
  useEffect(() => onPlanEvent((event) => (event === null || touchesAssignmentRows(event) ? send({ type: 'REFRESH' }) : undefined)), [send]);

  const request = state.context;
  const { search, filters, sort, page, pageSize } = request;
  const past = usePastCollection('assignments');
  const pastAt = usePastMoment();
  const pastAnswer = useMemo(() => {
    if (!past || !pastAt) return null;
    const answerFor = (shown: number) =>
      answerAssignmentList(past.data, assignmentListQuery.parse(assignmentListParams({ search, filters, sort, page: shown, pageSize })), pastAt);
    const answer = answerFor(page);
    // The past plan may hold fewer rows than the page the live list was on: show its last page.
    const last = lastPage(answer.total, pageSize);
    return page > last ? { ...answerFor(last), page: last } : { ...answer, page };
  }, [past, pastAt, search, filters, sort, page, pageSize]);

  const live = useSnapshot(assignmentsStore);
  // Looked up in React's time slices: the 20,000 arrive in an update of their own.
  const liveData = useDeferredValue(live.loaded ? (live.data as readonly Assignment[]) : null);
  const liveById = useMemo(() => (liveData ? liveVersionsOf(request.rows as Assignment[], liveData) : null), [request.rows, liveData]);
  const rows = useMemo(() => (pastAnswer ? pastAnswer.rows : throughLive(request.rows as Assignment[], liveById)), [pastAnswer, request.rows, liveById]);

  return {
    rows,
    total: pastAnswer ? pastAnswer.total : request.total,
    search,
    filters,
    sort,
    page: pastAnswer ? pastAnswer.page : page,
    pageSize,
    /** Nothing to show yet, or the user asked for something else and it is on its way. */
    loading: !pastAnswer && (!request.loaded || (state.matches('loading') && !request.quiet)),
    error: state.matches('failed') ? request.error : null,
    setSearch: (text: string) => send({ type: 'SEARCH', text }),
    setFilter: (filters: Record<string, string | null>) => send({ type: 'FILTER', filters }),
    setSort: (sort: string | null) => send({ type: 'SORT', sort }),
    setPage: (page: number) => send({ type: 'PAGE', page }),
    refresh: () => send({ type: 'REFRESH' }),
    retry: () => send({ type: 'RETRY' }),
  };
}
