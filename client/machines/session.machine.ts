import { assign, emit, fromPromise, setup } from 'xstate';
import type { User } from '../../domain/entities.ts';
import { navRole } from '../lib/roleHome.ts';
import { browserStorage, clearToken, readToken, type TokenStorage, writeToken } from '../lib/token.ts';

/**
 * The session: signed out -> signing in -> signed in as engineer or manager -> signing out.
 * The token is stored under localStorage.userToken as JSON and restored on load (the profile call tells
 * the role); a 401 from any call signs out. Calls are injected as named actors so tests provide fakes.
 */
export type Credentials = { email: string; password: string };
export type LoginResult = { token: string; user: User };

export type SessionContext = {
  storage: TokenStorage | null;
  token: string | null;
  user: User | null;
  /** The login failure shown in the login form's alert. */
  error: string | null;
};

export type SessionEvent =
  | { type: 'LOGIN'; email: string; password: string }
  | { type: 'LOGOUT' }
  /** Any call answered 401. */
  | { type: 'UNAUTHORIZED' }
  /** The token disappeared from storage (another tab signed out). */
  | { type: 'TOKEN_REMOVED' }
  /** Try the restore again after the server could not be reached. */
  | { type: 'RETRY' };

export type SessionEmitted =
  | { type: 'signedIn'; user: User }
  | { type: 'signedOut'; reason: 'logout' | 'unauthorized' | 'removed' };

export type SessionInput = { storage?: TokenStorage | null };

export const UNEXPECTED_ERROR = 'An unexpected error occurred';

/** The login form's alert: the error's message, or the generic text when it is not an error object. */
export const loginErrorText = (error: unknown) => (error instanceof Error && error.message ? error.message : UNEXPECTED_ERROR);

const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error ? (error as { status: unknown }).status : undefined;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
    input: {} as SessionInput | undefined,
  },
  actors: {
    login: fromPromise<LoginResult, Credentials>(async () => {
      throw new Error('The login actor was not provided');
    }),
    /** Reads the profile of the stored token's user. */
    restore: fromPromise<User, { token: string }>(async () => {
      throw new Error('The restore actor was not provided');
    }),
    /** Clean-up when the session ends (collections reset, live channel closed). */
    signOut: fromPromise<void, void>(async () => {}),
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
    clearError: assign({ error: null }),
    announceSignedIn: emit(({ context }) => ({ type: 'signedIn' as const, user: context.user! })),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => {
    const storage = input?.storage === undefined ? browserStorage() : input.storage;
    return { storage, token: readToken(storage), user: null, error: null };
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
        LOGOUT: 'signingOut',
        UNAUTHORIZED: 'signingOut',
        TOKEN_REMOVED: 'signingOut',
      },
    },
    /** A token is stored but the server did not answer: the user may retry or sign out. */
    unreachable: {
      on: {
        RETRY: 'restoring',
        LOGOUT: 'signingOut',
        TOKEN_REMOVED: 'signingOut',
        LOGIN: { target: 'signingIn', actions: 'clearError' },
      },
    },
    signedOut: {
      on: {
        LOGIN: { target: 'signingIn', actions: 'clearError' },
      },
    },
    signingIn: {
      invoke: {
        src: 'login',
        input: ({ event }) =>
          event.type === 'LOGIN' ? { email: event.email, password: event.password } : { email: '', password: '' },
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
        LOGOUT: { target: 'signingOut', actions: emit({ type: 'signedOut', reason: 'logout' as const }) },
        UNAUTHORIZED: { target: 'signingOut', actions: emit({ type: 'signedOut', reason: 'unauthorized' as const }) },
        TOKEN_REMOVED: { target: 'signingOut', actions: emit({ type: 'signedOut', reason: 'removed' as const }) },
      },
    },
    signingOut: {
      entry: 'forgetToken',
      invoke: {
        src: 'signOut',
        onDone: 'signedOut',
        onError: 'signedOut',
      },
    },
  },
});
