import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Webhook } from '../../../domain/webhooks/contracts.ts';
import { type WebhookDialog, type WebhookForm, webhookDialogMachine } from './webhookDialog.machine.ts';

const hook: Webhook = {
  _id: 'w1', url: 'https://hooks.example.com/in', events: ['ProjectCreated'], active: true, cursor: '100:5', version: 2, createdAt: '2026-11-27T00:00:00.000Z',
  failingSince: null, nextAttemptAt: null, lastError: null, pausedAt: null, pausedReason: null,
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('webhook dialog machine', () => {
  it('an edit opens with the endpoint (no secret), submits, reloads and closes', async () => {
    const calls: unknown[] = [];
    let reloads = 0;
    const actor = createActor(webhookDialogMachine.provide({
      actors: { submit: fromPromise(async ({ input }) => void calls.push(input)) },
      actions: { reload: () => void reloads++ },
    })).start();
    actor.send({ type: 'OPEN', dialog: { kind: 'edit', hook } });
    expect(actor.getSnapshot().context.form).toEqual({ url: hook.url, events: ['ProjectCreated'], secret: '', after: '' });
    actor.send({ type: 'EDIT', values: { url: 'https://other.example.com' } });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await settle();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(calls).toEqual([{ dialog: { kind: 'edit', hook }, form: { url: 'https://other.example.com', events: ['ProjectCreated'], secret: '', after: '' } }]);
    expect(reloads).toBe(1);
  });

  it('a refusal keeps the dialog open with the message; replay opens at the endpoint\'s cursor; cancel closes', async () => {
    const actor = createActor(webhookDialogMachine.provide({
      actors: { submit: fromPromise<void, { dialog: WebhookDialog; form: WebhookForm }>(async () => { throw new Error('url must be an http or https address'); }) },
    })).start();
    actor.send({ type: 'OPEN', dialog: { kind: 'add' } });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context.error).toMatch(/http or https/);
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'OPEN', dialog: { kind: 'replay', hook } });
    expect(actor.getSnapshot().context).toMatchObject({ error: null, form: { after: '100:5' } });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('closed');
  });
});
