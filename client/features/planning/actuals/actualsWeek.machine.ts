import { assign, fromPromise, setup } from 'xstate';
import type { ActualsWeekAnswer } from '../../../../domain/actuals/contracts.ts';
import { errorMessage } from '../../../lib/api.ts';

/**
 * One engineer's week of actuals, on their dashboard or opened by a manager: load it (the plan beside
 * what was recorded), edit hours per project, add unplanned work, save (Enter); "as planned" saves the
 * plan in one click. A locked week is read-only for its engineer; a manager may change it with a reason.
 * The load and save actors are provided by the screen (the API), so the machine is tested without one.
 */
export type ActualsLine = { projectId: string; hours: number; planned: number };
export type ActualsWeekContext = {
  engineerId: string;
  week: string;
  /** Whether the one editing is a manager: they may change a locked week, with a reason. */
  manager: boolean;
  answer: ActualsWeekAnswer | null;
  lines: ActualsLine[];
  note: string;
  reason: string;
  error: string | null;
};

export type ActualsWeekEvent =
  | { type: 'HOURS'; projectId: string; hours: number }
  | { type: 'ADD'; projectId: string }
  | { type: 'REMOVE'; projectId: string }
  | { type: 'NOTE'; note: string }
  | { type: 'REASON'; reason: string }
  | { type: 'AS_PLANNED' }
  | { type: 'SAVE' }
  | { type: 'RELOAD' };

/** The form's lines: what was recorded, else the plan; every planned project listed, recorded or not. */
export function linesOf(answer: ActualsWeekAnswer): ActualsLine[] {
  const planned = new Map(answer.planned.map((p) => [p.projectId, p.hours]));
  const source = answer.recorded ? answer.entries : answer.planned;
  const lines = source.map((e) => ({ projectId: e.projectId, hours: e.hours, planned: planned.get(e.projectId) ?? 0 }));
  for (const p of answer.planned) if (!lines.some((l) => l.projectId === p.projectId)) lines.push({ projectId: p.projectId, hours: 0, planned: p.hours });
  return lines;
}

export const entriesOf = (lines: readonly ActualsLine[]) => lines.filter((l) => l.hours > 0).map(({ projectId, hours }) => ({ projectId, hours }));

/** Whether this editor may save: an engineer not on a locked week; a manager on a locked week only with a reason. */
export const canSave = (c: ActualsWeekContext) => Boolean(c.answer) && (!c.answer!.locked || (c.manager && c.reason.trim() !== ''));

export type SaveInput = { engineerId: string; week: string; entries: { projectId: string; hours: number }[]; note: string; reason: string; version: number };

export const actualsWeekMachine = setup({
  types: {
    context: {} as ActualsWeekContext,
    events: {} as ActualsWeekEvent,
    input: {} as { engineerId: string; week: string; manager: boolean },
  },
  actors: {
    load: fromPromise<ActualsWeekAnswer, { engineerId: string; week: string }>(async () => {
      throw new Error('provide load');
    }),
    save: fromPromise<ActualsWeekAnswer, SaveInput>(async () => {
      throw new Error('provide save');
    }),
  },
  guards: { canSave: ({ context }) => canSave(context) },
  actions: {
    takeAnswer: assign(({ event }) => {
      const answer = (event as unknown as { output: ActualsWeekAnswer }).output;
      return { answer, lines: linesOf(answer), note: answer.note ?? '', reason: '', error: null };
    }),
    takeError: assign(({ event }) => ({ error: errorMessage((event as unknown as { error: unknown }).error) })),
  },
}).createMachine({
  id: 'actualsWeek',
  context: ({ input }) => ({ ...input, answer: null, lines: [], note: '', reason: '', error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ engineerId: context.engineerId, week: context.week }),
        onDone: { target: 'editing', actions: 'takeAnswer' },
        onError: { target: 'failed', actions: 'takeError' },
      },
    },
    failed: { on: { RELOAD: 'loading' } },
    editing: {
      on: {
        HOURS: { actions: assign({ lines: ({ context, event }) => context.lines.map((l) => (l.projectId === event.projectId ? { ...l, hours: Math.max(0, event.hours) } : l)) }) },
        ADD: {
          guard: ({ context, event }) => !context.lines.some((l) => l.projectId === event.projectId),
          actions: assign({ lines: ({ context, event }) => [...context.lines, { projectId: event.projectId, hours: 0, planned: 0 }] }),
        },
        REMOVE: { actions: assign({ lines: ({ context, event }) => context.lines.filter((l) => l.projectId !== event.projectId || l.planned > 0) }) },
        NOTE: { actions: assign({ note: ({ event }) => event.note }) },
        REASON: { actions: assign({ reason: ({ event }) => event.reason }) },
        AS_PLANNED: {
          guard: 'canSave',
          target: 'saving',
          actions: assign({ lines: ({ context }) => context.lines.map((l) => ({ ...l, hours: l.planned })) }),
        },
        SAVE: { guard: 'canSave', target: 'saving' },
        RELOAD: 'loading',
      },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => ({
          engineerId: context.engineerId, week: context.week, entries: entriesOf(context.lines), note: context.note, reason: context.reason, version: context.answer!.version,
        }),
        onDone: { target: 'editing', actions: 'takeAnswer' },
        onError: { target: 'editing', actions: 'takeError' },
      },
    },
  },
});
