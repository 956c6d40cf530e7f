import { request } from '../../lib/http.ts';

/** One's own password and sessions (design section 11). */
export const accountSecurityApi = {
  changePassword: (currentPassword: string, newPassword: string) =>
    request<null>('POST', '/api/auth/password', { body: { currentPassword, newPassword } }),
  logoutEverywhere: () => request<null>('POST', '/api/auth/logout-all'),
};
