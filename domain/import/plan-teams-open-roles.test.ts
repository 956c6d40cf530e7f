/**
 * The two kinds a move-in brings beside people and projects: teams (nestable, parents named by name,
 * from the file itself or there already) and open roles (placeholders: a project's need without a
 * person). Given the plan as it is, when a file is planned, then each row says what it will do.
 */
import { describe, expect, it } from 'vitest';
import type { Placeholder, Project } from '../entities.ts';
import { guessKind, mappingFor } from './kinds.ts';
import { openRoleCells, teamCells, exportRecords } from './export-rows.ts';
import { planErrors, planImport, type ImportSnapshot } from './plan.ts';

const portal: Project = {
  _id: 'p1', name: 'Portal', description: 'Rebuild the customer portal', startDate: '2027-01-01T00:00:00.000Z', endDate: '2027-06-30T00:00:00.000Z',
  teamSize: 4, requiredSkills: ['React'], status: 'active', managerId: 'm1', tentative: false, version: 3,
};
const archive: Project = { ...portal, _id: 'p2', name: 'Archive', status: 'completed' };
const designer: Placeholder = {
  _id: 'o1', projectId: 'p1', role: 'Designer', skills: ['Figma'], allocationPercentage: 50,
  startDate: '2027-02-01T00:00:00.000Z', endDate: '2027-03-31T00:00:00.000Z', version: 3,
};

const base: ImportSnapshot = {
  engineers: [], projects: [portal, archive], assignments: [], otherAccountEmails: [], timeOff: [], holidays: [], actuals: [],
  placeholders: [designer],
  teamList: [
    { _id: 't1', name: 'Engineering', parentId: null },
    { _id: 't2', name: 'Platform', parentId: 't1' },
  ],
  canChangeTeams: true,
};

describe('open roles', () => {
  const header = ['Project', 'Role', 'Allocation', 'Start Date', 'End Date', 'Tags'];

  it('given a project with a Designer open role, when a file names it again with a new share and another role, then one update and one create', () => {
    const plan = planImport('open-roles', [
      header,
      ['Portal', 'Designer', '60', '2027-02-01', '2027-03-31', ''],
      ['Portal', 'Backend', '100', '2027-03-01', '2027-03-01', 'Go; SQL'],
    ], base);
    expect(plan.mapping).toEqual({ Project: 'projectName', Role: 'role', Allocation: 'allocationPercentage', 'Start Date': 'startDate', 'End Date': 'endDate', Tags: 'skills' });
    expect(plan.rows.map((r) => [r.line, r.key, r.action])).toEqual([
      [2, 'Designer on Portal from 2027-02-01', 'update'],
      [3, 'Backend on Portal from 2027-03-01', 'create'],
    ]);
    // An empty skills cell leaves the open role's own skills: only the share changes.
    expect(plan.rows[0]!.diff).toEqual([{ field: 'allocationPercentage', from: '50', to: '60' }]);
    expect(plan.rows[0]!.command).toEqual({ type: 'update', projectId: 'p1', placeholderId: 'o1', input: { allocationPercentage: 60, endDate: '2027-03-31T00:00:00.000Z' } });
    // One day is a span (its last day its first).
    expect(plan.rows[1]!.command).toEqual({
      type: 'add', projectId: 'p1',
      input: { role: 'Backend', allocationPercentage: 100, startDate: '2027-03-01T00:00:00.000Z', endDate: '2027-03-01T00:00:00.000Z', skills: ['Go', 'SQL'] },
    });
  });

  it('given the open roles exported, when the export is imported again, then nothing changes', () => {
    const exported = exportRecords('open-roles', [openRoleCells({ ...designer, projectName: 'Portal' })]);
    const plan = planImport('open-roles', exported, base);
    expect(plan.rows.map((r) => r.action)).toEqual(['unchanged']);
  });

  it('refuses each bad row with the API\'s message on its column: no project, a completed one, a share out of range, an end before the start', () => {
    const plan = planImport('open-roles', [
      header,
      ['Nowhere', 'Designer', '50', '2027-02-01', '2027-02-02', ''],
      ['Archive', 'Designer', '50', '2027-02-01', '2027-02-02', ''],
      ['Portal', 'QA', '150', '2027-02-01', '2027-02-02', ''],
      ['Portal', 'QA', '50', '2027-02-05', '2027-02-02', ''],
      ['', 'QA', '50', '2027-02-01', '2027-02-02', ''],
    ], base);
    expect(planErrors(plan)).toEqual([
      { line: 2, column: 'projectName', message: 'Project not found' },
      { line: 3, column: 'projectName', message: 'A completed project takes no placeholders' },
      { line: 4, column: 'allocationPercentage', message: 'Allocation must be between 1 and 100' },
      { line: 5, column: 'endDate', message: 'End date cannot be before start date' },
      { line: 6, column: 'projectName', message: 'Project is required' },
    ]);
    expect(plan.counts).toEqual({ create: 0, update: 0, unchanged: 0, error: 5 });
  });
});

