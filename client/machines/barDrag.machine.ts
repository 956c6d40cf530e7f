import { assign, emit, setup } from 'xstate';
import type { Assignment } from '../../domain/entities.ts';
import type { Dated } from '../../domain/figures.ts';
import { shortDate } from '../lib/format.ts';
import { assignmentImpact, type Impact, otherAssignments } from '../lib/impact.ts';
import { assignmentValuesOf, type PlanView } from './assignmentValues.ts';
import type { RowAction } from './rowAction.machine.ts';

/**
 * Dragging an assignment's bar on the schedule: the whole bar moves it, an edge resizes it, snapped
 * to whole days. While it moves, the preview says what the new dates do to the engineer, as the edit
 * form does; a drop that would overload them asks first, as the form does.
 *
 *   idle -PRESS-> pressed -MOVE (past a few pixels)-> dragging -MOVE-> dragging (new dates, new preview)
 *   pressed -RELEASE-> idle, emitting 'open' (a click: the screen opens the edit form)
 *   dragging -RELEASE-> idle (dates unchanged) | confirming (it would overload) | idle emitting 'commit'
 *   confirming -CONFIRM-> idle emitting 'commit'; -BACK-> idle (nothing saved)
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
  impact: Impact | null;
  /** Turns pointer travel in pixels into whole days on the screen's axis. */
  toDays: (dx: number) => number;
  /** Applies dragged days to the dates (the screen's calendar: time zone, resize limits). */
  drag: (a: Dated, edge: DragEdge, days: number) => Dated;
  plan: () => PlanView;
  now: () => Date;
};

export type BarDragEvent =
  | { type: 'PRESS'; assignment: Assignment; edge: DragEdge; toDays: (dx: number) => number }
  | { type: 'MOVE'; dx: number }
  | { type: 'RELEASE' }
  | { type: 'CANCEL' }
  | { type: 'CONFIRM' }
  | { type: 'BACK' };

export type BarDragEmitted = { type: 'open'; assignment: Assignment } | { type: 'commit'; action: RowAction };

export type BarDragInput = { drag: BarDragContext['drag']; plan: () => PlanView; now?: () => Date };

/** A pointer that travelled less than this is a click, not a drag. */
export const DRAG_THRESHOLD_PX = 4;

const unchanged = (a: Dated, b: Dated | null) => !b || (a.startDate === b.startDate && a.endDate === b.endDate);

/** The edit a drop makes, in words and values, against the version the bar showed. */
export function dropAction(a: Assignment, edge: DragEdge, dates: Dated): RowAction {
  const changes: Record<string, string> = {};
  if (dates.startDate !== a.startDate) changes.startDate = dates.startDate;
  if (dates.endDate !== a.endDate) changes.endDate = dates.endDate;
  const span = `${shortDate(dates.startDate)} - ${shortDate(dates.endDate)}`;
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

function impactOfDrop(context: BarDragContext, dates: Dated): Impact | null {
  const a = context.assignment;
  if (!a) return null;
  const plan = context.plan();
  const engineer = plan.engineers.find((e) => e._id === a.engineerId._id);
  if (!engineer || !Number.isFinite(engineer.maxCapacity)) return null;
  const others = otherAssignments(plan.assignments, engineer._id, a._id);
  return assignmentImpact(engineer, others, { allocationPercentage: a.allocationPercentage, ...dates }, context.now());
}

const idleContext = (context: Pick<BarDragContext, 'drag' | 'plan' | 'now'>): BarDragContext => ({
  assignment: null,
  edge: 'move',
  days: 0,
  dates: null,
  impact: null,
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
    farEnough: ({ event }) => event.type === 'MOVE' && Math.abs(event.dx) >= DRAG_THRESHOLD_PX,
    datesUnchanged: ({ context }) => !context.assignment || unchanged(context.assignment, context.dates),
    wouldOverload: ({ context }) => context.impact?.overloaded === true,
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
      if (days === context.days && context.impact) return {};
      const dates = context.drag(context.assignment, context.edge, days);
      return { days, dates, impact: impactOfDrop(context, dates) };
    }),
    reset: assign(({ context }) => idleContext(context)),
    open: emit(({ context }) => ({ type: 'open' as const, assignment: context.assignment! })),
    commit: emit(({ context }) => ({ type: 'commit' as const, action: dropAction(context.assignment!, context.edge, context.dates!) })),
  },
}).createMachine({
  id: 'barDrag',
  context: ({ input }) => idleContext({ drag: input.drag, plan: input.plan, now: input.now ?? (() => new Date()) }),
  initial: 'idle',
  states: {
    idle: {
      on: { PRESS: { target: 'pressed', actions: 'press' } },
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
          { guard: 'datesUnchanged', target: 'idle', actions: 'reset' },
          { guard: 'wouldOverload', target: 'confirming' },
          { target: 'idle', actions: ['commit', 'reset'] },
        ],
        CANCEL: { target: 'idle', actions: 'reset' },
      },
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
