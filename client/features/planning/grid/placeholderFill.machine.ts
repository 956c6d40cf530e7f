import { assign, emit, fromPromise, setup } from 'xstate';
import { dateOfDay, dayOfDate } from '../../../../domain/capacity/calendar-days.ts';
import type { SuitableEngineer } from '../../../../domain/capacity/suitable.ts';
import type { Assignment, Placeholder } from '../../../../domain/entities.ts';
import type { NamedOverload } from '../../../lib/overloads.ts';
import { errorMessage, isVersionConflict } from '../../../lib/api.ts';
import { errorOf } from '../../../machines/formConflict.ts';

/**
 * Filling a placeholder from the schedule: the engineers suited to its dates, most free first; pick
 * one; the placeholder becomes their assignment in one write against the project's version.
 *
 *   closed -OPEN-> loading -> choosing (PICK, FILL) | failed (RETRY)
 *   choosing -FILL-> judging -> filling, or confirming first when the fill makes or worsens an overload
 *   confirming -CONFIRM-> filling | -BACK-> choosing (nothing written)
 *   filling -> closed, emitting 'filled'
 *                            -> reloading (409: the project changed first) -> choosing, on the latest
 *                               version, the pick kept | gone (the placeholder was filled or removed)
 *                            -> choosing with the refusal's message
 *   CANCEL closes from anywhere but filling.
 */

export type FillTarget = {
  placeholder: Placeholder;
  projectName: string;
  /** The project's version: a fill is made against it. */
  version: number;
  /**
   * The calendar dates engineers are ranked over, by what is free then: the days the placeholder counts
   * on, both included, so `to` is the day before its end date (an end date is the first day not worked).
   * Not the dates to show: those are the placeholder's own, as saved (an open role saved as ending
   * May 26 ends May 26, and is worked through May 25).
   */
  from: string;
  to: string;
};

const DAY_MS = 86_400_000;
/** Whole days from one instant to another (the hour a daylight-saving change adds or takes rounds away). */
const daysMoved = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** The ranking's dates moved as far as the placeholder's own dates moved: the latest is ranked over its dates, not the old ones. */
export function movedTarget(target: FillTarget, latest: Placeholder, version: number): FillTarget {
  const from = dateOfDay(dayOfDate(target.from) + daysMoved(target.placeholder.startDate, latest.startDate));
  const to = dateOfDay(Math.max(dayOfDate(from), dayOfDate(target.to) + daysMoved(target.placeholder.endDate, latest.endDate)));
  return { ...target, version, placeholder: latest, from, to };
}

export type PlaceholderFillContext = {
  target: FillTarget | null;
  candidates: SuitableEngineer[];
  picked: string | null;
  /** Why the last load or fill failed. */
  error: string | null;
  /** What changed under the user, said once the latest is in. */
  notice: string | null;
  /** What the fill would overload, while the user is asked. */
  overloads: NamedOverload[];
};

export type PlaceholderFillEvent =
  | { type: 'OPEN'; target: FillTarget }
  | { type: 'PICK'; engineerId: string }
  | { type: 'FILL' }
  | { type: 'CONFIRM' }
  | { type: 'BACK' }
  | { type: 'RETRY' }
  | { type: 'CANCEL' };

export type FillInput = { projectId: string; placeholderId: string; engineerId: string; version: number };
/** The project's version now and the placeholder as it is now (null once filled or removed). */
export type LatestPlaceholder = { version: number; placeholder: Placeholder | null };

export const PLACEHOLDER_CHANGED = 'Someone else changed this project first: here is the latest. Check it and fill again.';
export const PLACEHOLDER_GONE = 'This placeholder was filled or removed meanwhile.';

const closed = (): PlaceholderFillContext => ({ target: null, candidates: [], picked: null, error: null, notice: null, overloads: [] });

