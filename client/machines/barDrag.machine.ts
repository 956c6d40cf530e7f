import { assign, emit, setup } from 'xstate';
import type { Assignment } from '../../domain/entities.ts';
import type { Dated } from '../../domain/figures.ts';
import { shortDate } from '../lib/format.ts';
import { assignmentImpact, type Impact, otherAssignments } from '../lib/impact.ts';
import type { NamedOverload } from '../lib/overloads.ts';
import { assignmentValuesOf, type PickedEngineer, type PlanView } from './assignmentValues.ts';
import type { RowAction } from './rowAction.machine.ts';

/**
 * Dragging an assignment's bar on the schedule: the whole bar moves it, an edge resizes it, snapped
 * to whole days; the whole bar dropped on another person's row hands it to them. While it moves, the
 * preview says what the change does to the engineer who will have it, as the edit form does; a drop
 * that makes or worsens an overload asks first, by the one rule the form, Fill and the API's answer
 * use (`judge`: the days over capacity and the peak; a resize that lowers someone's load never asks).
 *
 *   idle -PRESS-> pressed -MOVE (past a few pixels)-> dragging -MOVE-> dragging (new dates or row, new preview)
 *   pressed -RELEASE-> idle, emitting 'open' (a click: the screen opens the edit form)
 *   dragging -RELEASE-> idle (nothing changed) | judging -> confirming (makes or worsens an overload) | idle emitting 'commit'
 *   confirming -CONFIRM-> idle emitting 'commit'; -BACK-> idle (nothing saved)
 *   PRESS carrying a `refusal` (the bar's own person is out of reach) -> idle emitting 'refused' with it
 *   dragging -RELEASE on a person the screen's `refusal` names a reason for (a scoped manager's other
 *     team)-> idle emitting 'refused' with it, nothing saved: the server would answer 403
 *   CANCEL (Escape, a lost pointer) -> idle, nothing saved
 *
 * 'commit' carries the change as a one-click action against the version the bar showed, so the
 * screen saves it with the row-action machine and a stale version gets the conflict dialog.
 */

export type DragEdge = 'move' | 'start' | 'end';

export type BarDragContext = {
  assignment: Assignment | null;
  edge: DragEdge;
  /** Whole days the pointer has dragged the edge so far (before limits). */
  days: number;
  /** The bar's dates where the pointer holds it now. */
  dates: Dated | null;
  /** The person whose row the pointer is over, when it is not the assignment's own (a move only). */
  target: PickedEngineer | null;
  impact: Impact | null;
  /** Whom the drop would put or push over capacity, judged when it is released. */
  overloads: NamedOverload[];
  /** Judges a drop: the assignment, its new dates, and the person it is handed to (null: its own). */
  judge: DropJudge;
  /** Why a bar may not be handed to this person (out of the manager's reach), or null. */
  refusal: (target: PickedEngineer) => string | null;
  /** Turns pointer travel in pixels into whole days on the screen's axis. */
  toDays: (dx: number) => number;
  /** Applies dragged days to the dates (the screen's calendar: time zone, resize limits). */
  drag: (a: Dated, edge: DragEdge, days: number) => Dated;
  plan: () => PlanView;
  now: () => Date;
};

export type BarDragEvent =
  /** `refusal`: why this bar's person may not be changed (another team's): nothing moves, the reason is said. */
  | { type: 'PRESS'; assignment: Assignment; edge: DragEdge; toDays: (dx: number) => number; refusal?: string | null }
  /** `engineerId`: whose row the pointer is over (undefined: the screen cannot tell; the bar stays on its row). */
  | { type: 'MOVE'; dx: number; dy?: number; engineerId?: string | null }
  | { type: 'RELEASE' }
  | { type: 'CANCEL' }
  | { type: 'CONFIRM' }
  | { type: 'BACK' };

export type BarDragEmitted = { type: 'open'; assignment: Assignment } | { type: 'commit'; action: RowAction } | { type: 'refused'; reason: string };

export type DropJudge = (assignment: Assignment, dates: Dated, target: PickedEngineer | null) => NamedOverload[];

export type BarDragInput = { drag: BarDragContext['drag']; plan: () => PlanView; now?: () => Date; judge?: DropJudge; refusal?: BarDragContext['refusal'] };

/** A pointer that travelled less than this is a click, not a drag. */
export const DRAG_THRESHOLD_PX = 4;

const unchanged = (a: Dated, b: Dated | null) => !b || (a.startDate === b.startDate && a.endDate === b.endDate);

/** The edit a drop makes, in words and values, against the version the bar showed; `to` hands it to another person. */
export function dropAction(a: Assignment, edge: DragEdge, dates: Dated, to: Pick<PickedEngineer, '_id' | 'name'> | null = null): RowAction {
  const changes: Record<string, string> = {};
  if (to && to._id !== a.engineerId._id) changes.engineerId = to._id;
  if (dates.startDate !== a.startDate) changes.startDate = dates.startDate;
  if (dates.endDate !== a.endDate) changes.endDate = dates.endDate;
  const span = `${shortDate(dates.startDate)} - ${shortDate(dates.endDate)}`;
  if (changes.engineerId) {
    return {
      kind: 'reassign',
      id: a._id,
      version: a.version,
      label: `Hand ${a.engineerId.name}'s assignment on ${a.projectId.name} to ${to!.name}, ${span}`,
      before: assignmentValuesOf(a),
      changes,
    };
  }
  const verb = edge === 'move' ? 'Move' : 'Change the dates of';
  return {
    kind: edge === 'move' ? 'move' : 'resize',
    id: a._id,
    version: a.version,
    label: `${verb} ${a.engineerId.name}'s assignment on ${a.projectId.name} to ${span}`,
    before: assignmentValuesOf(a),
    changes,
  };
}

