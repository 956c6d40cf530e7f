import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { DbOrTrx } from '../db/connect.ts';

/**
 * A person's calendar-feed token: HMAC(server secret, account and a random nonce). Calendar apps keep
 * polling one URL, so "get my feed URL" must answer the same one until it is revoked; deriving it lets
 * the database keep only the nonce and the token's hash (a database dump gives no feed). Revoking
 * deletes the row: the next URL has a new nonce, and the old token's hash is found nowhere (404).
 */
const deriveToken = (secret: string, userId: string, nonce: string) =>
  createHmac('sha256', secret).update(`calendar-feed:${userId}:${nonce}`).digest('base64url');

export const hashFeedToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The person's feed token, made on first use. */
export async function feedTokenOf(db: DbOrTrx, secret: string, userId: string): Promise<string> {
  const nonce = randomBytes(16).toString('base64url');
  await db.insertInto('calendar_feeds')
    .values({ user_id: userId, nonce, token_hash: hashFeedToken(deriveToken(secret, userId, nonce)) })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  // Two first requests at once: one insert wins, and both answer its nonce.
  const row = await db.selectFrom('calendar_feeds').select('nonce').where('user_id', '=', userId).executeTakeFirstOrThrow();
  return deriveToken(secret, userId, row.nonce);
}

export async function revokeFeed(db: DbOrTrx, userId: string): Promise<void> {
  await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
}

/** Whose feed a token opens, if any; an active account's only. */
export async function feedOwner(db: DbOrTrx, token: string): Promise<string | null> {
  const row = await db.selectFrom('calendar_feeds').innerJoin('users', 'users.id', 'calendar_feeds.user_id')
    .select('calendar_feeds.user_id').where('token_hash', '=', hashFeedToken(token)).where('users.status', '=', 'active')
    .executeTakeFirst();
  return row?.user_id ?? null;
}