export const placeholderFillMachine = setup({
  types: {
    context: {} as PlaceholderFillContext,
    events: {} as PlaceholderFillEvent,
    emitted: {} as { type: 'filled'; assignment: Assignment },
  },
  actors: {
    suitable: fromPromise<SuitableEngineer[], FillTarget>(async () => {
      throw new Error('The suitable actor was not provided');
    }),
    fill: fromPromise<{ assignment: Assignment }, FillInput>(async () => {
      throw new Error('The fill actor was not provided');
    }),
    latest: fromPromise<LatestPlaceholder, { projectId: string; placeholderId: string }>(async () => {
      throw new Error('The latest actor was not provided');
    }),
    /** What filling the placeholder with the engineer would overload, on the plan the screen shows. */
    overloads: fromPromise<NamedOverload[], { placeholder: Placeholder; engineerId: string }>(async () => []),
  },
  guards: {
    hasPick: ({ context }) => context.picked !== null,
    isVersionConflict: ({ event }) => isVersionConflict(errorOf(event)),
    isGone: ({ event }) => (event as { output?: LatestPlaceholder }).output?.placeholder === null,
    overloads: ({ event }) => ((event as { output?: NamedOverload[] }).output ?? []).length > 0,
  },
  actions: {
    open: assign(({ event }) => (event.type === 'OPEN' ? { ...closed(), target: event.target } : {})),
    reset: assign(closed),
    recordCandidates: assign(({ context, event }) => {
      const candidates = (event as { output?: SuitableEngineer[] }).output ?? [];
      const picked = context.picked && candidates.some((c) => c._id === context.picked) ? context.picked : null;
      return { candidates, picked, error: null };
    }),
    recordError: assign({ error: ({ event }) => errorMessage(errorOf(event)) }),
    pick: assign({ picked: ({ context, event }) => (event.type === 'PICK' ? event.engineerId : context.picked), error: null }),
    startFilling: assign({ error: null, notice: null }),
    takeLatest: assign(({ context, event }) => {
      const latest = (event as { output?: LatestPlaceholder }).output;
      if (!context.target || !latest?.placeholder) return {};
      return { target: movedTarget(context.target, latest.placeholder, latest.version), notice: PLACEHOLDER_CHANGED };
    }),
    gone: assign({ notice: PLACEHOLDER_GONE }),
    recordOverloads: assign({ overloads: ({ event }) => (event as { output?: NamedOverload[] }).output ?? [] }),
    forgetOverloads: assign({ overloads: [] }),
    filled: emit(({ event }) => ({ type: 'filled' as const, assignment: (event as { output?: { assignment: Assignment } }).output!.assignment })),
  },
}).createMachine({
  id: 'placeholderFill',
  context: closed,
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: { target: 'loading', actions: 'open' } },
    },
    loading: {
      on: { CANCEL: { target: 'closed', actions: 'reset' } },
      invoke: {
        src: 'suitable',
        input: ({ context }) => context.target!,
        onDone: { target: 'choosing', actions: 'recordCandidates' },
        onError: { target: 'failed', actions: 'recordError' },
      },
    },
    failed: {
      on: { RETRY: 'loading', CANCEL: { target: 'closed', actions: 'reset' } },
    },
    choosing: {
      on: {
        PICK: { actions: 'pick' },
        FILL: { guard: 'hasPick', target: 'judging', actions: 'startFilling' },
        CANCEL: { target: 'closed', actions: 'reset' },
      },
    },
    judging: {
      invoke: {
        src: 'overloads',
        input: ({ context }) => ({ placeholder: context.target!.placeholder, engineerId: context.picked! }),
        onDone: [{ guard: 'overloads', target: 'confirming', actions: 'recordOverloads' }, { target: 'filling' }],
        // Not knowing is no reason to stop: the fill's answer names any overload all the same.
        onError: { target: 'filling' },
      },
    },
    confirming: {
      on: {
        CONFIRM: { target: 'filling', actions: 'forgetOverloads' },
        BACK: { target: 'choosing', actions: 'forgetOverloads' },
        CANCEL: { target: 'choosing', actions: 'forgetOverloads' },
      },
    },
    filling: {
      invoke: {
        src: 'fill',
        input: ({ context }) => ({
          projectId: context.target!.placeholder.projectId,
          placeholderId: context.target!.placeholder._id,
          engineerId: context.picked!,
          version: context.target!.version,
        }),
        onDone: { target: 'closed', actions: ['filled', 'reset'] },
        onError: [
          { guard: 'isVersionConflict', target: 'reloading' },
          { target: 'choosing', actions: 'recordError' },
        ],
      },
    },
    reloading: {
      invoke: {
        src: 'latest',
        input: ({ context }) => ({ projectId: context.target!.placeholder.projectId, placeholderId: context.target!.placeholder._id }),
        onDone: [
          { guard: 'isGone', target: 'gone', actions: 'gone' },
          { target: 'loading', actions: 'takeLatest' },
        ],
        onError: { target: 'choosing', actions: 'recordError' },
      },
    },
    gone: {
      on: { CANCEL: { target: 'closed', actions: 'reset' } },
    },
  },
});
