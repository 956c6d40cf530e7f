import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { emptyPlan } from '../../domain/plan.ts';
import { ApiError } from '../lib/api.ts';
import {
  isMoment,
  type Moment,
  momentQuery,
  type PastPlan,
  TIME_TRAVEL_FAILED,
  timeTravelMachine,
} from './timeTravel.machine.ts';

const plan = (asOf: string, cursor = '10:5'): PastPlan => ({ asOf, cursor, ...emptyPlan() });

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function start(fetchPlan: (moment: Moment) => Promise<PastPlan>) {
  const showPast = vi.fn();
  const showLive = vi.fn();
  const fetch = vi.fn(fetchPlan);
  const machine = timeTravelMachine.provide({
    actors: { fetchPlan: fromPromise(({ input }) => fetch(input)) },
    actions: { showPast: (_, params) => showPast(params.plan), showLive: () => showLive() },
  });
  const actor = createActor(machine).start();
  return { actor, fetch, showPast, showLive };
}

describe('time-travel machine', () => {
  it('starts live with nothing chosen', () => {
    const { actor } = start(async () => plan('x'));
    expect(actor.getSnapshot().value).toBe('live');
    expect(actor.getSnapshot().context).toEqual({ requested: null, asOf: null, cursor: null, error: null });
  });

  it('loads the plan at a date-time, then shows it', async () => {
    const answer = deferred<PastPlan>();
    const { actor, fetch, showPast } = start(() => answer.promise);
    actor.send({ type: 'TRAVEL', moment: { at: '2026-03-01T10:00:00.000Z' } });
    expect(actor.getSnapshot().value).toBe('loadingPast');
    expect(actor.getSnapshot().context.requested).toEqual({ at: '2026-03-01T10:00:00.000Z' });
    expect(fetch).toHaveBeenCalledWith({ at: '2026-03-01T10:00:00.000Z' });
    expect(showPast).not.toHaveBeenCalled();

    const past = plan('2026-03-01T10:00:00.000Z', '42:7');
    answer.resolve(past);
    await waitFor(actor, (s) => s.matches('viewingPast'));
    expect(actor.getSnapshot().context).toMatchObject({ asOf: '2026-03-01T10:00:00.000Z', cursor: '42:7', error: null });
    expect(showPast).toHaveBeenCalledExactlyOnceWith(past);
  });

  it('loads the plan right after an event by its cursor', async () => {
    const { actor, fetch } = start(async () => plan('2026-02-02T08:00:00.000Z', '99:3'));
    actor.send({ type: 'TRAVEL', moment: { cursor: '99:3' } });
    await waitFor(actor, (s) => s.matches('viewingPast'));
    expect(fetch).toHaveBeenCalledWith({ cursor: '99:3' });
    expect(actor.getSnapshot().context.asOf).toBe('2026-02-02T08:00:00.000Z');
  });

  it('goes back to live at once', async () => {
    const { actor, showLive } = start(async () => plan('2026-02-02T08:00:00.000Z'));
    actor.send({ type: 'TRAVEL', moment: { cursor: '1:1' } });
    await waitFor(actor, (s) => s.matches('viewingPast'));
    actor.send({ type: 'BACK_TO_LIVE' });
    expect(actor.getSnapshot().value).toBe('live');
    expect(actor.getSnapshot().context).toEqual({ requested: null, asOf: null, cursor: null, error: null });
    expect(showLive).toHaveBeenCalledTimes(1);
  });

  it('returns to live with a message when loading fails', async () => {
    const { actor, showPast, showLive } = start(async () => {
      throw new ApiError('at must be an ISO 8601 date-time', 400);
    });
    actor.send({ type: 'TRAVEL', moment: { at: '2026-01-01T00:00:00.000Z' } });
    await waitFor(actor, (s) => s.matches('live'));
    expect(actor.getSnapshot().context.error).toBe(`${TIME_TRAVEL_FAILED}: at must be an ISO 8601 date-time`);
    expect(showPast).not.toHaveBeenCalled();
    expect(showLive).toHaveBeenCalledTimes(1);
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('drops back to live from the past when a later travel fails, and clears the message on the next travel', async () => {
    let fail = false;
    const { actor, showLive } = start(async (m) => {
      if (fail) throw new Error('Network Error');
      return plan('at' in m ? m.at : '2026-01-01T00:00:00.000Z');
    });
    actor.send({ type: 'TRAVEL', moment: { at: '2026-01-05T00:00:00.000Z' } });
    await waitFor(actor, (s) => s.matches('viewingPast'));
    fail = true;
    actor.send({ type: 'TRAVEL', moment: { at: '2026-01-06T00:00:00.000Z' } });
    expect(actor.getSnapshot().value).toBe('loadingPast');
    await waitFor(actor, (s) => s.matches('live'));
    expect(actor.getSnapshot().context.error).toBe(`${TIME_TRAVEL_FAILED}: Network Error`);
    expect(actor.getSnapshot().context.asOf).toBeNull();
    expect(showLive).toHaveBeenCalledTimes(1);
    fail = false;
    actor.send({ type: 'TRAVEL', moment: { at: '2026-01-07T00:00:00.000Z' } });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches('viewingPast'));
  });

  it('keeps only the latest choice when a second travel starts while loading', async () => {
    const first = deferred<PastPlan>();
    const second = deferred<PastPlan>();
    const answers = [first, second];
    const { actor, showPast } = start(() => answers.shift()!.promise);
    actor.send({ type: 'TRAVEL', moment: { at: '2026-01-01T00:00:00.000Z' } });
    actor.send({ type: 'TRAVEL', moment: { at: '2026-01-02T00:00:00.000Z' } });
    first.resolve(plan('2026-01-01T00:00:00.000Z'));
    second.resolve(plan('2026-01-02T00:00:00.000Z'));
    await waitFor(actor, (s) => s.matches('viewingPast'));
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context.asOf).toBe('2026-01-02T00:00:00.000Z');
    expect(showPast).toHaveBeenCalledTimes(1);
    expect(showPast.mock.calls[0]![0].asOf).toBe('2026-01-02T00:00:00.000Z');
  });

  it('cancels a load with Back to live; the late answer is ignored', async () => {
    const answer = deferred<PastPlan>();
    const { actor, showPast, showLive } = start(() => answer.promise);
    actor.send({ type: 'TRAVEL', moment: { cursor: '5:5' } });
    actor.send({ type: 'BACK_TO_LIVE' });
    expect(actor.getSnapshot().value).toBe('live');
    answer.resolve(plan('2026-01-01T00:00:00.000Z'));
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('live');
    expect(showPast).not.toHaveBeenCalled();
    expect(showLive).toHaveBeenCalledTimes(1);
  });

  it('ignores moments that are not a date-time or a cursor', () => {
    const { actor, fetch } = start(async () => plan('x'));
    actor.send({ type: 'TRAVEL', moment: { at: 'yesterday-ish' } });
    actor.send({ type: 'TRAVEL', moment: { cursor: 'abc' } });
    expect(actor.getSnapshot().value).toBe('live');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('validates moments and builds the state query', () => {
    expect(isMoment({ at: '2026-01-01T10:00:00Z' })).toBe(true);
    expect(isMoment({ at: 'nope' })).toBe(false);
    expect(isMoment({ cursor: '123:45' })).toBe(true);
    expect(isMoment({ cursor: '123' })).toBe(false);
    expect(isMoment(null)).toBe(false);
    expect(momentQuery({ at: '2026-01-01T10:00:00Z' })).toBe('at=2026-01-01T10%3A00%3A00.000Z');
    expect(momentQuery({ cursor: '123:45' })).toBe('cursor=123%3A45');
  });
});
