import { createHash, randomBytes } from 'node:crypto';
import type { DbOrTrx } from '../db/connect.ts';
import type { LinkTokensTable } from '../db/schema.ts';

export type LinkKind = LinkTokensTable['kind'];

/** How long each kind of link stays good. */
export const LINK_LIFETIME_MS: Record<LinkKind, number> = {
  setup: 365 * 24 * 3600_000,
  invite: 7 * 24 * 3600_000,
  reset: 3600_000,
  'sign-on': 60_000,
};

/** Only the hash is stored: a copy of the table lets nobody in. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new one-time secret of this kind for this account (32 random bytes). Issuing one replaces the
 * account's earlier unused ones of the same kind: only the newest invitation or reset link works.
 */
export async function issueLinkToken(db: DbOrTrx, kind: LinkKind, userId: string | null, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // A sign-on code is not replaced: two tabs may each be finishing a sign-on.
  if (kind !== 'sign-on') {
    const earlier = db.deleteFrom('link_tokens').where('kind', '=', kind).where('used_at', 'is', null);
    await (userId === null ? earlier.where('user_id', 'is', null) : earlier.where('user_id', '=', userId)).execute();
  }
  await db.insertInto('link_tokens').values({
    token_hash: hashOf(token), kind, user_id: userId, expires_at: new Date(now.getTime() + LINK_LIFETIME_MS[kind]),
  }).execute();
  return token;
}

/** issueLinkToken for many accounts at once (a bulk invitation): one secret each, in two statements. */
export async function issueLinkTokens(db: DbOrTrx, kind: Exclude<LinkKind, 'sign-on'>, userIds: readonly string[], now = new Date()): Promise<string[]> {
  if (userIds.length === 0) return [];
  const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
  await db.deleteFrom('link_tokens').where('kind', '=', kind).where('used_at', 'is', null).where('user_id', 'in', [...userIds]).execute();
  const expires = new Date(now.getTime() + LINK_LIFETIME_MS[kind]);
  await db.insertInto('link_tokens').values(userIds.map((userId, i) => ({ token_hash: hashOf(tokens[i]!), kind, user_id: userId, expires_at: expires }))).execute();
  return tokens;
}

export type LinkLookup = { state: 'unknown' } | { state: 'gone' } | { state: 'valid'; userId: string | null };

/** What a link's token is worth now, without using it. */
export async function peekLinkToken(db: DbOrTrx, kind: LinkKind, token: string, now = new Date()): Promise<LinkLookup> {
  const row = await db.selectFrom('link_tokens').select(['user_id', 'expires_at', 'used_at'])
    .where('token_hash', '=', hashOf(token)).where('kind', '=', kind).executeTakeFirst();
  if (!row) return { state: 'unknown' };
  if (row.used_at || row.expires_at <= now) return { state: 'gone' };
  return { state: 'valid', userId: row.user_id };
}

/**
 * Uses a link's token inside the caller's transaction: it is marked used only if it was still good,
 * so two requests racing with one link cannot both pass.
 */
export async function useLinkToken(db: DbOrTrx, kind: LinkKind, token: string, now = new Date()): Promise<LinkLookup> {
  const used = await db.updateTable('link_tokens').set({ used_at: now })
    .where('token_hash', '=', hashOf(token)).where('kind', '=', kind)
    .where('used_at', 'is', null).where('expires_at', '>', now)
    .returning('user_id').executeTakeFirst();
  if (used) return { state: 'valid', userId: used.user_id };
  return (await peekLinkToken(db, kind, token, now)).state === 'unknown' ? { state: 'unknown' } : { state: 'gone' };
}
