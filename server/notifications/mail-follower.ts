import {
  evolveAssignment, mayNotify, noticesOf, type AssignmentEvent, type AssignmentRecord, type RecordedEvent,
} from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { readStream } from '../event-store/read.ts';
import { actorNames } from '../history/actors.ts';
import { followLog } from './log-follower.ts';
import type { OutboxMessage } from './outbox.ts';
import { recipientOf } from './settings.ts';
import { noticeMail, type MailLinks } from './notice-mail.ts';
import { staffingMails } from './staffing-notices.ts';

/** The assignment as it was just before `event`: who it was for is what a removal or a handover tells. */
async function assignmentBefore(db: DbOrTrx, event: RecordedEvent): Promise<AssignmentRecord | null> {
  const { events } = await readStream(db, event.streamId);
  return events.slice(0, event.streamPosition - 1).reduce<AssignmentRecord | null>((state, e, i) => evolveAssignment(state, e as AssignmentEvent, i + 1), null);
}

export { noticeMail, type MailLinks } from './notice-mail.ts';

/** E-mails about changes to someone's plan, for the events of one step of the follower. */
async function noticeMails(trx: DbOrTrx, events: RecordedEvent[], links: MailLinks): Promise<OutboxMessage[]> {
  // Staffing requests: to the managers who can answer, and the answers back to the asker.
  const messages: OutboxMessage[] = await staffingMails(trx, events, links);
  const relevant = events.filter(mayNotify);
  if (relevant.length === 0) return messages;
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
      if (to) messages.push({ channel: 'mail', dedupeKey: `${event.cursor} ${to.userId}`, target: to.email, payload: noticeMail(notice, to, links) });
    }
  }
  return messages;
}

/** One step of the mail follower (log-follower.ts): the changes to someone's plan and the steps of staffing requests, as e-mails in the outbox. */
export const followLogForMail = (db: DbOrTrx, links: MailLinks) => followLog(db, 'mail-notices', (trx, events) => noticeMails(trx, events, links));
