import { assign, emit, fromPromise, setup } from 'xstate';
import { errorMessage } from '../../lib/api.ts';
import { chosenOf, keptOf } from '../../machines/rowSelection.ts';

/**
 * The Engineers directory's selection and one change made to all of it (the bulk bar): a team, a work
 * week, or leaving, from a date. The selection is of ids, so it holds rows on other pages and rows not
 * drawn; "select all" takes every row matching the filter, and a new filter keeps only the chosen rows
 * it still shows (a change never reaches someone the screen does not list).
 *
 *   idle -CHOOSE-> confirming (the dialog names how many) -CONFIRM (when complete)-> saving
 *   saving -> idle, emitting 'changed' (the selection cleared) | confirming with the server's reason
 *   confirming -CANCEL-> idle (the selection kept)
 */

export type BulkAction = 'team' | 'workWeek' | 'deactivate';

export type BulkRequest = { ids: string[]; change: { teamId?: string; workWeek?: number[]; deactivate?: true; from: string } };

export type EngineersBulkContext = {
  selected: string[];
  action: BulkAction | null;
  teamId: string | null;
  workWeek: number[];
  from: string;
  error: string | null;
};

export type EngineersBulkEvent =
  | { type: 'SELECT'; ids: string[] }
  | { type: 'SELECT_ALL'; ids: string[] }
  | { type: 'KEEP_ONLY'; ids: string[] }
  | { type: 'CLEAR' }
  | { type: 'CHOOSE'; action: BulkAction; from: string }
  | { type: 'SET_TEAM'; teamId: string | null }
  | { type: 'SET_DAY'; index: number; value: number }
  | { type: 'SET_FROM'; from: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

export type EngineersBulkEmitted = { type: 'changed'; action: BulkAction; count: number; changed: number; commandId: string | undefined; request: BulkRequest };

/** Monday to Friday at full time: the week a new work week starts from. */
export const STANDARD_WEEK = [100, 100, 100, 100, 100, 0, 0];

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** What is still missing before the change can be sent, said plainly; null when it is complete. */
export function missingOf(context: EngineersBulkContext): string | null {
  if (context.selected.length === 0) return 'Choose the engineers first';
  if (!isDay(context.from)) return 'From must be a date such as 2027-01-04';
  if (context.action === 'team' && !context.teamId) return 'Choose the team';
  if (context.action === 'workWeek') {
    if (context.workWeek.some((v) => !Number.isFinite(v) || v < 0 || v > 100)) return 'Each day is between 0 and 100 %';
    if (!context.workWeek.some((v) => v > 0)) return 'The week needs at least one working day';
  }
  return null;
}

/** The request the confirmed change sends. */
export function requestOf(context: EngineersBulkContext): BulkRequest {
  const { selected, action, teamId, workWeek, from } = context;
  const change =
    action === 'team' ? { teamId: teamId!, from } : action === 'workWeek' ? { workWeek: [...workWeek], from } : { deactivate: true as const, from };
  return { ids: [...selected], change };
}

export const engineersBulkMachine = setup({
  types: {
    context: {} as EngineersBulkContext,
    events: {} as EngineersBulkEvent,
    emitted: {} as EngineersBulkEmitted,
  },
  actors: {
    /** POST /api/engineers/bulk; the screen provides it. Answers how many changed and the command id. */
    change: fromPromise<{ changed: number; commandId: string | undefined }, BulkRequest>(async () => {
      throw new Error('The change actor was not provided');
    }),
  },
  guards: {
    complete: ({ context }) => missingOf(context) === null,
  },
  actions: {
    select: assign(({ event }) => (event.type === 'SELECT' || event.type === 'SELECT_ALL' ? { selected: chosenOf(event.ids) } : {})),
    keepOnly: assign(({ context, event }) => {
      if (event.type !== 'KEEP_ONLY') return {};
      const kept = keptOf(context.selected, event.ids);
      return kept === context.selected ? {} : { selected: [...kept] };
    }),
    clear: assign({ selected: [] }),
    choose: assign(({ event }) => (event.type === 'CHOOSE' ? { action: event.action, from: event.from, teamId: null, workWeek: STANDARD_WEEK, error: null } : {})),
    setTeam: assign(({ event }) => (event.type === 'SET_TEAM' ? { teamId: event.teamId, error: null } : {})),
    setDay: assign(({ context, event }) =>
      event.type === 'SET_DAY' ? { workWeek: context.workWeek.map((v, i) => (i === event.index ? event.value : v)), error: null } : {},
    ),
    setFrom: assign(({ event }) => (event.type === 'SET_FROM' ? { from: event.from, error: null } : {})),
    sayMissing: assign(({ context }) => ({ error: missingOf(context) })),
    close: assign({ action: null, error: null }),
    failed: assign(({ event }) => ({ error: errorMessage((event as { error?: unknown }).error) })),
    changed: emit(({ context, event }) => {
      const output = (event as unknown as { output: { changed: number; commandId: string | undefined } }).output;
      return { type: 'changed' as const, action: context.action!, count: context.selected.length, changed: output.changed, commandId: output.commandId, request: requestOf(context) };
    }),
  },
}).createMachine({
  id: 'engineersBulk',
  context: { selected: [], action: null, teamId: null, workWeek: STANDARD_WEEK, from: '', error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        SELECT: { actions: 'select' },
        SELECT_ALL: { actions: 'select' },
        KEEP_ONLY: { actions: 'keepOnly' },
        CLEAR: { actions: 'clear' },
        CHOOSE: { guard: ({ context }) => context.selected.length > 0, target: 'confirming', actions: 'choose' },
      },
    },
    confirming: {
      on: {
        SET_TEAM: { actions: 'setTeam' },
        SET_DAY: { actions: 'setDay' },
        SET_FROM: { actions: 'setFrom' },
        CONFIRM: [{ guard: 'complete', target: 'saving' }, { actions: 'sayMissing' }],
        CANCEL: { target: 'idle', actions: 'close' },
      },
    },
    saving: {
      invoke: {
        src: 'change',
        input: ({ context }) => requestOf(context),
        onDone: { target: 'idle', actions: ['changed', 'close', 'clear'] },
        onError: { target: 'confirming', actions: 'failed' },
      },
    },
  },
});
