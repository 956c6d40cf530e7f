import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BulkChange } from '../../domain/bulk.ts';
import type { Assignment } from '../../domain/entities.ts';
import { ApiError } from '../lib/api.ts';
import type { NamedOverload } from '../lib/overloads.ts';
import { type BarSelectionEmitted, barSelectionMachine, bulkLabel, lassoBox } from './barSelection.machine.ts';

const bar = (id: string, name: string, version = 1): Assignment => ({
  _id: id, engineerId: { _id: `e-${name}`, name, email: 'x@x' }, projectId: { _id: 'p1', name: 'Portal', status: 'active' },
  role: 'Dev', allocationPercentage: 50, startDate: '2026-03-02T00:00:00.000Z', endDate: '2026-03-30T00:00:00.000Z', version,
});
const [a, b, c] = [bar('a1', 'Sam Rivera', 3), bar('a2', 'Priya Patel', 5), bar('a3', 'Mei Chen', 2)];

function start(bulk: (changes: BulkChange[]) => Promise<unknown> = async () => ({ assignments: [], removed: [] }), overloads: NamedOverload[] = []) {
  const sent = vi.fn(bulk);
  const actor = createActor(barSelectionMachine.provide({
    actors: { bulk: fromPromise(async ({ input }) => sent(input.changes)), overloads: fromPromise(async () => overloads) },
  })).start();
  const saved: BarSelectionEmitted[] = [];
  actor.on('saved', (event) => void saved.push(event));
  return { actor, sent, saved, context: () => actor.getSnapshot().context };
}

