import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { User } from '../../domain/entities.ts';
import { ApiError } from '../lib/api.ts';
import { homePath, navRole } from '../lib/roleHome.ts';
import { loginErrorText, type LoginResult, SIGNED_OUT_NOTICE, type SignInRequest, sessionMachine, type SessionEmitted, type SignOutReason } from './session.machine.ts';
import { memoryStorage } from '../lib/memoryStorage.ts';

const manager: User = { _id: 'u1', name: 'Maria Manager', email: 'manager@demo.test', role: 'manager', department: 'Engineering', admin: false };
const engineer: User = { ...manager, _id: 'u2', name: 'Eli Engineer', email: 'engineer@demo.test', role: 'engineer' };
const auditor: User = { ...manager, _id: 'u3', role: 'auditor' };

function start(options: {
  storage?: ReturnType<typeof memoryStorage>;
  login?: (input: SignInRequest) => Promise<LoginResult>;
  restore?: () => Promise<User>;
  signOut?: (input: { token: string | null; reason: SignOutReason; ended: boolean }) => Promise<void>;
}) {
  const storage = options.storage ?? memoryStorage();
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise(({ input }) => (options.login ?? (async () => ({ token: 'tok', user: manager })))(input)),
      restore: fromPromise(() => (options.restore ?? (async () => manager))()),
      signOut: fromPromise(({ input }) => (options.signOut ?? (async () => {}))(input)),
    },
  });
  const actor = createActor(machine, { input: { storage } });
  const emitted: SessionEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, storage, emitted };
}

