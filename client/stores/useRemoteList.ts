import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { ListPage, ListParams } from '../lib/api.ts';
import { type ListAnswer, type ListRequest, lastPage, remoteListMachine } from '../machines/remoteList.machine.ts';
import { onPlanEvent } from './liveSync.ts';

export type RemoteListOptions<Row> = {
  /** One page of the list for the query `params` makes of the table's request: the feature's call (a GET of the list's address). */
  fetchPage: (params: ListParams, signal: AbortSignal) => Promise<ListPage<Row>>;
  params: (request: ListRequest) => ListParams;
  pageSize: number;
  /** The order before the user picks one; none for the list's own. */
  sort?: string;
  /** Whether a live event may change the rows: the page is asked again. */
  touches: (event: { type: string }) => boolean;
  /**
   * While a past moment is shown there is no server list to ask: its answer is worked out from the past
   * plan with the same query rules (domain/lists). Null while showing the present; memoised by the caller.
   */
  answerPast: ((request: ListRequest) => ListAnswer<Row>) | null;
};

/**
 * A table's rows searched, filtered, sorted and paged by the server, asked again when the live channel
 * brings a change that touches them; in the past, the past plan's answer. The All Assignments table and
 * the Projects Directory are built on it. `pageRows` is the page as the server sent it, for the caller
 * to show each row in its newer live version.
 */
export function useRemoteList<Row>({ fetchPage, params, pageSize: size, sort: initialSort, touches, answerPast }: RemoteListOptions<Row>) {
  const machine = useMemo(
    () => remoteListMachine.provide({ actors: { fetchPage: fromPromise(({ input, signal }) => fetchPage(params(input), signal)) } }),
    [],
  );
  const [state, send] = useMachine(machine, { input: { pageSize: size, sort: initialSort } });
  useEffect(() => onPlanEvent((event) => (event === null || touches(event) ? send({ type: 'REFRESH' }) : undefined)), [send]);

  const request = state.context;
  const { search, filters, sort, page, pageSize } = request;
  const pastAnswer = useMemo(() => {
    if (!answerPast) return null;
    const answerFor = (shown: number) => answerPast({ search, filters, sort, page: shown, pageSize });
    const answer = answerFor(page);
    // The past plan may hold fewer rows than the page the live list was on: show its last page.
    const last = lastPage(answer.total, pageSize);
    return page > last ? { ...answerFor(last), page: last } : { ...answer, page };
  }, [answerPast, search, filters, sort, page, pageSize]);

  return {
    pageRows: request.rows as Row[],
    pastAnswer,
    view: {
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
      setFilter: (changed: Record<string, string | null>) => send({ type: 'FILTER', filters: changed }),
      setSort: (next: string | null) => send({ type: 'SORT', sort: next }),
      setPage: (next: number) => send({ type: 'PAGE', page: next }),
      refresh: () => send({ type: 'REFRESH' }),
      retry: () => send({ type: 'RETRY' }),
    },
  };
}
