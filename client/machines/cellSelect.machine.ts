import { and, assign, emit, setup } from 'xstate';

/**
 * Making work on the schedule from its empty cells: a drag across a person's cells (or a tap on one,
 * on a phone), or, from the keyboard, a cell chosen with the arrows (Shift widens it along the row)
 * and Enter. Either way the screen opens the New assignment form for that person and those periods.
 * Rows and columns are indexes into the grid the screen shows; the screen says how many there are.
 *
 *   idle -PRESS-> dragging -HOVER-> dragging (another cell of the same row) -RELEASE-> idle, emitting
 *     'create' (the cells from where it was pressed to where it was let go); CANCEL (Escape, a lost
 *     pointer, a scroll that took the touch) -> idle, nothing made
 *   MOVE_CURSOR moves the keyboard's cell (clamped to the grid); with `extend`, along its row, the
 *     first cell staying; ENTER emits 'create' for the cells chosen; COLLAPSE keeps only the cursor's cell
 *   A PRESS or ENTER that carries a `refusal` (why the row's person may not be given work here: a scoped
 *     manager's other team) emits 'refused' with it instead: no drag starts and no form opens, and the
 *     screen says the reason, as the server would have on save.
 */

export type Cell = { row: number; col: number };

export type CellSelectContext = {
  /** The keyboard's cell, and where a widened choice began (its row's column); null before any. */
  cursor: Cell | null;
  anchorCol: number | null;
  /** A pointer drag in progress: its row, the column pressed and the one under the pointer now. */
  drag: { row: number; from: number; to: number } | null;
};

export type CellSelectEvent =
  | { type: 'PRESS'; row: number; col: number; refusal?: string | null }
  | { type: 'HOVER'; col: number }
  | { type: 'RELEASE' }
  | { type: 'CANCEL' }
  | { type: 'MOVE_CURSOR'; dRow: number; dCol: number; extend?: boolean; rows: number; cols: number }
  | { type: 'PLACE_CURSOR'; row: number; col: number }
  | { type: 'ENTER'; refusal?: string | null }
  | { type: 'COLLAPSE' };

/** The periods `from` to `to` (both included, from <= to) of row `row`. */
export type CellSpan = { row: number; from: number; to: number };
export type CellSelectEmitted = ({ type: 'create' } & CellSpan) | { type: 'refused'; reason: string };

const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), Math.max(max - 1, 0));

/** The cells the keyboard has chosen: the cursor's row, from the anchor to the cursor. */
export function cursorSpan(context: Pick<CellSelectContext, 'cursor' | 'anchorCol'>): CellSpan | null {
  const { cursor, anchorCol } = context;
  if (!cursor) return null;
  const anchor = anchorCol ?? cursor.col;
  return { row: cursor.row, from: Math.min(anchor, cursor.col), to: Math.max(anchor, cursor.col) };
}

/** The cells a drag covers so far. */
export const dragSpan = (drag: CellSelectContext['drag']): CellSpan | null =>
  drag && { row: drag.row, from: Math.min(drag.from, drag.to), to: Math.max(drag.from, drag.to) };

export const cellSelectMachine = setup({
  types: {
    context: {} as CellSelectContext,
    events: {} as CellSelectEvent,
    emitted: {} as CellSelectEmitted,
  },
  guards: {
    hasCursor: ({ context }) => context.cursor !== null,
    refused: ({ event }) => (event.type === 'PRESS' || event.type === 'ENTER') && !!event.refusal,
  },
  actions: {
    press: assign(({ event }) =>
      event.type === 'PRESS' ? { drag: { row: event.row, from: event.col, to: event.col }, cursor: { row: event.row, col: event.col }, anchorCol: null } : {},
    ),
    hover: assign(({ context, event }) => (event.type === 'HOVER' && context.drag ? { drag: { ...context.drag, to: event.col } } : {})),
    createDragged: emit(({ context }) => ({ type: 'create' as const, ...dragSpan(context.drag)! })),
    endDrag: assign(({ context }) => ({ drag: null, cursor: context.drag ? { row: context.drag.row, col: context.drag.to } : context.cursor })),
    cancelDrag: assign({ drag: null }),
    moveCursor: assign(({ context, event }) => {
      if (event.type !== 'MOVE_CURSOR') return {};
      const at = context.cursor ?? { row: 0, col: 0 };
      if (!context.cursor) return { cursor: { row: clamp(0, event.rows), col: clamp(0, event.cols) }, anchorCol: null };
      if (event.extend) return { cursor: { row: at.row, col: clamp(at.col + event.dCol, event.cols) }, anchorCol: context.anchorCol ?? at.col };
      return { cursor: { row: clamp(at.row + event.dRow, event.rows), col: clamp(at.col + event.dCol, event.cols) }, anchorCol: null };
    }),
    placeCursor: assign(({ event }) => (event.type === 'PLACE_CURSOR' ? { cursor: { row: event.row, col: event.col }, anchorCol: null } : {})),
    collapse: assign({ anchorCol: null }),
    refuse: emit(({ event }) => ({ type: 'refused' as const, reason: (event as { refusal: string }).refusal })),
    createChosen: emit(({ context }) => ({ type: 'create' as const, ...cursorSpan(context)! })),
  },
}).createMachine({
  id: 'cellSelect',
  context: { cursor: null, anchorCol: null, drag: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        PRESS: [
          // The cell pressed becomes the keyboard's, so the arrows carry on from there.
          { guard: 'refused', actions: ['refuse', assign(({ event }) => (event.type === 'PRESS' ? { cursor: { row: event.row, col: event.col }, anchorCol: null } : {}))] },
          { target: 'dragging', actions: 'press' },
        ],
        MOVE_CURSOR: { actions: 'moveCursor' },
        PLACE_CURSOR: { actions: 'placeCursor' },
        ENTER: [
          { guard: and(['hasCursor', 'refused']), actions: 'refuse' },
          { guard: 'hasCursor', actions: 'createChosen' },
        ],
        COLLAPSE: { actions: 'collapse' },
      },
    },
    dragging: {
      on: {
        HOVER: { actions: 'hover' },
        RELEASE: { target: 'idle', actions: ['createDragged', 'endDrag'] },
        CANCEL: { target: 'idle', actions: 'cancelDrag' },
      },
    },
  },
});