/** What the drop does to whoever will have the assignment: its own engineer (against it as it was), or the person it is handed to. */
function impactOfDrop(context: BarDragContext, dates: Dated, target: PickedEngineer | null): Impact | null {
  const a = context.assignment;
  if (!a) return null;
  const plan = context.plan();
  const engineer = target ?? plan.engineers.find((e) => e._id === a.engineerId._id);
  if (!engineer || !Number.isFinite(engineer.maxCapacity)) return null;
  const others = otherAssignments(plan.assignments, engineer._id, a._id);
  return assignmentImpact(engineer, others, { allocationPercentage: a.allocationPercentage, ...dates }, context.now());
}

/** The person whose row the pointer is over, when it is another's and the whole bar is moving. */
function targetOf(context: BarDragContext, engineerId: string | null | undefined): PickedEngineer | null {
  const a = context.assignment;
  if (!a || context.edge !== 'move') return null;
  if (engineerId === undefined) return context.target;
  if (!engineerId || engineerId === a.engineerId._id) return null;
  return context.plan().engineers.find((e) => e._id === engineerId) ?? null;
}

const idleContext = (context: Pick<BarDragContext, 'drag' | 'plan' | 'now' | 'judge' | 'refusal'>): BarDragContext => ({
  assignment: null,
  edge: 'move',
  days: 0,
  dates: null,
  target: null,
  impact: null,
  overloads: [],
  judge: context.judge,
  refusal: context.refusal,
  toDays: () => 0,
  drag: context.drag,
  plan: context.plan,
  now: context.now,
});

export const barDragMachine = setup({
  types: {
    context: {} as BarDragContext,
    events: {} as BarDragEvent,
    input: {} as BarDragInput,
    emitted: {} as BarDragEmitted,
  },
  guards: {
    farEnough: ({ event }) => event.type === 'MOVE' && Math.hypot(event.dx, event.dy ?? 0) >= DRAG_THRESHOLD_PX,
    nothingChanged: ({ context }) => !context.assignment || (unchanged(context.assignment, context.dates) && context.target === null),
    wouldOverload: ({ context }) => context.overloads.length > 0,
    pressRefused: ({ event }) => event.type === 'PRESS' && !!event.refusal,
    targetRefused: ({ context }) => context.target !== null && context.refusal(context.target) !== null,
  },
  actions: {
    press: assign(({ context, event }) => {
      if (event.type !== 'PRESS') return {};
      const { startDate, endDate } = event.assignment;
      return { ...idleContext(context), assignment: event.assignment, edge: event.edge, toDays: event.toDays, dates: { startDate, endDate } };
    }),
    follow: assign(({ context, event }) => {
      if (event.type !== 'MOVE' || !context.assignment) return {};
      const days = context.toDays(event.dx);
      const target = targetOf(context, event.engineerId);
      if (days === context.days && target === context.target && context.impact) return {};
      const dates = context.drag(context.assignment, context.edge, days);
      return { days, dates, target, impact: impactOfDrop(context, dates, target) };
    }),
    reset: assign(({ context }) => idleContext(context)),
    judgeDrop: assign(({ context }) => ({ overloads: context.assignment && context.dates ? context.judge(context.assignment, context.dates, context.target) : [] })),
    refusePress: emit(({ event }) => ({ type: 'refused' as const, reason: (event as { refusal: string }).refusal })),
    refuse: emit(({ context }) => ({ type: 'refused' as const, reason: context.refusal(context.target!)! })),
    open: emit(({ context }) => ({ type: 'open' as const, assignment: context.assignment! })),
    commit: emit(({ context }) => ({ type: 'commit' as const, action: dropAction(context.assignment!, context.edge, context.dates!, context.target) })),
  },
}).createMachine({
  id: 'barDrag',
  context: ({ input }) => idleContext({ drag: input.drag, plan: input.plan, now: input.now ?? (() => new Date()), judge: input.judge ?? (() => []), refusal: input.refusal ?? (() => null) }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        PRESS: [
          { guard: 'pressRefused', actions: 'refusePress' },
          { target: 'pressed', actions: 'press' },
        ],
      },
    },
    pressed: {
      on: {
        MOVE: { guard: 'farEnough', target: 'dragging', actions: 'follow' },
        RELEASE: { target: 'idle', actions: ['open', 'reset'] },
        CANCEL: { target: 'idle', actions: 'reset' },
      },
    },
    dragging: {
      on: {
        MOVE: { actions: 'follow' },
        RELEASE: [
          { guard: 'nothingChanged', target: 'idle', actions: 'reset' },
          { guard: 'targetRefused', target: 'idle', actions: ['refuse', 'reset'] },
          { target: 'judging' },
        ],
        CANCEL: { target: 'idle', actions: 'reset' },
      },
    },
    // Judged once, where it was dropped: the same days and peak the dialog then names.
    judging: {
      entry: 'judgeDrop',
      always: [
        { guard: 'wouldOverload', target: 'confirming' },
        { target: 'idle', actions: ['commit', 'reset'] },
      ],
    },
    confirming: {
      on: {
        CONFIRM: { target: 'idle', actions: ['commit', 'reset'] },
        BACK: { target: 'idle', actions: 'reset' },
        CANCEL: { target: 'idle', actions: 'reset' },
      },
    },
  },
});
