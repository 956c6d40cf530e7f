import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../tests/support/decider-spec.ts';
import { decideCreateTeam, decideEngineerTeam, decideRemoveTeam, decideUpdateTeam } from './decide.ts';
import type { TeamEvent } from './events.ts';
import { teamMessages as M } from './messages.ts';
import { mayChangePerson, membersOfTeam, scopeRefusal, teamOn, teamsWithin, touchedByStream, type ScopeActor, type ScopeFacts } from './scope.ts';
import { evolveTeam, type Team } from './state.ts';

// Engineering holds Platform; Data stands alone.
const teams: ScopeFacts['teams'] = new Map([
  ['eng', { name: 'Engineering', parentId: null }],
  ['platform', { name: 'Platform', parentId: 'eng' }],
  ['data', { name: 'Data', parentId: null }],
]);
const mei = { _id: 'mei', name: 'Mei', teams: [{ from: '0001-01-01', teamId: 'platform' }] };
const sam = { _id: 'sam', name: 'Sam', teams: [{ from: '0001-01-01', teamId: 'data' }, { from: '2027-01-04', teamId: 'platform' }] };
const newcomer = { _id: 'new', name: 'Ada' };
const facts: ScopeFacts = { person: (id) => [mei, sam, newcomer].find((p) => p._id === id) ?? null, teams };
const platformLead: ScopeActor = { id: 'm1', role: 'manager', scope: ['platform'] };
const engLead: ScopeActor = { id: 'm2', role: 'manager', scope: ['eng'] };
const orgWide: ScopeActor = { id: 'm3', role: 'manager', scope: 'all' };
const today = '2026-12-07';

describe('scope: who may change whom', () => {
  it('given a manager of Platform, when they change Mei of Platform, then it is allowed', () => {
    expect(scopeRefusal(platformLead, { engineerIds: ['mei'] }, facts, today)).toBeNull();
    expect(mayChangePerson(platformLead, mei, teams, today)).toBe(true);
  });

  it('given a manager of Platform, when they change Sam of Data, then it is refused naming Sam and Data', () => {
    expect(scopeRefusal(platformLead, { engineerIds: ['mei', 'sam'] }, facts, today))
      .toBe("Out of your teams (Platform): Sam (in Data). Ask their team's manager with a staffing request.");
  });

  it('given a manager of Engineering, then the teams inside it are theirs too', () => {
    expect([...teamsWithin(['eng'], teams)].sort()).toEqual(['eng', 'platform']);
    expect(scopeRefusal(engLead, { engineerIds: ['mei'] }, facts, today)).toBeNull();
  });

  it('given Sam moves to Platform from January, then the team counts from that day, not before', () => {
    expect(teamOn(sam, today)).toBe('data');
    expect(teamOn(sam, '2027-01-04')).toBe('platform');
    expect(mayChangePerson(platformLead, sam, teams, '2027-01-04')).toBe(true);
  });

  it('given someone in no team (a new engineer), then only org-wide managers may change them', () => {
    expect(scopeRefusal(platformLead, { engineerIds: ['new'] }, facts, today)).toContain('Ada (in no team)');
    expect(scopeRefusal(orgWide, { engineerIds: ['new'] }, facts, today)).toBeNull();
  });

  it('given org-wide things (calendars, teams), then a scoped manager may not change them', () => {
    expect(scopeRefusal(platformLead, { engineerIds: [], orgWide: 'holiday calendars' }, facts, today)).toBe('Only an org-wide manager may change holiday calendars');
  });

  it('given an engineer or an auditor, then the scope never applies (their own rules do)', () => {
    expect(scopeRefusal({ id: 'e', role: 'engineer', scope: ['data'] }, { engineerIds: ['mei'] }, facts, today)).toBeNull();
  });

  it('reads what a write touches from the stream and the records before and after', () => {
    expect(touchedByStream({ kind: 'assignment', id: 'a' }, { engineerId: 'mei' }, { engineerId: 'sam' })).toEqual({ engineerIds: ['mei', 'sam'] });
    expect(touchedByStream({ kind: 'assignment', id: 'a' }, null, { engineerId: 'mei' })).toEqual({ engineerIds: ['mei'] });
    expect(touchedByStream({ kind: 'engineer', id: 'sam' }, null, null)).toEqual({ engineerIds: ['sam'] });
    expect(touchedByStream({ kind: 'project', id: 'p' }, null, null)).toEqual({ engineerIds: [] });
    expect(touchedByStream({ kind: 'calendar', id: 'default' }, null, null).orgWide).toBe('holiday calendars');
  });
});

