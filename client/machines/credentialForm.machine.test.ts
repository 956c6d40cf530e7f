import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../lib/api.ts';
import { createCredentialFormMachine, MISSING_LINK } from './credentialForm.machine.ts';

type V = { name: string; secret: string };
type Loaded = { name: string };

const machine = createCredentialFormMachine<V, Loaded, { ok: true }>({
  id: 'test',
  empty: (loaded) => ({ name: loaded?.name ?? '', secret: '' }),
  validate: (form) => ({ ...(form.name ? {} : { name: 'Name is required' }), ...(form.secret.length >= 3 ? {} : { secret: 'Too short' }) }),
  needsToken: true,
  loads: true,
  refusedStatuses: [404, 410],
  fieldOfIssue: { newSecret: 'secret' },
});

function start(options: { token?: string | null; load?: () => Promise<Loaded>; submit?: (input: { token: string | null; form: V }) => Promise<{ ok: true }> } = {}) {
  const succeeded = vi.fn();
  const submit = vi.fn(options.submit ?? (async () => ({ ok: true as const })));
  const actor = createActor(
    machine.provide({
      actors: {
        load: fromPromise(async () => (options.load ?? (async () => ({ name: 'Ada' })))()),
        submit: fromPromise(async ({ input }) => submit(input)),
      },
      actions: { succeeded: (_, params) => succeeded(params) },
    }),
    { input: { token: options.token === undefined ? 'tok' : options.token } },
  ).start();
  return { actor, succeeded, submit };
}

describe('credential form machine', () => {
  it('is refused at once without the link\'s token', () => {
    const { actor } = start({ token: null });
    expect(actor.getSnapshot().value).toBe('refused');
    expect(actor.getSnapshot().context.refusal).toMatchObject({ code: 'MISSING_LINK', message: MISSING_LINK });
  });

  it('reads what the link is for, fills the form from it, validates on submit and then as the user types', async () => {
    const { actor, submit } = start();
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.form).toEqual({ name: 'Ada', secret: '' });
    actor.send({ type: 'CHANGE', field: 'secret', value: 'x' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ secret: 'Too short' });
    actor.send({ type: 'CHANGE', field: 'secret', value: 'xyz' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends the form with the token and hands the answer to the screen', async () => {
    const { actor, submit, succeeded } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'CHANGE', field: 'secret', value: 'xyz' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await waitFor(actor, (s) => s.matches('done'));
    expect(submit).toHaveBeenCalledWith({ token: 'tok', form: { name: 'Ada', secret: 'xyz' } });
    expect(succeeded).toHaveBeenCalledWith({ result: { ok: true }, form: { name: 'Ada', secret: 'xyz' } });
    actor.send({ type: 'AGAIN' });
    expect(actor.getSnapshot().context.form).toEqual({ name: 'Ada', secret: '' });
  });

  it('says why a link cannot be used when reading it (404, 410)', async () => {
    const { actor } = start({ load: async () => Promise.reject(new ApiError('This invitation has been used or has expired', 410, { code: 'GONE' })) });
    await waitFor(actor, (s) => s.matches('refused'));
    expect(actor.getSnapshot().context.refusal).toEqual({ status: 410, code: 'GONE', message: 'This invitation has been used or has expired' });
  });

  it('offers a retry when the server cannot be reached', async () => {
    let reachable = false;
    const { actor } = start({ load: async () => (reachable ? { name: 'Bo' } : Promise.reject(new ApiError('Network Error', 0))) });
    await waitFor(actor, (s) => s.matches('unreachable'));
    expect(actor.getSnapshot().context.loadError).toBe('Network Error');
    reachable = true;
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.form.name).toBe('Bo');
  });

  it('is refused when the link was used meanwhile, and keeps the form with the server\'s messages otherwise', async () => {
    let answer: ApiError = new ApiError('Password must be at least 10 characters', 400, { issues: [{ path: 'newSecret', message: 'Server says no' }] });
    const { actor } = start({ submit: async () => Promise.reject(answer) });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'CHANGE', field: 'secret', value: 'xyz' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.submitError !== null);
    expect(actor.getSnapshot().context.submitError).toBe('Password must be at least 10 characters');
    expect(actor.getSnapshot().context.errors).toEqual({ secret: 'Server says no' });
    answer = new ApiError('Used', 410);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('refused'));
    expect(actor.getSnapshot().context.refusal?.status).toBe(410);
  });
});