describe('session machine', () => {
  it('starts signed out when no token is stored', () => {
    const { actor } = start({});
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('signs a manager in, stores the token as JSON and announces the user', async () => {
    const login = vi.fn(async () => ({ token: 'abc.def', user: manager }));
    const { actor, storage, emitted } = start({ login });
    actor.send({ type: 'LOGIN', email: 'manager@demo.test', password: 'demo1234' });
    expect(actor.getSnapshot().value).toBe('signingIn');
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(actor.getSnapshot().matches({ signedIn: 'manager' })).toBe(true);
    expect(login).toHaveBeenCalledWith({ kind: 'password', email: 'manager@demo.test', password: 'demo1234' });
    expect(storage.dump().userToken).toBe('"abc.def"');
    expect(actor.getSnapshot().context.user).toEqual(manager);
    expect(emitted).toEqual([{ type: 'signedIn', user: manager }]);
  });

  it('signs an engineer in as engineer and any other role as manager', async () => {
    const first = start({ login: async () => ({ token: 't', user: engineer }) });
    first.actor.send({ type: 'LOGIN', email: 'e', password: 'p' });
    await waitFor(first.actor, (s) => s.matches('signedIn'));
    expect(first.actor.getSnapshot().matches({ signedIn: 'engineer' })).toBe(true);

    const second = start({ login: async () => ({ token: 't', user: auditor }) });
    second.actor.send({ type: 'LOGIN', email: 'a', password: 'p' });
    await waitFor(second.actor, (s) => s.matches('signedIn'));
    expect(second.actor.getSnapshot().matches({ signedIn: 'manager' })).toBe(true);
  });

  it('keeps the user signed out with the error message when login fails', async () => {
    const { actor, storage } = start({
      login: async () => {
        throw new ApiError('Invalid email or password', 401);
      },
    });
    actor.send({ type: 'LOGIN', email: 'x@y.z', password: 'nope' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context.error).toBe('Invalid email or password');
    expect(storage.dump().userToken).toBeUndefined();
  });

  it('says "An unexpected error occurred" when the failure is not an error object', async () => {
    const { actor } = start({
      login: () => Promise.reject('boom'),
    });
    actor.send({ type: 'LOGIN', email: 'x@y.z', password: 'nope' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context.error).toBe('An unexpected error occurred');
  });

  it('clears the previous error when a new login starts', async () => {
    let fail = true;
    const { actor } = start({
      login: async () => {
        if (fail) throw new Error('Invalid email or password');
        return { token: 't', user: manager };
      },
    });
    actor.send({ type: 'LOGIN', email: 'a', password: 'b' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    fail = false;
    actor.send({ type: 'LOGIN', email: 'a', password: 'c' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches('signedIn'));
  });

  it('restores a stored session on load by reading the profile', async () => {
    const storage = memoryStorage({ userToken: JSON.stringify('stored') });
    const restore = vi.fn(async () => engineer);
    const { actor } = start({ storage, restore });
    expect(actor.getSnapshot().value).toBe('restoring');
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(actor.getSnapshot().matches({ signedIn: 'engineer' })).toBe(true);
    expect(actor.getSnapshot().context.token).toBe('stored');
    expect(restore).toHaveBeenCalledOnce();
  });

  it('drops a stored token that the server refuses (401) during restore', async () => {
    const storage = memoryStorage({ userToken: JSON.stringify('expired') });
    const { actor } = start({
      storage,
      restore: async () => {
        throw new ApiError('Authentication required', 401);
      },
    });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(storage.dump().userToken).toBeUndefined();
  });

  it('keeps the token and offers a retry when the server cannot be reached during restore', async () => {
    const storage = memoryStorage({ userToken: JSON.stringify('stored') });
    let reachable = false;
    const { actor } = start({
      storage,
      restore: async () => {
        if (!reachable) throw new ApiError('Network Error', 0);
        return manager;
      },
    });
    await waitFor(actor, (s) => s.matches('unreachable'));
    expect(storage.dump().userToken).toBe('"stored"');
    reachable = true;
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'manager' }));
  });

  it('signs out on logout: removes the token at once, hands the clean-up the ended session\'s token, and announces it', async () => {
    const signOut = vi.fn(async () => {});
    const { actor, storage, emitted } = start({ signOut });
    actor.send({ type: 'LOGIN', email: 'a', password: 'b' });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().value).toBe('signingOut');
    expect(storage.dump().userToken).toBeUndefined();
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(signOut).toHaveBeenCalledExactlyOnceWith({ token: 'tok', reason: 'logout', ended: false });
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(emitted.at(-1)).toEqual({ type: 'signedOut', reason: 'logout' });
  });

  it('signs out even when the clean-up fails (the server could not be told)', async () => {
    const { actor } = start({ signOut: async () => Promise.reject(new ApiError('Network Error', 0)) });
    actor.send({ type: 'LOGIN', email: 'a', password: 'b' });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'LOGOUT' });
    await waitFor(actor, (s) => s.matches('signedOut'));
  });

  it('says the session had already ended after "sign out everywhere"', async () => {
    const signOut = vi.fn(async () => {});
    const { actor } = start({ signOut });
    actor.send({ type: 'LOGIN', email: 'a', password: 'b' });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'LOGOUT', ended: true });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(signOut).toHaveBeenCalledWith({ token: 'tok', reason: 'logout', ended: true });
  });

  it('signs out when any call answers 401, with a notice for the login page that a new sign-in clears', async () => {
    const { actor, storage, emitted } = start({});
    actor.send({ type: 'LOGIN', email: 'a', password: 'b' });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'UNAUTHORIZED' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(storage.dump().userToken).toBeUndefined();
    expect(emitted.at(-1)).toEqual({ type: 'signedOut', reason: 'unauthorized' });
    expect(actor.getSnapshot().context.notice).toBe(SIGNED_OUT_NOTICE);
    actor.send({ type: 'LOGIN', email: 'a', password: 'b' });
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('signs in with a single sign-on code like a password login', async () => {
    const login = vi.fn(async () => ({ token: 'sso', user: engineer }));
    const { actor, storage, emitted } = start({ login });
    actor.send({ type: 'SIGN_ON', code: 'one-time' });
    expect(actor.getSnapshot().value).toBe('signingIn');
    await waitFor(actor, (s) => s.matches({ signedIn: 'engineer' }));
    expect(login).toHaveBeenCalledWith({ kind: 'signOn', code: 'one-time' });
    expect(storage.dump().userToken).toBe('"sso"');
    expect(emitted).toEqual([{ type: 'signedIn', user: engineer }]);
  });

  it('keeps a refused sign-on code\'s message, and DISMISS clears it', async () => {
    const { actor } = start({ login: async () => Promise.reject(new ApiError('This sign-in code has been used or has expired. Please sign in again', 400)) });
    actor.send({ type: 'SIGN_ON', code: 'used' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context.error).toBe('This sign-in code has been used or has expired. Please sign in again');
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('takes a sign-in answer another screen received (setup, invitation, reset link) through the same path', async () => {
    const login = vi.fn(async (input: SignInRequest) => (input.kind === 'issued' ? { token: input.token, user: input.user } : Promise.reject(new Error('no'))));
    const { actor, storage, emitted } = start({ login });
    actor.send({ type: 'SIGNED_IN', token: 'fresh', user: manager });
    await waitFor(actor, (s) => s.matches({ signedIn: 'manager' }));
    expect(login).toHaveBeenCalledWith({ kind: 'issued', token: 'fresh', user: manager });
    expect(storage.dump().userToken).toBe('"fresh"');
    expect(emitted).toEqual([{ type: 'signedIn', user: manager }]);
  });

  it('signs out when another tab removed the token', async () => {
    const { actor } = start({});
    actor.send({ type: 'LOGIN', email: 'a', password: 'b' });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'TOKEN_REMOVED' });
    await waitFor(actor, (s) => s.matches('signedOut'));
  });

  it('ignores 401 reports while signed out', () => {
    const { actor } = start({});
    actor.send({ type: 'UNAUTHORIZED' });
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('lets a signed-in user sign in again as someone else', async () => {
    let user = manager;
    const { actor, storage } = start({ login: async () => ({ token: user._id, user }) });
    actor.send({ type: 'LOGIN', email: 'a', password: 'b' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'manager' }));
    user = engineer;
    actor.send({ type: 'LOGIN', email: 'e', password: 'b' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'engineer' }));
    expect(storage.dump().userToken).toBe('"u2"');
  });
});

describe('session helpers', () => {
  it('routes engineers to their dashboard and every other role to the manager dashboard', () => {
    expect(homePath('engineer')).toBe('/engineer-dashboard');
    expect(homePath('manager')).toBe('/manager-dashboard');
    expect(homePath('auditor')).toBe('/manager-dashboard');
    expect(navRole(undefined)).toBe('manager');
  });
  it('words login failures', () => {
    expect(loginErrorText(new Error('Invalid email or password'))).toBe('Invalid email or password');
    expect(loginErrorText({ message: 'not an error' })).toBe('An unexpected error occurred');
  });
});
