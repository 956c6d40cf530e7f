import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { forecastRange, forecastWindowMachine, startsThisWeek } from './forecastWindow.machine.ts';

const start = () => createActor(forecastWindowMachine, { input: { today: () => '2026-03-04' } }).start();

describe('forecastWindow machine', () => {
  it('covers the next 12 whole weeks from this week by default', () => {
    const context = start().getSnapshot().context;
    expect(forecastRange(context)).toEqual({ from: '2026-03-02', to: '2026-05-24' });
    expect(startsThisWeek(context)).toBe(true);
  });

  it('starts on the Monday of a picked day, takes the spans offered only, and comes back to this week', () => {
    const actor = start();
    actor.send({ type: 'SET_START', date: '2026-06-18' });
    actor.send({ type: 'SET_WEEKS', weeks: 26 });
    actor.send({ type: 'SET_WEEKS', weeks: 7 });
    expect(forecastRange(actor.getSnapshot().context)).toEqual({ from: '2026-06-15', to: '2026-12-13' });
    expect(startsThisWeek(actor.getSnapshot().context)).toBe(false);
    actor.send({ type: 'SET_START', date: 'soon' });
    expect(actor.getSnapshot().context.from).toBe('2026-06-15');
    actor.send({ type: 'THIS_WEEK' });
    expect(actor.getSnapshot().context.from).toBe('2026-03-02');
  });
});
