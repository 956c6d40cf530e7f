import { assign, fromPromise, setup } from 'xstate';
import { resolveOverloadsInput } from '../../../../domain/levelling/inputs.ts';
import { errorMessage } from '../../../lib/api.ts';
import type { ResolvedProposal as Resolved } from './resolveOverloads.ts';

/**
 * The Resolve overloads dialog (the Scenarios screen's and the schedule's):
 *
 *   closed -OPEN-> editing -SUBMIT-> solving -> result (the proposal's size and what it leaves) -OPEN_PROPOSAL-> closed (the screen opens it)
 *                                            -> editing (refused: the server's message)
 *
 * The request is checked with the domain's schema before anything is sent, so the messages are the server's.
 */
export type ResolveForm = {
  from: string;
  to: string;
  /** Empty: everyone. */
  engineerIds: string[];
  shift: boolean;
  shiftDays: number;
  reassign: boolean;
  reassignConfirmed: boolean;
  reduce: boolean;
  floor: number;
};
export type ResolveContext = { form: ResolveForm; error: string | null; resolved: Resolved | null };
export type ResolveEvent =
  /** `engineerIds`: the people the screen had selected (none: everyone). */
  | { type: 'OPEN'; from: string; to: string; engineerIds?: string[] }
  | { type: 'CANCEL' }
  | { type: 'SET'; patch: Partial<ResolveForm> }
  | { type: 'SUBMIT' }
  | { type: 'OPEN_PROPOSAL' };

export const defaultResolveForm = (from: string, to: string): ResolveForm => ({
  from, to, engineerIds: [], shift: true, shiftDays: 14, reassign: true, reassignConfirmed: true, reduce: false, floor: 50,
});

/** The body POST /api/scenarios/resolve takes for the form. */
export const resolveBody = (form: ResolveForm) => ({
  from: form.from,
  to: form.to,
  scope: form.engineerIds.length > 0 ? { engineerIds: form.engineerIds } : ('all' as const),
  allow: { shiftDays: form.shift ? form.shiftDays : 0, reassign: form.reassign, reassignConfirmed: form.reassign && form.reassignConfirmed, reduce: form.reduce ? form.floor : null },
});

/** The first message the server would answer with, or null. */
export function resolveProblem(form: ResolveForm): string | null {
  const result = resolveOverloadsInput.safeParse(resolveBody(form));
  return result.success ? null : (result.error.issues[0]?.message ?? 'Check the form');
}

export const resolveOverloadsMachine = setup({
  types: { context: {} as ResolveContext, events: {} as ResolveEvent },
  actors: {
    resolve: fromPromise<Resolved, ResolveForm>(async () => {
      throw new Error('The resolve actor was not provided');
    }),
  },
  guards: { formIsGood: ({ context }) => resolveProblem(context.form) === null },
  actions: {
    /** The screen opens the proposal (its scenario's id, and the proposal as answered); provided by the screen. */
    opened: (_, _params: { id: string; proposal: Resolved }) => {},
  },
}).createMachine({
  id: 'resolveOverloads',
  context: { form: defaultResolveForm('', ''), error: null, resolved: null },
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: { target: 'editing', actions: assign(({ event }) => ({ form: { ...defaultResolveForm(event.from, event.to), engineerIds: event.engineerIds ?? [] }, error: null, resolved: null })) } },
    },
    editing: {
      on: {
        SET: { actions: assign(({ context, event }) => ({ form: { ...context.form, ...event.patch }, error: null })) },
        CANCEL: 'closed',
        SUBMIT: [{ guard: 'formIsGood', target: 'solving' }, { actions: assign(({ context }) => ({ error: resolveProblem(context.form) })) }],
      },
    },
    solving: {
      invoke: {
        src: 'resolve',
        input: ({ context }) => context.form,
        onDone: { target: 'result', actions: assign(({ event }) => ({ resolved: event.output })) },
        onError: { target: 'editing', actions: assign(({ event }) => ({ error: errorMessage(event.error) })) },
      },
    },
    result: {
      on: {
        CANCEL: 'closed',
        OPEN_PROPOSAL: { target: 'closed', actions: { type: 'opened', params: ({ context }) => ({ id: context.resolved!._id, proposal: context.resolved! }) } },
      },
    },
  },
});
