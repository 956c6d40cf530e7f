import { describe, expect, it } from 'vitest';
import { ChannelSessions } from './channel-sessions.ts';

type Rights = Map<string, { role: 'manager' | 'engineer' | 'auditor' }>;

/** A database answer the test releases when it wants, to open channels while the query runs. */
function pendingAnswer() {
  let release!: (rights: Rights) => void;
  const asked: string[][] = [];
  const rightsOf = (ids: string[]) => {
    asked.push(ids);
    return new Promise<Rights>((resolve) => {
      release = resolve;
    });
  };
  return { rightsOf, asked, release: (rights: Rights) => release(rights) };
}

describe('the live channels’ session sweep', () => {
  it('closes a channel whose session ended and keeps one still good, in one query', async () => {
    const channels = new ChannelSessions();
    const closed: string[] = [];
    channels.watch({ sid: 'ended', role: 'manager' }, () => closed.push('ended'));
    channels.watch({ sid: 'good', role: 'manager' }, () => closed.push('good'));
    const answer = pendingAnswer();
    const sweep = channels.sweep(answer.rightsOf);
    answer.release(new Map([['good', { role: 'manager' }]]));
    await sweep;
    expect(answer.asked).toEqual([['ended', 'good']]);
    expect(closed).toEqual(['ended']);
  });

  it('closes a channel whose role changed (it reconnects with its new rights)', async () => {
    const channels = new ChannelSessions();
    const closed: string[] = [];
    channels.watch({ sid: 's', role: 'manager' }, () => closed.push('s'));
    await channels.sweep(async () => new Map([['s', { role: 'engineer' }]]));
    expect(closed).toEqual(['s']);
  });

  it('leaves a channel opened while the query ran to the next sweep: a reload on a busy server does not sign out', async () => {
    const channels = new ChannelSessions();
    const closed: string[] = [];
    const stopOld = channels.watch({ sid: 'reloading', role: 'manager' }, () => closed.push('old socket'));
    const answer = pendingAnswer();
    const sweep = channels.sweep(answer.rightsOf);
    // The page reloads meanwhile: its old socket goes, a new one with the same session comes.
    stopOld();
    channels.watch({ sid: 'reloading', role: 'manager' }, () => closed.push('new socket'));
    channels.watch({ sid: 'newcomer', role: 'engineer' }, () => closed.push('newcomer'));
    // The answer holds only what was asked; the session is still good.
    answer.release(new Map([['reloading', { role: 'manager' }]]));
    await sweep;
    expect(closed).toEqual([]);

    // The next sweep asks about both and keeps them while their sessions are good.
    await channels.sweep(async (ids) => new Map(ids.map((id) => [id, { role: id === 'newcomer' ? ('engineer' as const) : ('manager' as const) }])));
    expect(closed).toEqual([]);
  });

  it('does not start a sweep while one is still waiting for the database', async () => {
    const channels = new ChannelSessions();
    channels.watch({ sid: 's', role: 'manager' }, () => undefined);
    const answer = pendingAnswer();
    const first = channels.sweep(answer.rightsOf);
    await channels.sweep(answer.rightsOf);
    expect(answer.asked).toHaveLength(1);
    answer.release(new Map([['s', { role: 'manager' }]]));
    await first;
    await channels.sweep(async () => new Map([['s', { role: 'manager' }]]));
  });
});
