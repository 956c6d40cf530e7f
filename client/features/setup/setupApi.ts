import { request } from '../../lib/http.ts';
import type { LoginResult } from '../../machines/session.machine.ts';

/** The first administrator's account, made with the setup token. */
export const setupApi = {
  /** 204 when the setup token would create the first account; 409 once accounts exist, 403 a missing or bad token. */
  checkSetup: (token: string | null) =>
    request<null>('POST', '/api/setup/check', { body: token ? { token } : {}, auth: false }).then(() => null),
  setup: (body: { token: string; name: string; email: string; password: string }) =>
    request<LoginResult>('POST', '/api/setup', { body, auth: false }),
};
