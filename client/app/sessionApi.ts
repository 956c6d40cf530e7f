import type { User } from '../../domain/entities.ts';
import { readAheadOr, request } from '../lib/http.ts';
import type { LoginResult } from '../machines/session.machine.ts';
import type { SessionCalls } from '../stores/session.ts';

/** The session's profile, read ahead as the app boots when a session is stored (app/readAhead.ts). */
export const PROFILE_PATH = '/api/auth/profile';

/** The session's profile: the one read ahead as the app booted (app/readAhead.ts) when there is one; the profile store's too. */
export const fetchProfile = () => readAheadOr<User>(PROFILE_PATH);

/**
 * The calls the session makes (sign in, restore, sign out), handed to the session store by the app
 * shell (main.tsx): the store is shared by every screen and does no I/O of its own.
 */
export const sessionApi: SessionCalls = {
  login: (credentials) => request<LoginResult>('POST', '/api/auth/login', { body: credentials, auth: false }),
  exchangeSignOnCode: (code: string) => request<LoginResult>('POST', '/api/auth/oidc/exchange', { body: { code }, auth: false }),
  /** Ends the session of `token` (the stored one is already gone when this is sent): its failure changes nothing here. */
  logout: (token: string) => request<null>('POST', '/api/auth/logout', { token, keepalive: true }),
  profile: () => fetchProfile(),
};
