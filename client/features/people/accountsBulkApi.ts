import type { AccountView } from '../../../domain/accounts/inputs.ts';
import { request } from '../../lib/http.ts';

/** The accounts asked for as they are now, and how many the change moved (those already so are left). */
export type BulkAccountsAnswer = { accounts: AccountView[]; changed: number };

/**
 * Many accounts deactivated (their sessions end) or reactivated in one request (POST /api/accounts/bulk),
 * all or none: an unknown id is a 404, an invitation or the last active admin a 409, each naming whose,
 * and nothing is written.
 */
export const changeAccountsActive = (ids: readonly string[], active: boolean): Promise<BulkAccountsAnswer> =>
  request<BulkAccountsAnswer>('POST', '/api/accounts/bulk', { body: { ids, active } });
