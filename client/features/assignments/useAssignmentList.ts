import { useDeferredValue, useMemo } from 'react';
import { useSnapshot } from 'valtio/react';
import type { Assignment } from '../../../domain/entities.ts';
import { answerAssignmentList, assignmentListQuery } from '../../../domain/lists/assignment-list.ts';
import type { ListRequest } from '../../machines/remoteList.machine.ts';
import { assignmentsStore } from '../../stores/assignments.ts';
import { useRemoteList } from '../../stores/useRemoteList.ts';
import { usePastCollection, usePastMoment } from '../../stores/viewMode.ts';
import { assignmentPage } from './assignmentListApi.ts';
import { assignmentListParams, liveVersionsOf, PAGE_SIZE, throughLive, touchesAssignmentRows } from './listQuery.ts';
import { orgTimeZone } from '../../lib/orgTimeZone.ts';

/**
 * The All Assignments table's rows: searched, filtered, sorted and paged by the server, asked again
 * when the live channel brings a change. A past moment has no server list to ask, so its rows are
 * worked out here from the past plan with the same query rules (domain/lists).
 */
export function useAssignmentList() {
  const past = usePastCollection('assignments');
  const pastAt = usePastMoment();
  const answerPast = useMemo(
    () =>
      past && pastAt
        ? (request: ListRequest) => answerAssignmentList(past.data, assignmentListQuery.parse(assignmentListParams(request)), pastAt, orgTimeZone())
        : null,
    [past, pastAt],
  );
  const { pageRows, pastAnswer, view } = useRemoteList<Assignment>({
    fetchPage: assignmentPage,
    params: assignmentListParams,
    pageSize: PAGE_SIZE,
    touches: touchesAssignmentRows,
    answerPast,
  });

  const live = useSnapshot(assignmentsStore);
  // Looked up in React's time slices: the 20,000 arrive in an update of their own.
  const liveData = useDeferredValue(live.loaded ? (live.data as readonly Assignment[]) : null);
  const liveById = useMemo(() => (liveData ? liveVersionsOf(pageRows, liveData) : null), [pageRows, liveData]);
  const rows = useMemo(() => (pastAnswer ? pastAnswer.rows : throughLive(pageRows, liveById)), [pastAnswer, pageRows, liveById]);
  return { rows, ...view };
}
