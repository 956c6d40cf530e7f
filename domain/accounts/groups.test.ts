import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../tests/support/decider-spec.ts';
import type { AccountEvent } from './events.ts';
import { decideGroupsChange, rightsFromGroups, type GroupsPolicy } from './groups.ts';
import { evolveAccount } from './state.ts';

const policy: GroupsPolicy = { managerGroups: ['planners'], auditorGroups: ['finance'], adminGroups: ['it-admins'], teamPrefix: 'team-' };
const id = 'a1';
const email = 'sam@org.test';
const engineer: AccountEvent = { type: 'AccountActivated', data: { accountId: id, email, name: 'Sam', role: 'engineer', admin: false, via: 'sign-on' } };
const adminManager: AccountEvent = { type: 'AccountActivated', data: { accountId: id, email, name: 'Sam', role: 'manager', admin: true, via: 'setup' } };

/** Given the account's facts, when they sign in with these groups (and this many active admins), then these facts. */
const spec = (admins: number) =>
  deciderSpec((state, groups: string[]) => decideGroupsChange(state!, rightsFromGroups(groups, policy), admins), evolveAccount);

describe('a groups claim at sign-in', () => {
  it('changes the role: an engineer who joins the planners group is a manager from this sign-in on', () => {
    spec(2)([engineer]).when(['everyone', 'planners']).then([{ type: 'AccountRoleChanged', data: { accountId: id, email, from: 'engineer', to: 'manager' } }]);
  });

  it('the manager group wins over the auditor group; in neither, the role is engineer', () => {
    spec(2)([engineer]).when(['finance', 'planners']).then([{ type: 'AccountRoleChanged', data: { accountId: id, email, from: 'engineer', to: 'manager' } }]);
    spec(2)([engineer]).when(['finance']).then([{ type: 'AccountRoleChanged', data: { accountId: id, email, from: 'engineer', to: 'auditor' } }]);
    spec(2)([adminManager]).when(['it-admins']).then([{ type: 'AccountRoleChanged', data: { accountId: id, email, from: 'manager', to: 'engineer' } }]);
  });

  it('grants and revokes admin by the admin group, records nothing when nothing changes', () => {
    spec(2)([engineer]).when(['it-admins']).then([{ type: 'AdminGranted', data: { accountId: id, email } }]);
    spec(2)([adminManager]).when(['planners']).then([{ type: 'AdminRevoked', data: { accountId: id, email } }]);
    spec(2)([adminManager]).when(['planners', 'it-admins']).thenNothing();
  });

  it('never revokes the last active admin: their groups change their role only', () => {
    spec(1)([adminManager]).when(['finance']).then([{ type: 'AccountRoleChanged', data: { accountId: id, email, from: 'manager', to: 'auditor' } }]);
  });

  it('maps only what the policy names, and reads the team from the prefixed group', () => {
    expect(rightsFromGroups(['team-Payments', 'planners'], policy)).toEqual({ role: 'manager', admin: false, team: 'Payments' });
    expect(rightsFromGroups(['team-'], policy)).toEqual({ role: 'engineer', admin: false });
    expect(rightsFromGroups(['planners', 'team-Core'], { managerGroups: [], auditorGroups: [], adminGroups: [] })).toEqual({});
    expect(rightsFromGroups(['it-admins'], { managerGroups: [], auditorGroups: [], adminGroups: ['it-admins'] })).toEqual({ admin: true });
  });
});
