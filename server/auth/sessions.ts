import { v7 as uuidv7 } from 'uuid';
import type { Role } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';

/** What a live session lets its holder do now: the account's current role and admin permission. */
export type SessionRights = { role: Role; admin: boolean };

export const newSessionId = () => uuidv7();

/** A new session for a sign-in, living as long as its token; the token names it, so it can be ended sooner. */
export async function startSession(db: DbOrTrx, session: { id: string; userId: string; expiresAt: Date }, now = new Date()): Promise<void> {
  await db.insertInto('sessions').values({ id: session.id, user_id: session.userId, expires_at: session.expiresAt }).execute();
  await db.updateTable('users').set({ last_sign_in_at: now }).where('id', '=', session.userId).execute();
}

export async function endSession(db: DbOrTrx, sessionId: string, now = new Date()): Promise<void> {
  await db.updateTable('sessions').set({ ended_at: now }).where('id', '=', sessionId).where('ended_at', 'is', null).execute();
}

/** Ends every session of the account, but `keep` (the one changing its own password stays signed in). */
export async function endSessionsOf(db: DbOrTrx, userId: string, keep?: string, now = new Date()): Promise<void> {
  let query = db.updateTable('sessions').set({ ended_at: now }).where('user_id', '=', userId).where('ended_at', 'is', null);
  if (keep) query = query.where('id', '<>', keep);
  await query.execute();
}

/** The rights of each session still good (not ended, not expired, its account active); absent ones are not. */
export async function sessionRights(db: DbOrTrx, sessionIds: readonly string[], now = new Date()): Promise<Map<string, SessionRights & { userId: string }>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id', 'sessions.user_id', 'users.role', 'users.admin'])
    .where('sessions.id', 'in', [...sessionIds]).where('sessions.ended_at', 'is', null)
    .where('sessions.expires_at', '>', now).where('users.status', '=', 'active')
    .execute();
  return new Map(rows.map((r) => [r.id, { userId: r.user_id, role: r.role, admin: r.admin }]));
}
