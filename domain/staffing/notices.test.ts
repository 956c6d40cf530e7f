import { describe, expect, it } from 'vitest';
import type { StaffingEvent, StaffingFields } from './events.ts';
import { answerersOf, staffingNotices, type StaffingManager } from './notices.ts';

// Engineering > Data; Product on its own.
const teams = new Map([
  ['eng', { name: 'Engineering', parentId: null }],
  ['data', { name: 'Data', parentId: 'eng' }],
  ['product', { name: 'Product', parentId: null }],
]);
const dana: StaffingManager = { id: 'dana', scope: 'all' };
const olu: StaffingManager = { id: 'olu', scope: 'all' };
const chris: StaffingManager = { id: 'chris', scope: ['product'] };
const lena: StaffingManager = { id: 'lena', scope: ['data'] };
const vic: StaffingManager = { id: 'vic', scope: ['eng'] };

const asked: StaffingFields = {
  projectId: 'p1', engineerId: 'mei', placeholderId: null, role: 'Data Engineer', allocationPercentage: 20,
  startDate: '2027-03-01T00:00:00.000Z', endDate: '2027-03-12T00:00:00.000Z', note: 'Needs Spark', requestedBy: 'chris',
};

describe('who a staffing request waits on', () => {
  it('given Mei in Data, when Chris asks for her, then the managers of Data and of Engineering (its parent) are asked, not the org-wide ones', () => {
    expect(answerersOf(asked, { managers: [dana, olu, chris, lena, vic], personTeam: 'data', teams })).toEqual(['lena', 'vic']);
  });

  it('given a team nobody manages, or a person in no team, then the org-wide managers are asked', () => {
    expect(answerersOf(asked, { managers: [dana, olu, chris], personTeam: 'data', teams })).toEqual(['dana', 'olu']);
    expect(answerersOf(asked, { managers: [dana, lena], personTeam: null, teams })).toEqual(['dana']);
  });

  it('given a role asked for (nobody named), then the org-wide managers, who answer those', () => {
    expect(answerersOf({ ...asked, engineerId: null }, { managers: [dana, lena, vic], personTeam: null, teams })).toEqual(['dana']);
  });

  it('never asks the asker: an org-wide manager asking for someone of a team nobody manages asks the other org-wide managers', () => {
    expect(answerersOf({ ...asked, requestedBy: 'dana' }, { managers: [dana, olu], personTeam: 'product', teams })).toEqual(['olu']);
  });
});

describe('what each step tells by e-mail', () => {
  const context = {
    request: asked, actorName: 'Chris Okafor', projectName: 'Portal',
    engineerName: (id: string) => ({ mei: 'Mei Chen', elena: 'Elena Rossi' })[id], answerers: ['lena', 'vic'],
  };
  const requested: StaffingEvent = { type: 'StaffingRequested', data: { requestId: 'r1', ...asked } };

  it('a request goes to the managers it waits on, in the History\'s words, with what they can do', () => {
    const notices = staffingNotices(requested, { ...context, actorId: 'chris' });
    expect(notices.map((n) => n.userId)).toEqual(['lena', 'vic']);
    expect(notices[0]).toEqual({
      userId: 'lena',
      subject: 'Staffing request: Mei Chen on Portal',
      lines: [
        'Chris Okafor asked for Mei Chen as Data Engineer on Portal at 20% from 2027-03-01 to 2027-03-12 (Needs Spark).',
        'Approve it (the assignment is made at once), propose someone else, or decline it with a reason, on the Staffing screen.',
      ],
    });
  });

  it('an approval, a proposal and a decline go back to the asker only', () => {
    const lena = { ...context, actorId: 'lena', actorName: 'Lena Park' };
    const approved = staffingNotices({ type: 'StaffingApproved', data: { requestId: 'r1', engineerId: 'mei', assignmentId: 'a1', by: 'lena' } }, lena);
    expect(approved).toEqual([{
      userId: 'chris', subject: 'Approved: Mei Chen on Portal',
      lines: ['Lena Park approved the request for Mei Chen on Portal.', 'Mei Chen is assigned to Portal as Data Engineer at 20% from 2027-03-01 to 2027-03-12.'],
    }]);
    const proposed = staffingNotices({ type: 'StaffingProposed', data: { requestId: 'r1', engineerId: 'elena', previous: 'mei', note: 'Mei is busy', by: 'lena' } }, lena);
    expect(proposed.map((n) => [n.userId, n.subject, n.lines[0]])).toEqual([['chris', 'Someone else proposed for Portal', 'Lena Park proposed Elena Rossi instead of Mei Chen for Portal (Mei is busy).']]);
    const declined = staffingNotices({ type: 'StaffingDeclined', data: { requestId: 'r1', reason: 'Mei is on leave', by: 'lena' } }, lena);
    expect(declined).toEqual([{ userId: 'chris', subject: 'Declined: your staffing request for Portal', lines: ['Lena Park declined the staffing request for Portal: Mei is on leave.'] }]);
  });

  it('nobody is told of their own step: an org-wide asker approving their own request hears nothing', () => {
    const own = { ...context, request: { ...asked, requestedBy: 'dana' }, actorId: 'dana', actorName: 'Dana Whitfield' };
    expect(staffingNotices({ type: 'StaffingApproved', data: { requestId: 'r1', engineerId: 'mei', assignmentId: 'a1', by: 'dana' } }, own)).toEqual([]);
  });

  it('a withdrawal tells the managers it waited on that nothing is left to answer', () => {
    const withdrawn = staffingNotices({ type: 'StaffingWithdrawn', data: { requestId: 'r1', by: 'chris' } }, { ...context, actorId: 'chris' });
    expect(withdrawn.map((n) => [n.userId, n.subject])).toEqual([['lena', 'Withdrawn: staffing request for Portal'], ['vic', 'Withdrawn: staffing request for Portal']]);
  });
});
