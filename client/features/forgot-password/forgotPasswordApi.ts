import { request } from '../../lib/http.ts';

/** Asks for a reset link for `email`; the answer is the same whether or not the address has an account. */
export const forgotPassword = (email: string) => request<null>('POST', '/api/auth/forgot', { body: { email }, auth: false });