describe('teams', () => {
  it('given Engineering > Platform, when a file adds teams whose parents come later in it and moves Platform, then parents are written first', () => {
    const plan = planImport('teams', [
      ['Team', 'Parent Team'],
      ['Payments API', 'Payments'],
      ['Payments', 'Engineering'],
      ['Platform', 'Payments'],
      ['Engineering', ''],
    ], base);
    expect(plan.mapping).toEqual({ Team: 'name', 'Parent Team': 'parent' });
    expect(plan.rows.map((r) => [r.line, r.key, r.action])).toEqual([
      [2, 'Payments API', 'create'], [3, 'Payments', 'create'], [4, 'Platform', 'update'], [5, 'Engineering', 'unchanged'],
    ]);
    expect(plan.rows[0]!.command).toEqual({ type: 'create', name: 'Payments API', parent: 'Payments', depth: 2 });
    expect(plan.rows[1]!.command).toEqual({ type: 'create', name: 'Payments', parent: 'Engineering', depth: 1 });
    expect(plan.rows[2]!.diff).toEqual([{ field: 'parent', from: 'Engineering', to: 'Payments' }]);
    expect(plan.rows[2]!.command).toEqual({ type: 'update', teamId: 't2', parent: 'Payments', depth: 2 });
  });

  it('refuses a parent nobody names, a team inside itself through the file, and a repeated name (without regard to case)', () => {
    const plan = planImport('teams', [
      ['name', 'parent'],
      ['Mobile', 'Apps'],
      ['Engineering', 'Platform'],
      ['Data', ''],
      ['data', ''],
    ], base);
    expect(planErrors(plan)).toEqual([
      { line: 2, column: 'parent', message: "No team is named 'Apps', here or in the file" },
      { line: 3, column: 'parent', message: 'A team cannot sit inside itself or one of its own teams' },
      { line: 5, column: null, message: 'Repeats line 4: one row per team' },
    ]);
  });

  it('refuses the whole file for someone who may not change teams (a manager of some teams)', () => {
    const plan = planImport('teams', [['name'], ['Mobile']], { ...base, canChangeTeams: false });
    expect(plan.fileErrors).toEqual([{ line: 1, column: null, message: 'Only admins and org-wide managers change teams: ask one to import this file' }]);
    expect(plan.rows).toEqual([]);
  });

  it('imports its own export again unchanged', () => {
    const exported = exportRecords('teams', [teamCells({ name: 'Engineering', parentName: '' }), teamCells({ name: 'Platform', parentName: 'Engineering' })]);
    expect(planImport('teams', exported, base).rows.map((r) => r.action)).toEqual(['unchanged', 'unchanged']);
  });
});

