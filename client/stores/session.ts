import { createActor, fromPromise } from 'xstate';
import { useSelector } from '@xstate/react';
import type { User } from '../../domain/entities.ts';
import { setUnauthorizedHandler } from '../lib/api.ts';
import { TOKEN_KEY } from '../lib/token.ts';
import { type Credentials, type LoginResult, type SignInRequest, sessionMachine } from '../machines/session.machine.ts';

/**
 * The server calls the session makes. The app shell hands them over once (`startSession`), so this
 * store, which every screen reads, imports no API module.
 */
export type SessionCalls = {
  login: (credentials: Credentials) => Promise<LoginResult>;
  exchangeSignOnCode: (code: string) => Promise<LoginResult>;
  logout: (token: string) => Promise<unknown>;
  profile: () => Promise<User>;
};

const noCalls = (): Promise<never> => Promise.reject(new Error('The session was not started'));
let calls: SessionCalls = { login: noCalls, exchangeSignOnCode: noCalls, logout: noCalls, profile: noCalls };

// The collections (valtio and the domain's reducers) are not needed to show the login screen, the
// first screen everyone loads: they load with the first sign-in, restore or sign-out.
const collections = async () => {
  const [{ resetAll }, { setProfile }] = await Promise.all([import('./plan.ts'), import('./profile.ts')]);
  return { resetAll, setProfile };
};

/** Clean-ups that other parts of the app (the live channel) register for when the session ends. */
const onSignOut = new Set<() => void | Promise<void>>();
export const registerSignOutCleanup = (cleanup: () => void | Promise<void>) => {
  onSignOut.add(cleanup);
  return () => void onSignOut.delete(cleanup);
};

/** The sign-in answer a request asks for: a password, a single sign-on code, or one already received. */
function signInWith(request: SignInRequest): Promise<LoginResult> {
  switch (request.kind) {
    case 'password':
      return calls.login({ email: request.email, password: request.password });
    case 'signOn':
      return calls.exchangeSignOnCode(request.code);
    case 'issued':
      return Promise.resolve({ token: request.token, user: request.user });
  }
}

/** The one session actor of the app, wired to the calls `startSession` is given and to the stores. */
export const sessionActor = createActor(
  sessionMachine.provide({
    actors: {
      login: fromPromise(async ({ input }) => {
        const [result, { resetAll, setProfile }] = await Promise.all([signInWith(input), collections()]);
        // Whoever was signed in before (at /, a new login replaces the session) leaves no data behind.
        resetAll();
        setProfile(result.user);
        return result;
      }),
      restore: fromPromise(async () => {
        const [user, { setProfile }] = await Promise.all([calls.profile(), collections()]);
        setProfile(user);
        return user;
      }),
      signOut: fromPromise(async ({ input }) => {
        // The server ends the session too, so the token is refused from now on; signing out here
        // never waits for it (the token is already gone from this browser), nor fails with it.
        if (input.reason === 'logout' && !input.ended && input.token) void calls.logout(input.token).catch(() => undefined);
        (await collections()).resetAll();
        await Promise.allSettled([...onSignOut].map((cleanup) => cleanup()));
      }),
    },
  }),
  { input: {} },
);

setUnauthorizedHandler(() => sessionActor.send({ type: 'UNAUTHORIZED' }));

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if ((event.key === TOKEN_KEY || event.key === null) && !event.newValue) sessionActor.send({ type: 'TOKEN_REMOVED' });
  });
}

/** Starts the session (restoring a stored one) with the calls it makes; once, from the app shell. */
export function startSession(sessionCalls: SessionCalls) {
  calls = sessionCalls;
  sessionActor.start();
}

export type SessionStatus = 'pending' | 'unreachable' | 'signedOut' | 'signedIn';

/** What the shell needs to know of the session, as one stable value. */
export function useSessionView(): SessionStatus {
  return useSelector(sessionActor, (s) => {
    if (s.matches('signedIn')) return 'signedIn';
    if (s.matches('unreachable')) return 'unreachable';
    if (s.matches('signedOut')) return 'signedOut';
    // Signing in keeps whatever session was there; the login screen shows the busy state itself.
    return 'pending';
  });
}

export const useSessionUser = () => useSelector(sessionActor, (s) => s.context.user);
