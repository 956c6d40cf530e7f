/**
 * Who hears of a step of a staffing request by e-mail, and what they read (pure: the server looks up
 * the facts). A request goes to the managers who can answer it; each answer goes back to whoever asked.
 * Nobody is told of their own step.
 */
import type { ManagerScope } from '../teams/inputs.ts';
import { teamsWithin, type ScopeFacts } from '../teams/scope.ts';
import { describeStaffingEvent } from './describe.ts';
import type { StaffingEvent, StaffingFields } from './events.ts';

/** An active manager account, as far as the rule reads it. */
export type StaffingManager = { id: string; scope: ManagerScope };

/**
 * The managers a request waits on. For a named person: the managers whose teams hold the person's team
 * today (a manager of a parent team included); where the team has none, or the person is in no team, the
 * org-wide managers. For a role (nobody named yet): the org-wide managers, who answer those. Every
 * org-wide manager may answer any request (design section 16), but in an organisation of hundreds they
 * would each get every request: the team's own manager, who knows whether the person is free, is asked
 * first. The asker is never among them.
 */
export function answerersOf(
  request: Pick<StaffingFields, 'engineerId' | 'requestedBy'>,
  facts: { managers: readonly StaffingManager[]; personTeam: string | null; teams: ScopeFacts['teams'] },
): string[] {
  const others = facts.managers.filter((m) => m.id !== request.requestedBy);
  const orgWide = others.filter((m) => m.scope === 'all').map((m) => m.id);
  if (request.engineerId === null || facts.personTeam === null) return orgWide;
  const team = facts.personTeam;
  const ofTeam = others.filter((m) => m.scope !== 'all' && teamsWithin(m.scope, facts.teams).has(team)).map((m) => m.id);
  return ofTeam.length > 0 ? ofTeam : orgWide;
}

export type StaffingNotice = { userId: string; subject: string; lines: string[] };

/** The facts a notice names, looked up by the caller. */
export type StaffingNoticeContext = {
  /** The request as asked (its fields do not change after StaffingRequested but the person named). */
  request: StaffingFields;
  actorId: string;
  actorName: string;
  projectName: string;
  engineerName: (id: string) => string | undefined;
  /** Who the request waits on (answerersOf), for the request itself and its withdrawal. */
  answerers: readonly string[];
};

const day = (value: string) => value.slice(0, 10);

export function staffingNotices(event: StaffingEvent, context: StaffingNoticeContext): StaffingNotice[] {
  const { request, actorId, actorName, projectName, engineerName, answerers } = context;
  const sentence = `${describeStaffingEvent(event, { actor: actorName, engineerName, project: projectName })}.`;
  const whom = (id: string | null) => (id === null ? `someone as ${request.role}` : engineerName(id) ?? 'an engineer');
  const span = `${request.allocationPercentage}% from ${day(request.startDate)} to ${day(request.endDate)}`;
  const to = (userIds: readonly string[], subject: string, lines: string[]): StaffingNotice[] =>
    [...new Set(userIds)].filter((id) => id !== actorId).map((userId) => ({ userId, subject, lines }));
  switch (event.type) {
    case 'StaffingRequested':
      return to(answerers, `Staffing request: ${whom(event.data.engineerId)} on ${projectName}`, [
        sentence, 'Approve it (the assignment is made at once), propose someone else, or decline it with a reason, on the Staffing screen.',
      ]);
    case 'StaffingApproved':
      return to([request.requestedBy], `Approved: ${whom(event.data.engineerId)} on ${projectName}`, [
        sentence, `${whom(event.data.engineerId)} is assigned to ${projectName} as ${request.role} at ${span}.`,
      ]);
    case 'StaffingProposed':
      return to([request.requestedBy], `Someone else proposed for ${projectName}`, [
        sentence, `The request waits for ${whom(event.data.engineerId)} to be approved; withdraw it on the Staffing screen if they do not suit.`,
      ]);
    case 'StaffingDeclined':
      return to([request.requestedBy], `Declined: your staffing request for ${projectName}`, [sentence]);
    case 'StaffingWithdrawn':
      return to(answerers, `Withdrawn: staffing request for ${projectName}`, [sentence, 'Nothing is left to answer.']);
  }
}
