import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { freeRangeMachine } from './freeRange.machine.ts';

const start = () => createActor(freeRangeMachine, { input: { today: () => '2026-03-04' } }).start();

describe('freeRange machine', () => {
  it('asks about the next two weeks at 50 % by default', () => {
    expect(start().getSnapshot().context).toMatchObject({ from: '2026-03-04', to: '2026-03-17', minFree: 50, onlyFree: false });
  });

  it('keeps dates in order and within what the server accepts; ignores unreadable ones', () => {
    const actor = start();
    actor.send({ type: 'SET_DATES', from: '2026-03-20', to: '2026-03-09' });
    expect(actor.getSnapshot().context).toMatchObject({ from: '2026-03-09', to: '2026-03-20' });
    actor.send({ type: 'SET_DATES', from: '2026-01-01', to: '2029-01-01' });
    expect(actor.getSnapshot().context).toMatchObject({ from: '2026-01-01', to: '2028-01-01' });
    actor.send({ type: 'SET_DATES', from: '2026-02-30', to: '2026-03-01' });
    expect(actor.getSnapshot().context.from).toBe('2026-01-01');
  });

  it('takes a whole percentage from 0 to 100; clearing the field keeps the last one', () => {
    const actor = start();
    actor.send({ type: 'SET_MIN_FREE', value: 80.4 });
    expect(actor.getSnapshot().context.minFree).toBe(80);
    actor.send({ type: 'SET_MIN_FREE', value: 150 });
    expect(actor.getSnapshot().context.minFree).toBe(100);
    actor.send({ type: 'SET_MIN_FREE', value: null });
    expect(actor.getSnapshot().context.minFree).toBe(100);
  });

  it('narrows the directory on request, and RESET goes back to the defaults', () => {
    const actor = start();
    actor.send({ type: 'TOGGLE_ONLY_FREE' });
    actor.send({ type: 'SET_MIN_FREE', value: 20 });
    expect(actor.getSnapshot().context.onlyFree).toBe(true);
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().context).toMatchObject({ from: '2026-03-04', to: '2026-03-17', minFree: 50, onlyFree: false });
  });
});