describe('teams with their managers', () => {
  // Chris manages Platform already; Dana is org-wide; Sam is an engineer.
  const withAccounts: ImportSnapshot = {
    ...base,
    canChangeScopes: true,
    accountList: [
      { _id: 'u-chris', email: 'chris@org.test', role: 'manager', scope: ['t2'] },
      { _id: 'u-dana', email: 'Dana@org.test', role: 'manager', scope: 'all' },
      { _id: 'u-sam', email: 'sam@org.test', role: 'engineer', scope: 'all' },
      { _id: 'u-ada', email: 'ada@org.test', role: 'auditor', scope: 'all' },
    ],
  };

  it("given managers' accounts, when a file names them for new and existing teams (';' or ',' in a cell), then each team's command carries them and an existing team's row shows them added", () => {
    const plan = planImport('teams', [
      ['Team', 'Parent Team', 'Managers'],
      ['Payments', 'Engineering', 'dana@org.test; chris@org.test'],
      ['Platform', 'Engineering', 'Dana@ORG.test,chris@org.test'],
      ['Engineering', '', ''],
    ], withAccounts);
    expect(plan.mapping).toEqual({ Team: 'name', 'Parent Team': 'parent', Managers: 'managers' });
    expect(planErrors(plan)).toEqual([]);
    expect(plan.rows.map((r) => [r.line, r.key, r.action])).toEqual([[2, 'Payments', 'create'], [3, 'Platform', 'update'], [4, 'Engineering', 'unchanged']]);
    expect(plan.rows[0]!.command).toEqual({ type: 'create', name: 'Payments', parent: 'Engineering', depth: 1, managers: ['u-dana', 'u-chris'] });
    // Dana, org-wide until now, will manage only the teams the file names for her: the preview says so.
    expect(plan.rows[0]!.diff).toEqual([{ field: 'managers', from: '', to: 'dana@org.test (org-wide until now); chris@org.test' }]);
    // Chris manages Platform already: only Dana is added, and the row says so.
    expect(plan.rows[1]!.diff).toEqual([{ field: 'managers', from: 'chris@org.test', to: 'chris@org.test; dana@org.test (org-wide until now)' }]);
    expect(plan.rows[1]!.command).toEqual({ type: 'update', teamId: 't2', depth: 1, managers: ['u-dana', 'u-chris'] });
  });

  it('given Chris manages Platform, when the file names him for it again, then the row is unchanged', () => {
    const plan = planImport('teams', [['name', 'parent', 'manager'], ['Platform', 'Engineering', 'chris@org.test']], withAccounts);
    expect(plan.rows.map((r) => [r.action, r.command])).toEqual([['unchanged', undefined]]);
  });

  it("when a cell names an unknown e-mail, an engineer's or an auditor's account, then each row says which, on the managers column, and nothing is planned for it", () => {
    const plan = planImport('teams', [
      ['name', 'managers'],
      ['Mobile', 'nobody@org.test'],
      ['Data', 'sam@org.test; chris@org.test'],
      ['Web', 'ada@org.test'],
    ], withAccounts);
    expect(planErrors(plan)).toEqual([
      { line: 2, column: 'managers', message: "No account has the e-mail 'nobody@org.test'" },
      { line: 3, column: 'managers', message: "'sam@org.test' is an engineer's account, not a manager's: only managers manage teams" },
      { line: 4, column: 'managers', message: "'ada@org.test' is an auditor's account, not a manager's: only managers manage teams" },
    ]);
    expect(plan.rows.every((r) => r.command === undefined)).toBe(true);
    expect(plan.counts).toEqual({ create: 0, update: 0, unchanged: 0, error: 3 });
  });

  it('when someone who may not change scopes (an org-wide manager, not an admin) names managers, then those rows are refused; without the column the file imports', () => {
    const notAdmin = { ...withAccounts, canChangeScopes: false };
    const named = planImport('teams', [['name', 'managers'], ['Mobile', 'chris@org.test'], ['Data', '']], notAdmin);
    expect(planErrors(named)).toEqual([
      { line: 2, column: 'managers', message: 'Only admins choose who manages a team: leave the managers column empty, or ask an admin to import this file' },
    ]);
    expect(named.rows[1]!.command).toEqual({ type: 'create', name: 'Data', parent: null, depth: 0 });
  });

  it("guesses the managers column from the names other tools and people give it", () => {
    for (const cell of ['Manager', 'Managers', 'Team lead', 'Lead email', 'Team Lead Email', 'Manager e-mail']) {
      expect(mappingFor('teams', ['Team', cell])).toEqual({ Team: 'name', [cell]: 'managers' });
    }
    expect(guessKind(['Team', 'Parent', 'Team lead'])).toBe('teams');
  });
});

describe('which kind a header is, and how its columns are read', () => {
  it('tells a file of teams and a file of open roles from people and assignments', () => {
    expect(guessKind(['Team', 'Parent team'])).toBe('teams');
    expect(guessKind(['Project', 'Role', 'Allocation', 'Start Date', 'End Date'])).toBe('open-roles');
    // An assignments file holds every open-role column too, and more of its own.
    expect(guessKind(['engineerEmail', 'projectName', 'role', 'allocationPercentage', 'startDate', 'endDate'])).toBe('assignments');
    expect(guessKind(['Name', 'Email', 'Department'])).toBe('engineers');
  });

  it('reads a column as chosen, else as saved for the kind last time, else by its name', () => {
    const header = ['Squad', 'Parent', 'Notes'];
    expect(mappingFor('teams', header)).toEqual({ Squad: null, Parent: 'parent', Notes: null });
    const saved = { Squad: 'name' };
    expect(mappingFor('teams', header, {}, saved)).toEqual({ Squad: 'name', Parent: 'parent', Notes: null });
    expect(mappingFor('teams', header, { Parent: null }, saved)).toEqual({ Squad: 'name', Parent: null, Notes: null });
    // A saved choice of a column the kind does not have is passed over.
    expect(mappingFor('teams', header, {}, { Squad: 'email' })).toEqual({ Squad: null, Parent: 'parent', Notes: null });
  });
});
