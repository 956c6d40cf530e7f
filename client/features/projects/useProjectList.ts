import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useSnapshot } from 'valtio/react';
import { fromPromise } from 'xstate';
import type { Project } from '../../../domain/entities.ts';
import { answerProjectList, projectListQuery } from '../../../domain/lists/project-list.ts';
import { requestPage } from '../../lib/api.ts';
import { lastPage, remoteListMachine } from '../../machines/remoteList.machine.ts';
import { onPlanEvent } from '../../stores/liveSync.ts';
import { projectsStore } from '../../stores/projects.ts';
import { usePastCollection } from '../../stores/viewMode.ts';
import { DEFAULT_SORT, PAGE_SIZE, projectListParams, touchesProjectRows } from './listQuery.ts';

/**
 * The Projects Directory's rows: searched, filtered, sorted and paged by the server (GET /api/projects
 * with a query), asked again when the live channel brings a project's change. A past moment has no
 * server list to ask, so its rows are worked out here from the past plan with the same rules
 * (domain/lists/project-list.ts). A row changed since its page arrived shows its newer version.
 */
export function useProjectList() {
  const machine = useMemo(
    () =>
      remoteListMachine.provide({
        actors: { fetchPage: fromPromise(({ input, signal }) => requestPage<Project>('/api/projects', projectListParams(input), signal)) },
      }),
    [],
  );
  const [state, send] = useMachine(machine, { input: { pageSize: PAGE_SIZE, sort: DEFAULT_SORT } });
  useEffect(() => onPlanEvent((event) => (event === null || touchesProjectRows(event) ? send({ type: 'REFRESH' }) : undefined)), [send]);

  const request = state.context;
  const { search, filters, sort, page, pageSize } = request;
  const past = usePastCollection('projects');
  const pastRoles = usePastCollection('placeholders');
  const pastAnswer = useMemo(() => {
    if (!past) return null;
    const query = (shown: number) => projectListQuery.parse(projectListParams({ search, filters, sort, page: shown, pageSize }));
    const answerFor = (shown: number) => answerProjectList(past.data, query(shown), pastRoles?.data ?? []);
    const answer = answerFor(page);
    const last = lastPage(answer.total, pageSize);
    return page > last ? { ...answerFor(last), page: last } : { ...answer, page };
  }, [past, pastRoles, search, filters, sort, page, pageSize]);

  const live = useSnapshot(projectsStore);
  const rows = useMemo(() => {
    if (pastAnswer) return pastAnswer.rows;
    const current = new Map((live.data as readonly Project[]).map((p) => [p._id, p]));
    return (request.rows as Project[]).map((row) => {
      const newer = current.get(row._id);
      return newer && newer.version > row.version ? newer : row;
    });
  }, [pastAnswer, request.rows, live.data]);

  return {
    rows,
    total: pastAnswer ? pastAnswer.total : request.total,
    search,
    filters,
    sort,
    page: pastAnswer ? pastAnswer.page : page,
    pageSize,
    loading: !pastAnswer && (!request.loaded || (state.matches('loading') && !request.quiet)),
    error: state.matches('failed') ? request.error : null,
    setSearch: (text: string) => send({ type: 'SEARCH', text }),
    setFilter: (changed: Record<string, string | null>) => send({ type: 'FILTER', filters: changed }),
    setSort: (next: string | null) => send({ type: 'SORT', sort: next }),
    setPage: (next: number) => send({ type: 'PAGE', page: next }),
    refresh: () => send({ type: 'REFRESH' }),
  };
}
