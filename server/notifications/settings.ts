import { allNotices, type NoticeKind, type NoticePreferences } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';

const columns: Record<NoticeKind, 'assigned' | 'time_off' | 'digest' | 'staffing'> = { assigned: 'assigned', timeOff: 'time_off', digest: 'digest', staffing: 'staffing' };

/** A person's choices; everything until they choose otherwise. */
export async function noticePreferences(db: DbOrTrx, userId: string): Promise<NoticePreferences> {
  const row = await db.selectFrom('notification_settings').select(['assigned', 'time_off', 'digest', 'staffing']).where('user_id', '=', userId).executeTakeFirst();
  return row ? { assigned: row.assigned, timeOff: row.time_off, digest: row.digest, staffing: row.staffing } : { ...allNotices };
}

export async function setNoticePreferences(db: DbOrTrx, userId: string, changes: Partial<NoticePreferences>): Promise<NoticePreferences> {
  const next = { ...(await noticePreferences(db, userId)), ...changes };
  const row = { assigned: next.assigned, time_off: next.timeOff, digest: next.digest, staffing: next.staffing, updated_at: new Date() };
  await db
    .insertInto('notification_settings')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
  return next;
}

/**
 * The signed-in person behind an engineer's record who wants this kind of message: an active account
 * with the record's e-mail. An engineer planned but never invited gets nothing.
 */
export async function recipientOf(db: DbOrTrx, engineerId: string, kind: NoticeKind): Promise<{ userId: string; email: string; name: string } | null> {
  const row = await db
    .selectFrom('engineers as e')
    .innerJoin('users as u', (join) => join.on((eb) => eb(eb.fn('lower', ['u.email']), '=', eb.fn('lower', ['e.email']))))
    .leftJoin('notification_settings as s', 's.user_id', 'u.id')
    .select(['u.id', 'u.email', 'u.name', `s.${columns[kind]} as wanted`])
    .where('e.id', '=', engineerId)
    .where('u.status', '=', 'active')
    .executeTakeFirst();
  return row && row.wanted !== false ? { userId: row.id, email: row.email, name: row.name } : null;
}

/** The account behind a user id, when it is active and wants this kind of message. */
export async function accountRecipient(db: DbOrTrx, userId: string, kind: NoticeKind): Promise<{ userId: string; email: string; name: string } | null> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('notification_settings as s', 's.user_id', 'u.id')
    .select(['u.id', 'u.email', 'u.name', `s.${columns[kind]} as wanted`])
    .where('u.id', '=', userId)
    .where('u.status', '=', 'active')
    .executeTakeFirst();
  return row && row.wanted !== false ? { userId: row.id, email: row.email, name: row.name } : null;
}
