import { useMemo } from 'react';
import { useSnapshot } from 'valtio/react';
import type { Project } from '../../../domain/entities.ts';
import { answerProjectList, projectListQuery } from '../../../domain/lists/project-list.ts';
import type { ListRequest } from '../../machines/remoteList.machine.ts';
import { projectsStore } from '../../stores/projects.ts';
import { useRemoteList } from '../../stores/useRemoteList.ts';
import { usePastCollection } from '../../stores/viewMode.ts';
import { projectPage } from './projectApi.ts';
import { DEFAULT_SORT, PAGE_SIZE, projectListParams, touchesProjectRows } from './listQuery.ts';

/**
 * The Projects Directory's rows: searched, filtered, sorted and paged by the server (GET /api/projects
 * with a query), asked again when the live channel brings a project's change. A past moment has no
 * server list to ask, so its rows are worked out here from the past plan with the same rules
 * (domain/lists/project-list.ts). A row changed since its page arrived shows its newer version.
 */
export function useProjectList() {
  const past = usePastCollection('projects');
  const pastRoles = usePastCollection('placeholders');
  const answerPast = useMemo(
    () => (past ? (request: ListRequest) => answerProjectList(past.data, projectListQuery.parse(projectListParams(request)), pastRoles?.data ?? []) : null),
    [past, pastRoles],
  );
  const { pageRows, pastAnswer, view } = useRemoteList<Project>({
    fetchPage: projectPage,
    params: projectListParams,
    pageSize: PAGE_SIZE,
    sort: DEFAULT_SORT,
    touches: touchesProjectRows,
    answerPast,
  });

  const live = useSnapshot(projectsStore);
  const rows = useMemo(() => {
    if (pastAnswer) return pastAnswer.rows;
    const current = new Map((live.data as readonly Project[]).map((p) => [p._id, p]));
    return pageRows.map((row) => {
      const newer = current.get(row._id);
      return newer && newer.version > row.version ? newer : row;
    });
  }, [pastAnswer, pageRows, live.data]);
  return { rows, ...view };
}
