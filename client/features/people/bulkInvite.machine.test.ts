import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { InviteJob } from '../../../domain/accounts/inputs.ts';
import { ApiError } from '../../lib/api.ts';
import { bulkInviteMachine, failuresOf, type Invitee, progressText } from './bulkInvite.machine.ts';

const job = (over: Partial<InviteJob>): InviteJob => ({ id: 'j1', state: 'running', done: 0, total: 3, startedAt: '2026-12-07T05:00:00.000Z', ...over });
const invitees: Invitee[] = ['ana', 'ben', 'cy'].map((n) => ({ email: `${n}@org.test`, name: n, role: 'engineer' }));

function start(answers: InviteJob[], refuse?: unknown) {
  const progress = [...answers];
  const started = vi.fn(async (list: Invitee[]) => {
    if (refuse) throw refuse;
    return job({ total: list.length });
  });
  const asked = vi.fn(async () => (progress.length > 1 ? progress.shift()! : progress[0]!));
  const actor = createActor(bulkInviteMachine.provide({
    actors: { start: fromPromise(async ({ input }) => started(input)), progress: fromPromise(async () => asked()) },
    delays: { poll: 1 },
  })).start();
  return { actor, started, asked, context: () => actor.getSnapshot().context };
}

describe('inviting many people at once', () => {
  it('says the job in figures, and what failed', () => {
    expect(progressText(job({ done: 1 }))).toBe('1 of 3 invitations made');
    expect(progressText(job({ done: 3, mailed: 2 }))).toBe('3 of 3 invitations made · 2 of 3 e-mails sent');
    expect(failuresOf(job({ state: 'done', done: 3, mailed: 3 }))).toEqual([]);
    expect(failuresOf(job({ state: 'done', done: 3, mailed: 1 }))).toEqual(['2 e-mails were not sent: pass their links on by hand']);
    expect(failuresOf(job({ state: 'failed', done: 100, total: 300, message: 'Stopped after 100 of 300 invitations' }))).toEqual(['Stopped after 100 of 300 invitations']);
  });

  it('confirms how many, starts one job, follows it until every invitation is made and mailed, then clears the choice', async () => {
    const t = start([job({ done: 1, mailed: 0 }), job({ state: 'done', done: 3, mailed: 2 }), job({ state: 'done', done: 3, mailed: 3 })]);
    t.actor.send({ type: 'SELECT_ALL', ids: ['a', 'b', 'c'] });
    t.actor.send({ type: 'CHOOSE', invitees: [] });
    expect(t.actor.getSnapshot().value).toBe('idle');
    t.actor.send({ type: 'CHOOSE', invitees });
    expect(t.actor.getSnapshot().value).toBe('confirming');
    t.actor.send({ type: 'CONFIRM' });
    await waitFor(t.actor, (s) => s.matches('finished'));
    expect(t.started).toHaveBeenCalledTimes(1);
    expect(t.started.mock.calls[0]![0]).toEqual(invitees);
    // The job ended with a mail still going: the dialog waited for it.
    expect(t.asked).toHaveBeenCalledTimes(3);
    expect(t.context().job).toMatchObject({ state: 'done', done: 3, mailed: 3 });
    expect(t.context().failures).toEqual([]);
    t.actor.send({ type: 'CLOSE' });
    expect(t.actor.getSnapshot().value).toBe('idle');
    expect(t.context().selected).toEqual([]);
  });

  it('a refusal (e-mails with an account already) lists them, invites nobody and keeps the dialog', async () => {
    const t = start([], new ApiError('Someone with this e-mail has an account: ana@org.test and 1 more', 409, { code: 'CONFLICT', emails: ['ana@org.test', 'ben@org.test'] }));
    t.actor.send({ type: 'SELECT', ids: ['a', 'b'] });
    t.actor.send({ type: 'CHOOSE', invitees });
    t.actor.send({ type: 'CONFIRM' });
    await waitFor(t.actor, (s) => s.matches('confirming') && s.context.error !== null);
    expect(t.context().failures).toEqual(['ana@org.test has an account already', 'ben@org.test has an account already']);
    expect(t.asked).not.toHaveBeenCalled();
    t.actor.send({ type: 'CANCEL' });
    expect(t.context().selected).toEqual(['a', 'b']);
  });

  it('mails that never go out are listed once the wait is over', async () => {
    const t = start([job({ state: 'done', done: 3, mailed: 1 })]);
    t.actor.send({ type: 'SELECT', ids: ['a'] });
    t.actor.send({ type: 'CHOOSE', invitees });
    t.actor.send({ type: 'CONFIRM' });
    await waitFor(t.actor, (s) => s.matches('finished'), { timeout: 5_000 });
    expect(t.context().failures).toEqual(['2 e-mails were not sent: pass their links on by hand']);
  });
});
