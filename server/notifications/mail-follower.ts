import {
  evolveAssignment, mayNotify, noticesOf, parseCursor, type AssignmentEvent, type AssignmentRecord, type Notice, type RecordedEvent,
} from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { headCursor, readAll, readStream } from '../event-store/read.ts';
import { actorNames } from '../history/actors.ts';
import { enqueue, type OutboxMessage } from './outbox.ts';
import { recipientOf } from './settings.ts';
import { unsubscribeToken } from './unsubscribe-tokens.ts';

const FOLLOWER = 'mail-notices';

/** The assignment as it was just before `event`: who it was for is what a removal or a handover tells. */
async function assignmentBefore(db: DbOrTrx, event: RecordedEvent): Promise<AssignmentRecord | null> {
  const { events } = await readStream(db, event.streamId);
  return events.slice(0, event.streamPosition - 1).reduce<AssignmentRecord | null>((state, e, i) => evolveAssignment(state, e as AssignmentEvent, i + 1), null);
}

export type MailLinks = { publicUrl: string; unsubscribeKey: Buffer };

/** A notice as the e-mail it becomes: the lines, where to see it, and how to stop this kind. */
export function noticeMail(notice: Pick<Notice, 'subject' | 'lines' | 'kind'>, to: { userId: string; email: string; name: string }, links: MailLinks, seeAt = '/') {
  const unsubscribe = `${links.publicUrl}/api/notifications/unsubscribe/${unsubscribeToken(links.unsubscribeKey, to.userId, notice.kind)}`;
  return {
    to: to.email,
    subject: notice.subject,
    text: [`Hello ${to.name},`, '', ...notice.lines, '', `See it in Capacity Planner: ${links.publicUrl}${seeAt}`, '', `Stop these e-mails: ${unsubscribe}`].join('\n'),
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * Reads the event log after where it got to, turns the changes to someone's plan into e-mails in the
 * outbox, and moves on, in one transaction: a crash repeats a batch, and the outbox's keys (event and
 * person) keep each message one. The first run starts at the end of the log: nobody is mailed the
 * history. Answers how many events it read.
 */
export async function followLogForMail(db: DbOrTrx, links: MailLinks, batch = 200): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('log_followers').select('cursor').where('name', '=', FOLLOWER).forUpdate().executeTakeFirst();
    if (!row) {
      await trx.insertInto('log_followers').values({ name: FOLLOWER, cursor: await headCursor(trx) }).onConflict((oc) => oc.column('name').doNothing()).execute();
      return 0;
    }
    const { events, next } = await readAll(trx, { after: parseCursor(row.cursor)!, limit: batch });
    const relevant = events.filter(mayNotify);
    const messages: OutboxMessage[] = [];
    if (relevant.length > 0) {
      const names = await actorNames(trx, [...new Set(relevant.map((e) => e.metadata.actorId))]);
      const projects = new Map((await trx.selectFrom('projects').select(['id', 'name']).execute()).map((p) => [p.id, p.name]));
      const engineers = new Map((await trx.selectFrom('engineers').select(['id', 'name']).execute()).map((e) => [e.id, e.name]));
      for (const event of relevant) {
        const before = event.type === 'AssignmentUpdated' || event.type === 'AssignmentRemoved' ? await assignmentBefore(trx, event) : null;
        const notices = noticesOf(event, {
          actorId: event.metadata.actorId,
          actorName: names.get(event.metadata.actorId) ?? 'Someone',
          before,
          projectName: (id) => projects.get(id) ?? 'a project',
          engineerName: (id) => engineers.get(id) ?? 'another engineer',
        });
        for (const notice of notices) {
          const to = await recipientOf(trx, notice.engineerId, notice.kind);
          if (!to) continue;
          messages.push({ channel: 'mail', dedupeKey: `${event.cursor} ${to.userId}`, target: to.email, payload: noticeMail(notice, to, links) });
        }
      }
    }
    await enqueue(trx, messages);
    await trx.updateTable('log_followers').set({ cursor: next, updated_at: new Date() }).where('name', '=', FOLLOWER).execute();
    return events.length;
  });
}
