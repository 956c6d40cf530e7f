import { api, request } from '../lib/api.ts';
import type { LoginResult } from '../machines/session.machine.ts';
import type { SessionCalls } from '../stores/session.ts';

/**
 * The calls the session makes (sign in, restore, sign out), handed to the session store by the app
 * shell (main.tsx): the store is shared by every screen and does no I/O of its own.
 */
export const sessionApi: SessionCalls = {
  login: (credentials) => api.login(credentials),
  exchangeSignOnCode: (code: string) => request<LoginResult>('POST', '/api/auth/oidc/exchange', { body: { code }, auth: false }),
  /** Ends the session of `token` (the stored one is already gone when this is sent): its failure changes nothing here. */
  logout: (token: string) => request<null>('POST', '/api/auth/logout', { token, keepalive: true }),
  profile: () => api.profile(),
};
