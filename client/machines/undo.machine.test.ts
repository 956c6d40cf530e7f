import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError, NETWORK_ERROR } from '../lib/api.ts';
import { STACK_LIMIT, type UndoEmitted, type UndoEntry, undoMachine } from './undo.machine.ts';

function start(undo: (entry: UndoEntry) => Promise<unknown> = async () => ({ commandId: 'u1', reversed: 1 })) {
  const sent = vi.fn(undo);
  const actor = createActor(undoMachine.provide({ actors: { undo: fromPromise(async ({ input }) => sent(input)) } })).start();
  const emitted: UndoEmitted[] = [];
  actor.on('*', (event) => void emitted.push(event as UndoEmitted));
  return { actor, sent, emitted, stack: () => actor.getSnapshot().context.stack.map((e) => e.commandId) };
}
const entry = (commandId: string): UndoEntry => ({ commandId, label: `Change ${commandId}` });

describe('undo of the last changes', () => {
  it('Ctrl+Z undoes the newest change, then the one before', async () => {
    const t = start();
    t.actor.send({ type: 'RECORD', entry: entry('c1') });
    t.actor.send({ type: 'RECORD', entry: entry('c2') });
    t.actor.send({ type: 'UNDO' });
    await waitFor(t.actor, (s) => s.matches('idle'));
    expect(t.sent).toHaveBeenLastCalledWith(entry('c2'));
    expect(t.emitted).toMatchObject([{ type: 'undone', entry: entry('c2'), answer: { commandId: 'u1', reversed: 1 } }]);
    expect(t.stack()).toEqual(['c1']);
    t.actor.send({ type: 'UNDO' });
    await waitFor(t.actor, (s) => s.matches('idle'));
    expect(t.sent).toHaveBeenLastCalledWith(entry('c1'));
    expect(t.stack()).toEqual([]);
  });

  it('with nothing to undo, says so and asks nothing', () => {
    const t = start();
    t.actor.send({ type: 'UNDO' });
    expect(t.emitted).toEqual([{ type: 'nothing' }]);
    expect(t.sent).not.toHaveBeenCalled();
  });

  it("a toast's Undo undoes its own change, wherever it is in the stack", async () => {
    const t = start();
    for (const id of ['c1', 'c2', 'c3']) t.actor.send({ type: 'RECORD', entry: entry(id) });
    t.actor.send({ type: 'UNDO_ONE', commandId: 'c2' });
    await waitFor(t.actor, (s) => s.matches('idle'));
    expect(t.sent).toHaveBeenCalledWith(entry('c2'));
    expect(t.stack()).toEqual(['c1', 'c3']);
    t.actor.send({ type: 'UNDO_ONE', commandId: 'gone' });
    expect(t.actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('refused (it changed since): says why and forgets it; a lost connection keeps it to try again', async () => {
    const conflict = new ApiError('The assignment was changed since: undo is no longer possible.', 409, { code: 'VERSION_CONFLICT' });
    let fail: unknown = conflict;
    const t = start(async () => {
      throw fail;
    });
    t.actor.send({ type: 'RECORD', entry: entry('c1') });
    t.actor.send({ type: 'RECORD', entry: entry('c2') });
    t.actor.send({ type: 'UNDO' });
    await waitFor(t.actor, (s) => s.matches('idle') && t.emitted.length > 0);
    expect(t.emitted).toEqual([{ type: 'failed', entry: entry('c2'), message: 'The assignment was changed since: undo is no longer possible.' }]);
    expect(t.stack()).toEqual(['c1']);
    fail = new ApiError(NETWORK_ERROR, 0);
    t.actor.send({ type: 'UNDO' });
    await waitFor(t.actor, (s) => s.matches('idle') && t.emitted.length > 1);
    expect(t.stack()).toEqual(['c1']);
  });

  it(`keeps the last ${STACK_LIMIT} changes`, () => {
    const t = start();
    for (let i = 0; i < STACK_LIMIT + 5; i += 1) t.actor.send({ type: 'RECORD', entry: entry(`c${i}`) });
    expect(t.stack()).toHaveLength(STACK_LIMIT);
    expect(t.stack()[0]).toBe('c5');
  });
});