describe('choosing several bars and changing them at once', () => {
  it('Shift-click adds a bar to the choice and removes it again; a lasso adds the bars it covered', () => {
    const t = start();
    t.actor.send({ type: 'TOGGLE', assignment: a });
    t.actor.send({ type: 'TOGGLE', assignment: b });
    t.actor.send({ type: 'TOGGLE', assignment: a });
    expect(t.context().selected.map((x) => x._id)).toEqual(['a2']);
    t.actor.send({ type: 'LASSO_START', x: 100, y: 50 });
    t.actor.send({ type: 'LASSO_MOVE', x: 20, y: 200 });
    expect(lassoBox(t.context().lasso!)).toEqual({ left: 20, top: 50, width: 80, height: 150 });
    t.actor.send({ type: 'LASSO_END', assignments: [b, c] });
    expect(t.context().selected.map((x) => x._id)).toEqual(['a2', 'a3']);
    expect(t.context().lasso).toBeNull();
    t.actor.send({ type: 'CLEAR' });
    expect(t.context().selected).toEqual([]);
  });

  it('moves them all by N days in one request, each against the version it showed; the choice is then cleared', async () => {
    const t = start();
    t.actor.send({ type: 'SELECT', assignments: [a, b, c] });
    t.actor.send({ type: 'SET_DAYS', value: -3 });
    t.actor.send({ type: 'MOVE' });
    await waitFor(t.actor, (s) => s.matches('idle'));
    expect(t.sent).toHaveBeenCalledTimes(1);
    expect(t.sent.mock.calls[0]![0]).toEqual([
      { assignmentId: 'a1', version: 3, op: 'move', days: -3 },
      { assignmentId: 'a2', version: 5, op: 'move', days: -3 },
      { assignmentId: 'a3', version: 2, op: 'move', days: -3 },
    ]);
    expect(t.saved).toMatchObject([{ type: 'saved', kind: 'move', count: 3, label: 'Moved 3 assignments 3 days earlier' }]);
    expect(t.context().selected).toEqual([]);
  });

  it('sets one allocation, or removes them; nothing is sent without a choice or with a figure out of range', async () => {
    const t = start();
    t.actor.send({ type: 'REMOVE' });
    t.actor.send({ type: 'SELECT', assignments: [a, b] });
    t.actor.send({ type: 'SET_ALLOCATION', value: 140 });
    t.actor.send({ type: 'ALLOCATE' });
    t.actor.send({ type: 'SET_DAYS', value: 0 });
    t.actor.send({ type: 'MOVE' });
    expect(t.sent).not.toHaveBeenCalled();
    t.actor.send({ type: 'SET_ALLOCATION', value: 40 });
    t.actor.send({ type: 'ALLOCATE' });
    await waitFor(t.actor, (s) => s.matches('idle'));
    expect(t.sent.mock.calls[0]![0]).toEqual([
      { assignmentId: 'a1', version: 3, op: 'allocation', allocationPercentage: 40 },
      { assignmentId: 'a2', version: 5, op: 'allocation', allocationPercentage: 40 },
    ]);
    t.actor.send({ type: 'SELECT', assignments: [c] });
    t.actor.send({ type: 'REMOVE' });
    await waitFor(t.actor, (s) => s.matches('idle'));
    expect(t.sent.mock.calls[1]![0]).toEqual([{ assignmentId: 'a3', version: 2, op: 'remove' }]);
    expect(t.saved.map((s) => s.label)).toEqual(['Set 2 assignments to 40%', 'Removed 1 assignment']);
  });

  it('one stale bar: nothing changed, and the conflict says which; CLOSE forgets the choice', async () => {
    const t = start(async () => {
      throw new ApiError('This assignment was changed by someone else.', 409, { code: 'VERSION_CONFLICT', assignmentId: 'a2', currentVersion: 6 });
    });
    t.actor.send({ type: 'SELECT', assignments: [a, b, c] });
    t.actor.send({ type: 'MOVE' });
    await waitFor(t.actor, (s) => s.matches('conflict'));
    expect(t.context().conflict).toMatchObject({ assignment: { _id: 'a2' }, currentVersion: 6 });
    expect(t.context().conflict!.message).toMatch(/^Nothing was changed: Priya Patel's assignment on Portal was changed by someone else/);
    expect(t.saved).toEqual([]);
    t.actor.send({ type: 'CLOSE' });
    expect(t.context().selected).toEqual([]);
  });

  it('any other refusal keeps the choice and says why', async () => {
    const t = start(async () => {
      throw new ApiError('The move would take the assignment beyond the years dates may have', 400, { code: 'VALIDATION_FAILED' });
    });
    t.actor.send({ type: 'SELECT', assignments: [a] });
    t.actor.send({ type: 'MOVE' });
    await waitFor(t.actor, (s) => s.matches('idle') && s.context.error !== null);
    expect(t.context()).toMatchObject({ error: 'The move would take the assignment beyond the years dates may have', selected: [a] });
  });

  it('words what was done', () => {
    expect(bulkLabel('move', 1, { days: 7, allocation: null })).toBe('Moved 1 assignment 7 days later');
  });
});

describe('a bulk change that would overload someone asks first', () => {
  const over: NamedOverload[] = [{ engineerId: 'e-Sam Rivera', name: 'Sam Rivera', days: ['2026-03-09'], peak: 130 }];

  it('names who and how high; Back writes nothing and keeps the choice', async () => {
    const t = start(undefined, over);
    t.actor.send({ type: 'SELECT', assignments: [a, b] });
    t.actor.send({ type: 'SET_ALLOCATION', value: 90 });
    t.actor.send({ type: 'ALLOCATE' });
    await waitFor(t.actor, (s) => s.matches('confirming'));
    expect(t.context().overloads).toEqual(over);
    t.actor.send({ type: 'BACK' });
    expect(t.actor.getSnapshot().matches('idle')).toBe(true);
    expect(t.sent).not.toHaveBeenCalled();
    expect(t.context().selected.map((x) => x._id)).toEqual(['a1', 'a2']);
  });

  it('Save anyway writes them all in one request', async () => {
    const t = start(undefined, over);
    t.actor.send({ type: 'SELECT', assignments: [a, b] });
    t.actor.send({ type: 'SET_DAYS', value: 7 });
    t.actor.send({ type: 'MOVE' });
    await waitFor(t.actor, (s) => s.matches('confirming'));
    t.actor.send({ type: 'CONFIRM' });
    await waitFor(t.actor, (s) => s.matches('idle'));
    expect(t.sent).toHaveBeenCalledTimes(1);
    expect(t.saved).toHaveLength(1);
    expect(t.context().overloads).toEqual([]);
  });
});
