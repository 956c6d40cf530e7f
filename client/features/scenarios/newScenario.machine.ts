import { assign, fromPromise, setup } from 'xstate';
import { createScenarioInput } from '../../../domain/scenarios/index.ts';
import { ApiError, errorMessage } from '../../lib/api.ts';

/**
 * The New scenario dialog:
 *
 *   closed -OPEN-> editing -SUBMIT-> submitting -> closed (created: the screen opens it)
 *                                               -> editing (refused: the server's message, by field when it names one)
 *
 * The name is checked with the domain's schema before anything is sent, so the messages are the server's.
 */
export type NewScenarioForm = { name: string; shared: boolean };
export type NewScenarioContext = { form: NewScenarioForm; nameError: string | null; submitError: string | null };
export type NewScenarioEvent =
  | { type: 'OPEN' }
  | { type: 'CANCEL' }
  | { type: 'SET_NAME'; name: string }
  | { type: 'SET_SHARED'; shared: boolean }
  | { type: 'SUBMIT' };

const emptyForm: NewScenarioForm = { name: '', shared: false };

/** The message of the name, or null when the server would take it. */
export function nameProblem(form: NewScenarioForm): string | null {
  const result = createScenarioInput.safeParse(form);
  return result.success ? null : (result.error.issues.find((i) => i.path[0] === 'name')?.message ?? null);
}

export const newScenarioMachine = setup({
  types: { context: {} as NewScenarioContext, events: {} as NewScenarioEvent },
  actors: {
    create: fromPromise<{ _id: string }, NewScenarioForm>(async () => {
      throw new Error('The create actor was not provided');
    }),
  },
  guards: { nameIsGood: ({ context }) => nameProblem(context.form) === null },
  actions: {
    /** The screen opens the new scenario; provided by the screen. */
    created: (_, _params: { id: string }) => {},
    reset: assign({ form: emptyForm, nameError: null, submitError: null }),
    setName: assign(({ context, event }) => {
      if (event.type !== 'SET_NAME') return {};
      const form = { ...context.form, name: event.name };
      // Once a message shows, it follows what is typed.
      return { form, nameError: context.nameError === null ? null : nameProblem(form) };
    }),
    setShared: assign(({ context, event }) => (event.type === 'SET_SHARED' ? { form: { ...context.form, shared: event.shared } } : {})),
    showNameProblem: assign(({ context }) => ({ nameError: nameProblem(context.form) })),
    recordFailure: assign((_, params: { error: unknown }) => {
      const issue = params.error instanceof ApiError ? params.error.issues.find((i) => i.path === 'name') : undefined;
      return issue ? { nameError: issue.message, submitError: null } : { submitError: errorMessage(params.error) };
    }),
  },
}).createMachine({
  id: 'newScenario',
  context: { form: emptyForm, nameError: null, submitError: null },
  initial: 'closed',
  states: {
    closed: { on: { OPEN: { target: 'editing', actions: 'reset' } } },
    editing: {
      on: {
        SET_NAME: { actions: 'setName' },
        SET_SHARED: { actions: 'setShared' },
        CANCEL: 'closed',
        SUBMIT: [{ guard: 'nameIsGood', target: 'submitting' }, { actions: 'showNameProblem' }],
      },
    },
    submitting: {
      entry: assign({ submitError: null, nameError: null }),
      invoke: {
        src: 'create',
        input: ({ context }) => ({ name: context.form.name.trim(), shared: context.form.shared }),
        onDone: { target: 'closed', actions: { type: 'created', params: ({ event }) => ({ id: event.output._id }) } },
        onError: { target: 'editing', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
