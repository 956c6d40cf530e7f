import { assign, emit, fromPromise, setup } from 'xstate';
import type { User } from '../../domain/entities.ts';
import { navRole } from '../lib/roleHome.ts';
import { browserStorage, clearToken, readToken, type TokenStorage, writeToken } from '../lib/token.ts';

/**
 * The session: signed out -> signing in -> signed in as engineer or manager -> signing out.
 * The token is stored under localStorage.userToken as JSON and restored on load (the profile call tells
 * the role); a 401 from any call signs out. Calls are injected as named actors so tests provide fakes.
 *
 * One way in for every kind of sign-in: a password (LOGIN), a single sign-on code (SIGN_ON), or an
 * answer another screen already has (SIGNED_IN: the first administrator, an accepted invitation, a
 * reset link): each goes through `signingIn`, so the collections are reset and the profile set alike.
 */
export type Credentials = { email: string; password: string };
export type LoginResult = { token: string; user: User };
/** What the `login` actor is asked to do. */
export type SignInRequest =
  | ({ kind: 'password' } & Credentials)
  | { kind: 'signOn'; code: string }
  | ({ kind: 'issued' } & LoginResult);

export type SignOutReason = 'logout' | 'unauthorized' | 'removed';

export type SessionContext = {
  storage: TokenStorage | null;
  token: string | null;
  user: User | null;
  /** The login failure shown in the login form's alert (and on the sign-on page). */
  error: string | null;
  /** Why the user is on the login page when they did not ask to be: their session was ended. */
  notice: string | null;
  /** The session being ended, for the `signOut` actor: its token is gone from storage by then. */
  leaving: { token: string | null; reason: SignOutReason; ended: boolean } | null;
};

export type SessionEvent =
  | { type: 'LOGIN'; email: string; password: string }
  /** A single sign-on's one-time code, exchanged for a token. */
  | { type: 'SIGN_ON'; code: string }
  /** A sign-in answer another screen received (setup, invitation, reset link). */
  | { type: 'SIGNED_IN'; token: string; user: User }
  /** `ended`: the server has already ended the session (sign out everywhere): nothing to tell it. */
  | { type: 'LOGOUT'; ended?: boolean }
  /** Any call answered 401, or the server said on the live channel that the session has ended. */
  | { type: 'UNAUTHORIZED' }
  /** The token disappeared from storage (another tab signed out). */
  | { type: 'TOKEN_REMOVED' }
  /** Try the restore again after the server could not be reached. */
  | { type: 'RETRY' }
  /** The login page's alert and notice are read: clear them. */
  | { type: 'DISMISS' };

export type SessionEmitted =
  | { type: 'signedIn'; user: User }
  | { type: 'signedOut'; reason: SignOutReason };

export type SessionInput = { storage?: TokenStorage | null };

export const UNEXPECTED_ERROR = 'An unexpected error occurred';
/** The login page's notice after the server ended the session (deactivated, role changed, signed out elsewhere). */
export const SIGNED_OUT_NOTICE = 'You have been signed out. Please sign in again.';

/** The login form's alert: the error's message, or the generic text when it is not an error object. */
export const loginErrorText = (error: unknown) => (error instanceof Error && error.message ? error.message : UNEXPECTED_ERROR);

const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error ? (error as { status: unknown }).status : undefined;

