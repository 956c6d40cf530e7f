/**
 * What an engineer is told by e-mail about changes to their own plan, decided from one event and the
 * few facts around it (pure: the server looks those up). One notice per person the change is news to:
 * a reassignment tells the person it left and the person it went to; a change someone makes to their
 * own plan tells nobody.
 */
import type { AssignmentFields, PlanningEvent } from '../events.ts';

/** The kinds of message a person may turn off, each on its own. */
export const noticeKinds = ['assigned', 'timeOff', 'digest', 'staffing'] as const;
export type NoticeKind = (typeof noticeKinds)[number];
export type NoticePreferences = Record<NoticeKind, boolean>;
export const allNotices: NoticePreferences = { assigned: true, timeOff: true, digest: true, staffing: true };

/** What each kind is called where a person turns it off (and the unsubscribe page confirms it). */
export const noticeLabels: Record<NoticeKind, string> = {
  assigned: 'when I am assigned to a project, moved or taken off one',
  timeOff: 'when someone books time off for me',
  digest: "the weekly digest of the next 4 weeks' overloads and open roles (managers)",
  staffing: 'staffing requests for me to answer, and the answers to mine (managers)',
};

export type Notice = { kind: NoticeKind; engineerId: string; subject: string; lines: string[] };

/** The facts a notice names, looked up by the caller. */
export type NoticeContext = {
  actorId: string;
  actorName: string;
  /** The assignment as it was before the event (null for a new one). */
  before: Omit<AssignmentFields, 'role'> & { role: string } | null;
  projectName: (projectId: string) => string;
  engineerName: (engineerId: string) => string;
};

const day = (iso: string) => iso.slice(0, 10);
const span = (a: { allocationPercentage: number; startDate: string; endDate: string }) => `${a.allocationPercentage}% from ${day(a.startDate)} to ${day(a.endDate)}`;

export function noticesOf(event: PlanningEvent, context: NoticeContext): Notice[] {
  const { actorId, actorName, before, projectName, engineerName } = context;
  const to = (engineerId: string, kind: NoticeKind, subject: string, lines: string[]): Notice[] =>
    engineerId === actorId ? [] : [{ kind, engineerId, subject, lines }];
  switch (event.type) {
    case 'AssignmentCreated': {
      const a = event.data;
      return to(a.engineerId, 'assigned', `You are on ${projectName(a.projectId)}`, [`${actorName} assigned you to ${projectName(a.projectId)} as ${a.role} at ${span(a)}.`]);
    }
    case 'AssignmentUpdated': {
      if (!before) return [];
      const after = { ...before, ...event.data.changes };
      const project = projectName(before.projectId);
      if (event.data.changes.engineerId !== undefined && event.data.changes.engineerId !== before.engineerId) {
        return [
          ...to(before.engineerId, 'assigned', `You are off ${project}`, [`${actorName} handed your ${before.role} work on ${project} to ${engineerName(after.engineerId)}.`]),
          ...to(after.engineerId, 'assigned', `You are on ${project}`, [`${actorName} handed you ${engineerName(before.engineerId)}'s ${after.role} work on ${project}: ${span(after)}.`]),
        ];
      }
      return to(before.engineerId, 'assigned', `Your work on ${project} changed`, [
        `${actorName} changed your ${before.role} work on ${project}.`,
        `Was: ${span(before)}.`,
        `Now: ${span(after)}.`,
      ]);
    }
    case 'AssignmentRemoved':
      if (!before) return [];
      return to(before.engineerId, 'assigned', `You are off ${projectName(before.projectId)}`, [
        `${actorName} took you off ${projectName(before.projectId)} (${before.role}, ${span(before)}).`,
      ]);
    case 'TimeOffBooked': {
      const { engineerId, kind, from, to: until, note } = event.data;
      const days = from === until ? `on ${from}` : `from ${from} to ${until}`;
      return to(engineerId, 'timeOff', 'Time off booked for you', [`${actorName} booked ${kind === 'sick' ? 'sick leave' : kind === 'other' ? 'time off' : 'vacation'} for you ${days}${note ? ` (${note})` : ''}.`]);
    }
    default:
      return [];
  }
}

/** The events worth a look: the follower skips the rest without looking anything up. */
export const mayNotify = (event: PlanningEvent) =>
  event.type === 'AssignmentCreated' || event.type === 'AssignmentUpdated' || event.type === 'AssignmentRemoved' || event.type === 'TimeOffBooked';
