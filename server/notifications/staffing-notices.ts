import {
  answerersOf, isStaffingEvent, staffingNotices, teamOn, type ManagerScope, type RecordedEvent, type StaffingEvent, type StaffingFields,
} from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { scopeFacts, scopeToday } from '../commands/scope.ts';
import { actorNames } from '../history/actors.ts';
import { noticeMail, type MailLinks } from './notice-mail.ts';
import type { OutboxMessage } from './outbox.ts';
import { accountRecipient } from './settings.ts';

/** A step of a staffing request with what its notices name: the request as asked, and who it waits on. */
export type StaffingStep = { event: RecordedEvent & StaffingEvent; request: StaffingFields; answerers: string[] };

/**
 * The staffing steps among `events`, each with its request (as asked: read from the event itself for a
 * new one, else from the read model, whose asked-for fields never change) and the managers it waits on
 * now (domain answerersOf: the person's team's managers, else the org-wide ones).
 */
export async function staffingSteps(trx: DbOrTrx, events: readonly RecordedEvent[]): Promise<StaffingStep[]> {
  const staffing = events.filter(isStaffingEvent) as (RecordedEvent & StaffingEvent)[];
  if (staffing.length === 0) return [];
  const ids = [...new Set(staffing.map((e) => e.data.requestId))];
  const stored = new Map((await trx.selectFrom('staffing_requests').select(['id', 'doc']).where('id', 'in', ids).execute()).map((r) => [r.id, r.doc]));
  const asked = (event: RecordedEvent & StaffingEvent): StaffingFields | null => {
    if (event.type === 'StaffingRequested') {
      const { requestId: _id, ...fields } = event.data;
      return fields;
    }
    const doc = stored.get(event.data.requestId);
    if (!doc) return null;
    const { _id, state: _state, assignmentId: _a, reason: _r, answeredBy: _b, version: _v, ...fields } = doc;
    return fields;
  };
  const managers = (await trx.selectFrom('users').select(['id', 'scope']).where('role', '=', 'manager').where('status', '=', 'active').execute())
    .map((m) => ({ id: m.id, scope: m.scope as ManagerScope }));
  const people = staffing.flatMap((e) => {
    const request = asked(e);
    return request?.engineerId ? [request.engineerId] : [];
  });
  const facts = await scopeFacts(trx, people);
  const today = scopeToday();
  return staffing.flatMap((event) => {
    const request = asked(event);
    if (!request) return [];
    const person = request.engineerId ? facts.person(request.engineerId) : null;
    const answerers = answerersOf(request, { managers, personTeam: person ? teamOn(person, today) : null, teams: facts.teams });
    return [{ event, request, answerers }];
  });
}

/** E-mails for the staffing steps among `events`: each to the managers it waits on, or back to the asker (their choice of e-mails kept). */
export async function staffingMails(trx: DbOrTrx, events: readonly RecordedEvent[], links: MailLinks): Promise<OutboxMessage[]> {
  const steps = await staffingSteps(trx, events);
  if (steps.length === 0) return [];
  const names = await actorNames(trx, [...new Set(steps.map((s) => s.event.metadata.actorId))]);
  const projectIds = [...new Set(steps.map((s) => s.request.projectId))];
  const projects = new Map((await trx.selectFrom('projects').select(['id', 'name']).where('id', 'in', projectIds).execute()).map((p) => [p.id, p.name]));
  const engineerIds = [...new Set(steps.flatMap((s) => [s.request.engineerId, 'engineerId' in s.event.data ? s.event.data.engineerId : null, 'previous' in s.event.data ? s.event.data.previous : null]))]
    .filter((id): id is string => typeof id === 'string');
  const engineers = new Map((engineerIds.length === 0 ? [] : await trx.selectFrom('engineers').select(['id', 'name']).where('id', 'in', engineerIds).execute()).map((e) => [e.id, e.name]));
  const messages: OutboxMessage[] = [];
  for (const { event, request, answerers } of steps) {
    const notices = staffingNotices(event, {
      request,
      actorId: event.metadata.actorId,
      actorName: names.get(event.metadata.actorId) ?? 'Someone',
      projectName: projects.get(request.projectId) ?? 'a project',
      engineerName: (id) => engineers.get(id),
      answerers,
    });
    for (const notice of notices) {
      const to = await accountRecipient(trx, notice.userId, 'staffing');
      if (to) messages.push({ channel: 'mail', dedupeKey: `staffing ${event.cursor} ${to.userId}`, target: to.email, payload: noticeMail({ ...notice, kind: 'staffing' }, to, links, '/staffing') });
    }
  }
  return messages;
}
