import {
  capacityOverTime, dateOfDay, digestOf, isoWeekKey, localDayOf, mondayOf, zoneOffsetAt, type DigestRole,
} from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { loadCapacityFacts } from '../read-models/capacity-facts.ts';
import { noticeMail, type MailLinks } from './mail-follower.ts';
import { enqueue } from './outbox.ts';

/** The digest goes out from Monday 07:00 in the organisation's time zone, once a week. */
const SEND_FROM_HOUR = 7;

/**
 * Queues this week's digest for every manager who wants it, once Monday 07:00 has passed: the next 4
 * weeks' overloads (the capacity model's weeks) and the open roles starting in them. Run as often as
 * you like: the outbox key (week and person) queues each digest once. Answers how many it queued, or
 * null before Monday 07:00 (not yet this week's).
 */
export async function enqueueDigests(db: DbOrTrx, options: { timeZone: string; now: Date; links: MailLinks }): Promise<number | null> {
  const { timeZone, now, links } = options;
  const today = localDayOf(now.getTime(), timeZone);
  const monday = mondayOf(today);
  const localHour = new Date(now.getTime() + zoneOffsetAt(now.getTime(), timeZone)).getUTCHours();
  if (today === monday && localHour < SEND_FROM_HOUR) return null;
  const week = isoWeekKey(monday);
  const managers = await db
    .selectFrom('users as u')
    .leftJoin('notification_settings as s', 's.user_id', 'u.id')
    .select(['u.id', 'u.email', 'u.name', 's.digest'])
    .where('u.role', '=', 'manager')
    .where('u.status', '=', 'active')
    .execute();
  const wanting = managers.filter((m) => m.digest !== false);
  if (wanting.length === 0) return 0;

  const range = { from: dateOfDay(monday), to: dateOfDay(monday + 27) };
  const facts = await loadCapacityFacts(db, range);
  const { engineers } = capacityOverTime({ ...facts, timeZone }, { ...range, step: 'week' });
  const projects = new Map((await db.selectFrom('projects').select(['id', 'name']).execute()).map((p) => [p.id, p.name]));
  const rangeEnd = `${dateOfDay(monday + 28)}T00:00:00.000Z`;
  const openRoles: DigestRole[] = (await db.selectFrom('placeholders').select('doc').execute())
    .map((row) => row.doc)
    .filter((p) => p.startDate < rangeEnd && p.endDate >= `${range.from}T00:00:00.000Z`)
    .map((p) => ({ role: p.role, projectName: projects.get(p.projectId) ?? 'a project', startDate: p.startDate, allocationPercentage: p.allocationPercentage }));
  const digest = digestOf(engineers, openRoles, week);
  const messages = wanting.map((m) => ({
    channel: 'mail' as const,
    dedupeKey: `digest ${week} ${m.id}`,
    target: m.email,
    payload: noticeMail({ kind: 'digest', subject: digest.subject, lines: digest.lines }, { userId: m.id, email: m.email, name: m.name }, links, '/capacity'),
  }));
  return enqueue(db, messages);
}
