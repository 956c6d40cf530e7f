import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from '../../lib/api.ts';
import { publishConflictsOf, type PublishConflict, type Rebased } from './scenariosApi.ts';

/**
 * The owner's actions on a scenario, one at a time:
 *
 *   idle -RUN(undo | share)-> running -> idle (the screen fetches the scenario again; a refusal's message stays up)
 *   idle -REBASE-> rebasing -> idle, with what the rebase dropped and a word to review before publishing
 *   idle -PUBLISH-> confirming -CONFIRM-> publishing -> published (read-only from then on)
 *                                                   -> conflict (409 SCENARIO_CONFLICT: theirs beside ours)
 *                                                   -> idle (any other refusal: its message)
 *   conflict -REBASE-> rebasing ("Rebase and review"); -CLOSE-> idle
 */
export type ScenarioAction = { kind: 'undo'; changeId: string } | { kind: 'share'; shared: boolean };

export type ScenarioActionsContext = {
  pending: ScenarioAction | null;
  error: string | null;
  conflicts: PublishConflict[];
  /** After a rebase: the changes it had to drop, and that the rest wants a look before publishing. */
  rebased: { dropped: Rebased['dropped'] } | null;
};

export type ScenarioActionsEvent =
  | { type: 'RUN'; action: ScenarioAction }
  | { type: 'REBASE' }
  | { type: 'PUBLISH' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'CLOSE' }
  | { type: 'DISMISS' };

const clean: ScenarioActionsContext = { pending: null, error: null, conflicts: [], rebased: null };

export const scenarioActionsMachine = setup({
  types: { context: {} as ScenarioActionsContext, events: {} as ScenarioActionsEvent },
  actors: {
    run: fromPromise<unknown, ScenarioAction>(async () => {
      throw new Error('The run actor was not provided');
    }),
    rebase: fromPromise<Rebased, void>(async () => {
      throw new Error('The rebase actor was not provided');
    }),
    publish: fromPromise<unknown, void>(async () => {
      throw new Error('The publish actor was not provided');
    }),
  },
  guards: {
    isConflict: ({ event }) => publishConflictsOf((event as { error?: unknown }).error) !== null,
  },
  actions: {
    /** The scenario changed on the server: the screen fetches its views again. Provided by the screen. */
    changed: () => {},
    /** The scenario is live now and read-only: the screen lets go of anything that showed it as a draft (the lens). */
    published: () => {},
    /** A short confirmation ('Published'); provided by the screen. */
    notify: (_, _params: { text: string }) => {},
    clear: assign(clean),
    recordError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
    recordConflicts: assign((_, params: { error: unknown }) => ({ conflicts: publishConflictsOf(params.error) ?? [], error: errorMessage(params.error) })),
    recordRebase: assign((_, params: { rebased: Rebased }) => ({ rebased: { dropped: params.rebased.dropped }, conflicts: [], error: null })),
  },
}).createMachine({
  id: 'scenarioActions',
  context: clean,
  initial: 'idle',
  states: {
    idle: {
      on: {
        RUN: { target: 'running', actions: ['clear', assign({ pending: ({ event }) => event.action })] },
        REBASE: { target: 'rebasing', actions: 'clear' },
        PUBLISH: { target: 'confirming', actions: 'clear' },
        DISMISS: { actions: 'clear' },
      },
    },
    running: {
      invoke: {
        src: 'run',
        input: ({ context }) => context.pending!,
        onDone: { target: 'idle', actions: 'changed' },
        onError: { target: 'idle', actions: [{ type: 'recordError', params: ({ event }) => ({ error: event.error }) }, 'changed'] },
      },
    },
    rebasing: {
      invoke: {
        src: 'rebase',
        onDone: {
          target: 'idle',
          actions: [
            { type: 'recordRebase', params: ({ event }) => ({ rebased: event.output }) },
            'changed',
            { type: 'notify', params: { text: 'Rebased on the live plan: review the changes, then publish again' } },
          ],
        },
        onError: { target: 'idle', actions: [{ type: 'recordError', params: ({ event }) => ({ error: event.error }) }, 'changed'] },
      },
    },
    confirming: {
      on: { CONFIRM: 'publishing', CANCEL: 'idle' },
    },
    publishing: {
      invoke: {
        src: 'publish',
        onDone: { target: 'published', actions: ['published', 'changed', { type: 'notify', params: { text: 'Scenario published: its changes are live' } }] },
        onError: [
          { guard: 'isConflict', target: 'conflict', actions: { type: 'recordConflicts', params: ({ event }) => ({ error: event.error }) } },
          { target: 'idle', actions: [{ type: 'recordError', params: ({ event }) => ({ error: event.error }) }, 'changed'] },
        ],
      },
    },
    conflict: {
      on: { REBASE: { target: 'rebasing' }, CLOSE: { target: 'idle', actions: 'clear' } },
    },
    published: { type: 'final' },
  },
});
