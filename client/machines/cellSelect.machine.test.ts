import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { type CellSelectEmitted, cellSelectMachine, cursorSpan, dragSpan } from './cellSelect.machine.ts';

function start() {
  const actor = createActor(cellSelectMachine).start();
  const created: CellSelectEmitted[] = [];
  actor.on('create', (event) => void created.push(event));
  const refused: CellSelectEmitted[] = [];
  actor.on('refused', (event) => void refused.push(event));
  return { actor, created, refused, context: () => actor.getSnapshot().context };
}
const grid = { rows: 8, cols: 12 };

describe('making work from empty cells', () => {
  it('a drag across a row makes work over the cells it covered, whichever way it went', () => {
    const t = start();
    t.actor.send({ type: 'PRESS', row: 2, col: 5 });
    t.actor.send({ type: 'HOVER', col: 7 });
    t.actor.send({ type: 'HOVER', col: 3 });
    expect(dragSpan(t.context().drag)).toEqual({ row: 2, from: 3, to: 5 });
    t.actor.send({ type: 'RELEASE' });
    expect(t.created).toEqual([{ type: 'create', row: 2, from: 3, to: 5 }]);
    expect(t.actor.getSnapshot().value).toBe('idle');
    // The keyboard carries on from where the pointer let go.
    expect(t.context().cursor).toEqual({ row: 2, col: 3 });
  });

  it('a tap (press and release on one cell) makes work over that cell', () => {
    const t = start();
    t.actor.send({ type: 'PRESS', row: 0, col: 4 });
    t.actor.send({ type: 'RELEASE' });
    expect(t.created).toEqual([{ type: 'create', row: 0, from: 4, to: 4 }]);
  });

  it('a cancelled drag (Escape, a scroll that took the touch) makes nothing', () => {
    const t = start();
    t.actor.send({ type: 'PRESS', row: 0, col: 4 });
    t.actor.send({ type: 'HOVER', col: 6 });
    t.actor.send({ type: 'CANCEL' });
    t.actor.send({ type: 'RELEASE' });
    expect(t.created).toEqual([]);
  });

  it('from the keyboard: the arrows move a cell (starting at the first, clamped to the grid), Enter makes work there', () => {
    const t = start();
    t.actor.send({ type: 'ENTER' });
    expect(t.created).toEqual([]);
    t.actor.send({ type: 'MOVE_CURSOR', dRow: 1, dCol: 0, ...grid });
    expect(t.context().cursor).toEqual({ row: 0, col: 0 });
    t.actor.send({ type: 'MOVE_CURSOR', dRow: 1, dCol: 0, ...grid });
    t.actor.send({ type: 'MOVE_CURSOR', dRow: 0, dCol: 1, ...grid });
    t.actor.send({ type: 'MOVE_CURSOR', dRow: 0, dCol: -5, ...grid });
    t.actor.send({ type: 'MOVE_CURSOR', dRow: 20, dCol: 0, ...grid });
    expect(t.context().cursor).toEqual({ row: 7, col: 0 });
    t.actor.send({ type: 'ENTER' });
    expect(t.created).toEqual([{ type: 'create', row: 7, from: 0, to: 0 }]);
  });

  it('Shift widens the choice along the row; a plain move or COLLAPSE narrows it to one cell again', () => {
    const t = start();
    t.actor.send({ type: 'PLACE_CURSOR', row: 3, col: 4 });
    t.actor.send({ type: 'MOVE_CURSOR', dRow: 0, dCol: 1, extend: true, ...grid });
    t.actor.send({ type: 'MOVE_CURSOR', dRow: 1, dCol: 1, extend: true, ...grid });
    expect(cursorSpan(t.context())).toEqual({ row: 3, from: 4, to: 6 });
    t.actor.send({ type: 'ENTER' });
    expect(t.created).toEqual([{ type: 'create', row: 3, from: 4, to: 6 }]);
    t.actor.send({ type: 'COLLAPSE' });
    expect(cursorSpan(t.context())).toEqual({ row: 3, from: 6, to: 6 });
    t.actor.send({ type: 'MOVE_CURSOR', dRow: 0, dCol: -3, extend: true, ...grid });
    t.actor.send({ type: 'MOVE_CURSOR', dRow: 1, dCol: 0, ...grid });
    expect(cursorSpan(t.context())).toEqual({ row: 4, from: 3, to: 3 });
  });
});

describe("a scoped manager's rows out of reach", () => {
  const REASON = 'Out of your teams (Web): Mei Chen (in Data Crew). Ask their team\'s manager with a staffing request.';

  it('Enter on a cell of a person out of reach opens no form and says the row\'s reason', () => {
    const t = start();
    t.actor.send({ type: 'PLACE_CURSOR', row: 2, col: 3 });
    t.actor.send({ type: 'MOVE_CURSOR', dRow: 0, dCol: 2, extend: true, ...grid });
    t.actor.send({ type: 'ENTER', refusal: REASON });
    expect(t.created).toEqual([]);
    expect(t.refused).toEqual([{ type: 'refused', reason: REASON }]);
    // The choice stays: moving to an in-reach row and Enter makes work there.
    expect(cursorSpan(t.context())).toEqual({ row: 2, from: 3, to: 5 });
    t.actor.send({ type: 'MOVE_CURSOR', dRow: 1, dCol: 0, ...grid });
    t.actor.send({ type: 'ENTER', refusal: null });
    expect(t.created).toEqual([{ type: 'create', row: 3, from: 5, to: 5 }]);
    expect(t.refused).toHaveLength(1);
  });

  it('a press (click or the start of a drag) on such a row says the reason and starts no drag', () => {
    const t = start();
    t.actor.send({ type: 'PRESS', row: 4, col: 1, refusal: REASON });
    expect(t.actor.getSnapshot().value).toBe('idle');
    t.actor.send({ type: 'HOVER', col: 6 });
    t.actor.send({ type: 'RELEASE' });
    expect(t.created).toEqual([]);
    expect(t.refused).toEqual([{ type: 'refused', reason: REASON }]);
    // The keyboard carries on from the cell pressed.
    expect(t.context().cursor).toEqual({ row: 4, col: 1 });
  });

  it('Enter with no cell chosen yet refuses nothing and makes nothing', () => {
    const t = start();
    t.actor.send({ type: 'ENTER', refusal: REASON });
    expect(t.created).toEqual([]);
    expect(t.refused).toEqual([]);
  });
});
