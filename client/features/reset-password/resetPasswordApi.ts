import { request } from '../../lib/http.ts';
import type { LoginResult } from '../../machines/session.machine.ts';

/** A reset link's secret travels in a body, never in a query the server would log. */
export const resetPasswordApi = {
  /** 204 when the reset link can still be used; 404, 410 or 409 say why not. */
  checkResetLink: (token: string) => request<null>('POST', '/api/auth/reset/check', { body: { token }, auth: false }).then(() => null),
  resetPassword: (token: string, password: string) => request<LoginResult>('POST', '/api/auth/reset', { body: { token, password }, auth: false }),
};
