import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../lib/api.ts';
import { type BulkRequest, type EngineersBulkEmitted, engineersBulkMachine, STANDARD_WEEK } from './engineersBulk.machine.ts';

/** 2,000 ids: more than any page of the directory draws. */
const many = Array.from({ length: 2000 }, (_, i) => `e${i}`);

function start(change: (request: BulkRequest) => Promise<{ changed: number; commandId: string | undefined }> = async (r) => ({ changed: r.ids.length, commandId: 'c1' })) {
  const sent = vi.fn(change);
  const actor = createActor(engineersBulkMachine.provide({ actors: { change: fromPromise(async ({ input }) => sent(input)) } })).start();
  const changed: EngineersBulkEmitted[] = [];
  actor.on('changed', (event) => void changed.push(event));
  return { actor, sent, changed, context: () => actor.getSnapshot().context };
}

describe('choosing engineers and changing them together', () => {
  it('select all takes every engineer the filter matches, drawn or not; a new filter keeps only those it still lists', () => {
    const t = start();
    t.actor.send({ type: 'SELECT_ALL', ids: many });
    expect(t.context().selected).toHaveLength(2000);
    t.actor.send({ type: 'KEEP_ONLY', ids: many.slice(0, 30) });
    expect(t.context().selected).toEqual(many.slice(0, 30));
    t.actor.send({ type: 'SELECT', ids: ['e1', 'e1', 'e2'] });
    expect(t.context().selected).toEqual(['e1', 'e2']);
    t.actor.send({ type: 'CLEAR' });
    expect(t.context().selected).toEqual([]);
  });

  it('nothing chosen, no change to make: CHOOSE does not open the confirm step', () => {
    const t = start();
    t.actor.send({ type: 'CHOOSE', action: 'team', from: '2027-01-04' });
    expect(t.actor.getSnapshot().value).toBe('idle');
  });

  it('sets a team for all chosen in one request, says what is missing first, and hands on the command id for one undo', async () => {
    const t = start();
    t.actor.send({ type: 'SELECT_ALL', ids: ['e1', 'e2', 'e3'] });
    t.actor.send({ type: 'CHOOSE', action: 'team', from: '2027-01-04' });
    expect(t.actor.getSnapshot().value).toBe('confirming');
    t.actor.send({ type: 'CONFIRM' });
    expect(t.context().error).toBe('Choose the team');
    expect(t.sent).not.toHaveBeenCalled();
    t.actor.send({ type: 'SET_TEAM', teamId: 'web' });
    t.actor.send({ type: 'CONFIRM' });
    await waitFor(t.actor, (s) => s.matches('idle'));
    expect(t.sent).toHaveBeenCalledTimes(1);
    expect(t.sent.mock.calls[0]![0]).toEqual({ ids: ['e1', 'e2', 'e3'], change: { teamId: 'web', from: '2027-01-04' } });
    expect(t.changed).toEqual([{ type: 'changed', action: 'team', count: 3, changed: 3, commandId: 'c1', request: t.sent.mock.calls[0]![0] }]);
    expect(t.context().selected).toEqual([]);
  });

  it('a work week starts from Monday to Friday and refuses a week without a working day; deactivate sends the leave date', async () => {
    const t = start();
    t.actor.send({ type: 'SELECT', ids: ['e1'] });
    t.actor.send({ type: 'CHOOSE', action: 'workWeek', from: '2027-01-04' });
    expect(t.context().workWeek).toEqual(STANDARD_WEEK);
    for (let i = 0; i < 5; i++) t.actor.send({ type: 'SET_DAY', index: i, value: 0 });
    t.actor.send({ type: 'CONFIRM' });
    expect(t.context().error).toBe('The week needs at least one working day');
    t.actor.send({ type: 'SET_DAY', index: 0, value: 80 });
    t.actor.send({ type: 'SET_FROM', from: 'soon' });
    t.actor.send({ type: 'CONFIRM' });
    expect(t.context().error).toBe('From must be a date such as 2027-01-04');
    t.actor.send({ type: 'SET_FROM', from: '2027-02-01' });
    t.actor.send({ type: 'CONFIRM' });
    await waitFor(t.actor, (s) => s.matches('idle'));
    expect(t.sent.mock.calls[0]![0].change).toEqual({ workWeek: [80, 0, 0, 0, 0, 0, 0], from: '2027-02-01' });

    t.actor.send({ type: 'SELECT', ids: ['e2', 'e3'] });
    t.actor.send({ type: 'CHOOSE', action: 'deactivate', from: '2027-03-01' });
    t.actor.send({ type: 'CONFIRM' });
    await waitFor(t.actor, (s) => s.matches('idle'));
    expect(t.sent.mock.calls[1]![0]).toEqual({ ids: ['e2', 'e3'], change: { deactivate: true, from: '2027-03-01' } });
  });

  it('a refusal keeps the dialog and the selection, with the server\'s reason; cancel closes and keeps the selection', async () => {
    const t = start(async () => {
      throw new ApiError('Nothing was changed: 1 engineer could not take this change (first: Engineer not found)', 400, { code: 'VALIDATION_FAILED' });
    });
    t.actor.send({ type: 'SELECT', ids: ['e1', 'gone'] });
    t.actor.send({ type: 'CHOOSE', action: 'deactivate', from: '2027-03-01' });
    t.actor.send({ type: 'CONFIRM' });
    await waitFor(t.actor, (s) => s.matches('confirming') && s.context.error !== null);
    expect(t.context().error).toContain('Nothing was changed: 1 engineer');
    expect(t.context().selected).toEqual(['e1', 'gone']);
    expect(t.changed).toEqual([]);
    t.actor.send({ type: 'CANCEL' });
    expect(t.actor.getSnapshot().value).toBe('idle');
    expect(t.context().selected).toEqual(['e1', 'gone']);
  });
});
