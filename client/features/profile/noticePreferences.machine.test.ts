import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { NoticePreferences } from '../../../domain/notifications/notices.ts';
import { noticePreferencesMachine } from './noticePreferences.machine.ts';

const all: NoticePreferences = { assigned: true, timeOff: true, digest: true, staffing: true };

describe('the e-mail choices on the Profile', () => {
  it('loads, shows a flip at once and keeps what the server saved', async () => {
    const saved: Partial<NoticePreferences>[] = [];
    const actor = createActor(
      noticePreferencesMachine.provide({
        actors: {
          load: fromPromise(async () => all),
          save: fromPromise(async ({ input }) => (saved.push(input), { ...all, ...input })),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'TOGGLE', kind: 'timeOff', on: false });
    expect(actor.getSnapshot().context.preferences).toEqual({ ...all, timeOff: false });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(saved).toEqual([{ ...all, timeOff: false }]);
  });

  it('a refused save says why and shows what the server holds again', async () => {
    let loads = 0;
    const actor = createActor(
      noticePreferencesMachine.provide({
        actors: {
          load: fromPromise(async () => (loads += 1, all)),
          save: fromPromise<NoticePreferences, Partial<NoticePreferences>>(async () => {
            throw new Error('Network Error');
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'TOGGLE', kind: 'assigned', on: false });
    await waitFor(actor, (s) => s.matches('ready') && loads === 2);
    expect(actor.getSnapshot().context).toEqual({ preferences: all, error: 'Network Error' });
  });
});