describe('teams', () => {
  const others = (list: Team[]) => deciderSpec((state: Team | null, c: { name?: string; parentId?: string | null }) => decideUpdateTeam(state, c, list), evolveTeam);
  const created: TeamEvent = { type: 'TeamCreated', data: { teamId: 'platform', name: 'Platform', parentId: 'eng' } };
  const eng: Team = { _id: 'eng', name: 'Engineering', parentId: null, version: 1 };
  const platform: Team = { _id: 'platform', name: 'Platform', parentId: 'eng', version: 1 };

  it('given no team, when one is created inside Engineering, then TeamCreated; a taken name is a 409', () => {
    const spec = deciderSpec((s: Team | null, c: { name: string; parentId: string | null }) => decideCreateTeam(s, { teamId: 'platform', ...c }, [eng]), evolveTeam);
    spec([]).when({ name: 'Platform', parentId: 'eng' }).then([created]);
    spec([]).when({ name: 'engineering', parentId: null }).thenThrows('conflict', M.nameTaken, 'name');
    spec([]).when({ name: 'Platform', parentId: 'nope' }).thenThrows('not-found', M.parentNotFound, 'parentId');
  });

  it('given Platform inside Engineering, when renamed or moved, then each fact once; never inside itself', () => {
    const engUnderPlatform: Team = { ...eng };
    others([eng, platform])([created]).when({ name: 'Infra' }).then([{ type: 'TeamRenamed', data: { teamId: 'platform', name: 'Infra', previous: 'Platform' } }]);
    others([eng, platform])([created]).when({ parentId: null }).then([{ type: 'TeamMoved', data: { teamId: 'platform', name: 'Platform', parentId: null, previous: 'eng' } }]);
    others([eng, platform])([created]).when({ parentId: 'eng' }).thenNothing();
    // Engineering moved inside Platform, which sits inside Engineering: a loop.
    const spec = deciderSpec((s: Team | null, c: { parentId: string }) => decideUpdateTeam(s, c, [engUnderPlatform, platform]), evolveTeam);
    spec([{ type: 'TeamCreated', data: { teamId: 'eng', name: 'Engineering', parentId: null } }]).when({ parentId: 'platform' }).thenThrows('invalid', M.cycle, 'parentId');
  });

  it('given a team with members, when removed, then 409 until they are moved', () => {
    const spec = deciderSpec((s: Team | null, c: { members: number; children: number }) => decideRemoveTeam(s, c), evolveTeam);
    spec([created]).when({ members: 2, children: 0 }).thenThrows('conflict', M.hasMembers(2));
    spec([created]).when({ members: 0, children: 0 }).then([{ type: 'TeamRemoved', data: { teamId: 'platform', name: 'Platform' } }]);
  });

  it('puts an engineer in a team from a date, saying the team before', () => {
    expect(decideEngineerTeam(sam, { teamId: 'platform', from: '2027-02-01', team: platform })).toEqual([
      { type: 'EngineerTeamChanged', data: { engineerId: 'sam', teamId: 'platform', from: '2027-02-01', teamName: 'Platform', previous: 'platform' } },
    ]);
    expect(() => decideEngineerTeam(sam, { teamId: 'gone', from: '2027-02-01', team: null })).toThrow(M.notFound);
  });
});

describe('team filter', () => {
  it('keeps the people of a team and of the teams inside it, on the day asked', () => {
    const people = [mei, sam, newcomer];
    expect([...membersOfTeam('eng', people, teams, today)]).toEqual(['mei']);
    expect([...membersOfTeam('eng', people, teams, '2027-01-04')].sort()).toEqual(['mei', 'sam']);
    expect([...membersOfTeam('data', people, teams, today)]).toEqual(['sam']);
  });
});