/** The sign-in request an event asks for. */
function signInRequestOf(event: SessionEvent): SignInRequest {
  switch (event.type) {
    case 'LOGIN':
      return { kind: 'password', email: event.email, password: event.password };
    case 'SIGN_ON':
      return { kind: 'signOn', code: event.code };
    case 'SIGNED_IN':
      return { kind: 'issued', token: event.token, user: event.user };
    default:
      return { kind: 'password', email: '', password: '' };
  }
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
    input: {} as SessionInput | undefined,
  },
  actors: {
    login: fromPromise<LoginResult, SignInRequest>(async () => {
      throw new Error('The login actor was not provided');
    }),
    /** Reads the profile of the stored token's user. */
    restore: fromPromise<User, { token: string }>(async () => {
      throw new Error('The restore actor was not provided');
    }),
    /** Clean-up when the session ends (the server told, collections reset, live channel closed). */
    signOut: fromPromise<void, { token: string | null; reason: SignOutReason; ended: boolean }>(async () => {}),
  },
  guards: {
    hasStoredToken: ({ context }) => context.token !== null,
    loggedInAsEngineer: (_, params: { user: User }) => navRole(params.user.role) === 'engineer',
    isUnauthorized: (_, params: { error: unknown }) => statusOf(params.error) === 401,
  },
  actions: {
    storeSession: assign((_, params: LoginResult) => params),
    persistToken: ({ context }) => {
      if (context.token) writeToken(context.token, context.storage);
    },
    forgetToken: assign(({ context }) => {
      clearToken(context.storage);
      return { token: null, user: null };
    }),
    setError: assign((_, params: { error: unknown }) => ({ error: loginErrorText(params.error) })),
    clearError: assign({ error: null, notice: null }),
    /** Remembers the session being ended, before its token is forgotten. */
    leave: assign(({ context }, params: { reason: SignOutReason; ended?: boolean }) => ({
      leaving: { token: context.token, reason: params.reason, ended: params.ended ?? false },
    })),
    noticeSignedOut: assign({ notice: SIGNED_OUT_NOTICE }),
    announceSignedIn: emit(({ context }) => ({ type: 'signedIn' as const, user: context.user! })),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => {
    const storage = input?.storage === undefined ? browserStorage() : input.storage;
    return { storage, token: readToken(storage), user: null, error: null, notice: null, leaving: null };
  },
  initial: 'booting',
  states: {
    booting: {
      always: [{ guard: 'hasStoredToken', target: 'restoring' }, { target: 'signedOut' }],
    },
    restoring: {
      invoke: {
        src: 'restore',
        input: ({ context }) => ({ token: context.token! }),
        onDone: [
          {
            guard: { type: 'loggedInAsEngineer', params: ({ event }) => ({ user: event.output }) },
            target: 'signedIn.engineer',
            actions: assign({ user: ({ event }) => event.output }),
          },
          { target: 'signedIn.manager', actions: assign({ user: ({ event }) => event.output }) },
        ],
        onError: [
          {
            guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
            target: 'signedOut',
            actions: 'forgetToken',
          },
          { target: 'unreachable' },
        ],
      },
      on: {
        LOGOUT: { target: 'signingOut', actions: { type: 'leave', params: ({ event }) => ({ reason: 'logout' as const, ended: event.ended }) } },
        UNAUTHORIZED: { target: 'signingOut', actions: { type: 'leave', params: { reason: 'unauthorized' as const } } },
        TOKEN_REMOVED: { target: 'signingOut', actions: { type: 'leave', params: { reason: 'removed' as const } } },
      },
    },
    /** A token is stored but the server did not answer: the user may retry or sign out. */
    unreachable: {
      on: {
        RETRY: 'restoring',
        LOGOUT: { target: 'signingOut', actions: { type: 'leave', params: ({ event }) => ({ reason: 'logout' as const, ended: event.ended }) } },
        TOKEN_REMOVED: { target: 'signingOut', actions: { type: 'leave', params: { reason: 'removed' as const } } },
        LOGIN: { target: 'signingIn', actions: 'clearError' },
        SIGN_ON: { target: 'signingIn', actions: 'clearError' },
        SIGNED_IN: { target: 'signingIn', actions: 'clearError' },
      },
    },
    signedOut: {
      entry: assign({ leaving: null }),
      on: {
        LOGIN: { target: 'signingIn', actions: 'clearError' },
        SIGN_ON: { target: 'signingIn', actions: 'clearError' },
        SIGNED_IN: { target: 'signingIn', actions: 'clearError' },
        DISMISS: { actions: 'clearError' },
      },
    },
    signingIn: {
      invoke: {
        src: 'login',
        input: ({ event }) => signInRequestOf(event),
        onDone: [
          {
            guard: { type: 'loggedInAsEngineer', params: ({ event }) => ({ user: event.output.user }) },
            target: 'signedIn.engineer',
            actions: [
              { type: 'storeSession', params: ({ event }) => event.output },
              'persistToken',
              'announceSignedIn',
            ],
          },
          {
            target: 'signedIn.manager',
            actions: [
              { type: 'storeSession', params: ({ event }) => event.output },
              'persistToken',
              'announceSignedIn',
            ],
          },
        ],
        onError: {
          // A failed login leaves any earlier session as it was stored; the form shows the error.
          target: 'booting',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    signedIn: {
      initial: 'manager',
      states: {
        engineer: {},
        manager: {},
      },
      on: {
        LOGIN: { target: 'signingIn', actions: 'clearError' },
        SIGN_ON: { target: 'signingIn', actions: 'clearError' },
        SIGNED_IN: { target: 'signingIn', actions: 'clearError' },
        LOGOUT: {
          target: 'signingOut',
          actions: [
            { type: 'leave', params: ({ event }) => ({ reason: 'logout' as const, ended: event.ended }) },
            emit({ type: 'signedOut', reason: 'logout' as const }),
          ],
        },
        UNAUTHORIZED: {
          target: 'signingOut',
          actions: [{ type: 'leave', params: { reason: 'unauthorized' as const } }, 'noticeSignedOut', emit({ type: 'signedOut', reason: 'unauthorized' as const })],
        },
        TOKEN_REMOVED: {
          target: 'signingOut',
          actions: [{ type: 'leave', params: { reason: 'removed' as const } }, emit({ type: 'signedOut', reason: 'removed' as const })],
        },
      },
    },
    signingOut: {
      // The token goes at once: nothing waits on the server to sign out here.
      entry: 'forgetToken',
      invoke: {
        src: 'signOut',
        input: ({ context }) => context.leaving ?? { token: null, reason: 'logout' as const, ended: false },
        onDone: 'signedOut',
        onError: 'signedOut',
      },
    },
  },
});
