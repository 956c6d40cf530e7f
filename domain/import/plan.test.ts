import { describe, expect, it } from 'vitest';
import type { AssignmentRecord, Engineer, Project } from '../entities.ts';
import { assignmentCells, engineerCells, exportRecords, projectCells } from './export-rows.ts';
import { planErrors, planImport, type ImportSnapshot } from './plan.ts';

const sam: Engineer = {
  _id: 'e1', name: 'Sam Rivera', email: 'sam@demo.test', department: 'Product', skills: ['React', 'Go'], seniority: 'senior', maxCapacity: 100, version: 1,
};
const portal: Project = {
  _id: 'p1', name: 'Portal', description: 'Rebuild the customer portal', startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-06-30T00:00:00.000Z',
  teamSize: 4, requiredSkills: ['React'], status: 'active', managerId: 'm1', tentative: false, version: 1,
};
const archive: Project = { ...portal, _id: 'p2', name: 'Archive', status: 'completed' };
const onPortal: AssignmentRecord = {
  _id: 'a1', engineerId: 'e1', projectId: 'p1', role: 'Tech Lead', allocationPercentage: 60,
  startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-03-01T00:00:00.000Z', version: 1,
};
const onArchive: AssignmentRecord = { ...onPortal, _id: 'a2', projectId: 'p2', role: 'Backend' };

const now: ImportSnapshot = {
  engineers: [sam], projects: [portal, archive], assignments: [onPortal, onArchive], otherAccountEmails: ['boss@demo.test'], timeOff: [], holidays: [], actuals: [],
};
const csv = (...lines: string[][]) => lines;

describe('engineers', () => {
  const header = ['name', 'email', 'department', 'seniority', 'maxCapacity', 'skills'];

  it('creates new emails, updates changed ones, leaves equal ones, each with its line and key', () => {
    const plan = planImport('engineers', csv(
      header,
      ['Ann Lee', 'Ann@Demo.test', 'Data', 'mid', '50', 'Python; SQL'],
      ['Sam Rivera', 'sam@demo.test', 'Product', 'senior', '80', 'React;Go'],
      ['Sam Rivera', 'SAM@demo.test', 'Product', 'senior', '100', 'React; Go'],
    ), now);
    expect(plan.rows.map((r) => [r.line, r.key, r.action, r.changes])).toEqual([
      [2, 'ann@demo.test', 'create', []],
      [3, 'sam@demo.test', 'update', ['maxCapacity']],
      [4, 'sam@demo.test', 'error', []],
    ]);
    expect(plan.rows[0]!.command).toEqual({
      type: 'register', input: { name: 'Ann Lee', email: 'ann@demo.test', department: 'Data', seniority: 'mid', maxCapacity: 50, skills: ['Python', 'SQL'] },
    });
    expect(plan.rows[1]!.command).toMatchObject({ type: 'update', engineerId: 'e1' });
    // An update says what it changes from and to, as the file writes values.
    expect(plan.rows[1]!.diff).toEqual([{ field: 'maxCapacity', from: '100', to: '80' }]);
    expect(plan.rows[2]!.errors).toEqual([{ line: 4, column: null, message: 'Repeats line 3: one row per email' }]);
    expect(plan.counts).toEqual({ create: 1, update: 1, unchanged: 0, error: 1 });
  });

  it('imports a file with a column the list does not have: the column is ignored, with a warning, not the file', () => {
    const plan = planImport('engineers', csv(
      ['name', 'email', 'Notes', 'department', 'seniority', 'maxCapacity', 'skills'],
      ['Sam Rivera', 'sam@demo.test', 'ask about Q3', 'Product', 'senior', '80', 'React; Go; Rust'],
    ), now);
    expect(plan.fileErrors).toEqual([]);
    expect(plan.fileWarnings).toEqual([
      { line: 1, column: 'Notes', message: "Unknown column 'Notes': it is ignored (the engineers columns are name, email, department, seniority, maxCapacity, skills, calendar, firstName, lastName, jobTitle, workWeek, startDate, leaveDate, invite, team)" },
    ]);
    expect(plan.rows[0]).toMatchObject({
      action: 'update',
      changes: ['skills', 'maxCapacity'],
      diff: [{ field: 'skills', from: 'React; Go', to: 'React; Go; Rust' }, { field: 'maxCapacity', from: '100', to: '80' }],
    });
  });

  it("reports every rule a row breaks with the API's own messages, on its column", () => {
    const plan = planImport('engineers', csv(header, ['', 'not-an-email', 'x', 'guru', '150', ''], ['Boss', 'boss@demo.test', '', 'mid', '10.5', '']), now);
    expect(planErrors(plan)).toEqual([
      { line: 2, column: 'name', message: 'Name is required' },
      { line: 2, column: 'email', message: 'A valid email is required' },
      { line: 2, column: 'seniority', message: 'Seniority must be junior, mid or senior' },
      { line: 2, column: 'maxCapacity', message: 'Max capacity must be between 1 and 100' },
      { line: 3, column: 'maxCapacity', message: 'Max capacity must be between 1 and 100' },
    ]);
    const taken = planImport('engineers', csv(header, ['Boss', 'boss@demo.test', '', 'mid', '10', '']), now);
    expect(planErrors(taken)).toEqual([{ line: 2, column: 'email', message: 'An account with this email already exists' }]);
  });

  it('leaves fields whose column the file lacks as they are, and gives new engineers their defaults', () => {
    const plan = planImport('engineers', csv(['email', 'name', 'seniority', 'maxCapacity'], ['sam@demo.test', 'Sam Rivera', 'senior', '100'], ['new@demo.test', 'New', 'junior', '100']), now);
    expect(plan.rows.map((r) => r.action)).toEqual(['unchanged', 'create']);
    expect(plan.rows[1]!.command).toMatchObject({ input: { department: 'Engineering', skills: [] } });
  });

  it('refuses a line with more cells than the header', () => {
    const plan = planImport('engineers', csv(header, ['Ann', 'ann@demo.test', 'Data', 'mid', '50', 'Go', 'extra']), now);
    expect(plan.rows[0]).toMatchObject({ action: 'error', errors: [{ line: 2, column: null, message: 'This line has 7 cells; the header has 6' }] });
  });
});

describe('projects', () => {
  const header = ['name', 'description', 'startDate', 'endDate', 'teamSize', 'requiredSkills', 'status'];
  const portalRow = ['Portal', 'Rebuild the customer portal', '2026-01-01', '2026-06-30', '4', 'React', 'active'];

  it('updates by name, and refuses what the API refuses: a status move it does not allow, an end before the start', () => {
    const plan = planImport('projects', csv(
      header,
      portalRow,
      ['Portal', ...portalRow.slice(1)],
      ['Archive', 'Rebuild the customer portal', '2026-01-01', '2026-06-30', '4', 'React', 'planning'],
      ['Next', 'Short', '2026-05-01', '2026-06-01', '0', '', 'started'],
      ['Later', 'A fine description', '2026-05-01', '2026-04-01', '2', 'Go', 'planning'],
    ), now);
    expect(plan.rows.map((r) => [r.line, r.action])).toEqual([[2, 'unchanged'], [3, 'error'], [4, 'error'], [5, 'error'], [6, 'error']]);
    expect(planErrors(plan)).toEqual([
      { line: 3, column: null, message: 'Repeats line 2: one row per project name' },
      { line: 4, column: 'status', message: 'A completed project cannot move to planning' },
      { line: 5, column: 'description', message: 'Description must be at least 10 characters' },
      { line: 5, column: 'teamSize', message: 'Team size must be at least 1' },
      { line: 5, column: 'requiredSkills', message: 'At least one skill is required' },
      { line: 5, column: 'status', message: 'Project status is required' },
      { line: 6, column: 'endDate', message: 'End date must be after start date' },
    ]);
  });

  it('names the fields an update changes', () => {
    const plan = planImport('projects', csv(header, ['Portal', 'Rebuild the customer portal again', '2026-01-01', '2026-07-31', '4', 'React', 'completed']), now);
    expect(plan.rows[0]).toMatchObject({ action: 'update', changes: ['description', 'endDate', 'status'], command: { type: 'update', projectId: 'p1' } });
    expect(plan.rows[0]!.diff).toEqual([
      { field: 'description', from: 'Rebuild the customer portal', to: 'Rebuild the customer portal again' },
      { field: 'endDate', from: '2026-06-30', to: '2026-07-31' },
      { field: 'status', from: 'active', to: 'completed' },
    ]);
  });

  it('cannot key a row by a name that several projects share', () => {
    const plan = planImport('projects', csv(header, portalRow), { ...now, projects: [portal, { ...portal, _id: 'p3' }] });
    expect(planErrors(plan)).toEqual([{ line: 2, column: 'name', message: "2 projects are named 'Portal': rename all but one to import by name" }]);
  });
});

describe('assignments', () => {
  const header = ['engineerEmail', 'projectName', 'role', 'allocationPercentage', 'startDate', 'endDate'];

  it('matches by engineer, project, start and role; updates allocation and end; creates the rest', () => {
    const plan = planImport('assignments', csv(
      header,
      ['sam@demo.test', 'Portal', 'Tech Lead', '60', '2026-01-01', '2026-03-01'],
      ['SAM@demo.test', 'Portal', 'Tech Lead', '60', '2026-01-01', '2026-03-01'],
      ['sam@demo.test', 'Portal', 'Reviewer', '20', '2026-01-01T00:00:00Z', '2026-02-01'],
      ['sam@demo.test', 'Archive', 'Backend', '60', '2026-01-01', '2026-03-01'],
    ), now);
    // The second row with the same key is a second assignment: the first is already taken by line 2.
    expect(plan.rows.map((r) => [r.line, r.action, r.key])).toEqual([
      [2, 'unchanged', 'sam@demo.test on Portal from 2026-01-01 as Tech Lead'],
      [3, 'create', 'sam@demo.test on Portal from 2026-01-01 as Tech Lead'],
      [4, 'create', 'sam@demo.test on Portal from 2026-01-01 as Reviewer'],
      [5, 'unchanged', 'sam@demo.test on Archive from 2026-01-01 as Backend'],
    ]);
    expect(plan.rows[2]!.command).toEqual({
      type: 'create',
      input: { engineerId: 'e1', projectId: 'p1', role: 'Reviewer', allocationPercentage: 20, startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-02-01T00:00:00.000Z' },
    });
    const changed = planImport('assignments', csv(header, ['sam@demo.test', 'Portal', 'Tech Lead', '80', '2026-01-01', '2026-03-01']), now);
    expect(changed.rows[0]).toMatchObject({ action: 'update', changes: ['allocationPercentage'], command: { type: 'update', assignmentId: 'a1', input: { allocationPercentage: 80 } } });
    expect(changed.rows[0]!.diff).toEqual([{ field: 'allocationPercentage', from: '60', to: '80' }]);
  });

  it("refuses unknown people and projects, changes on a completed project and the API's field rules", () => {
    const plan = planImport('assignments', csv(
      header,
      ['who@demo.test', 'Nowhere', 'Dev', '50', '2026-01-01', '2026-02-01'],
      ['sam@demo.test', 'Archive', 'Backend', '90', '2026-01-01', '2026-03-01'],
      ['sam@demo.test', 'Archive', 'New role', '10', '2026-01-01', '2026-03-01'],
      ['', 'Portal', '', '0', 'soon', '2026-02-01'],
    ), now);
    expect(planErrors(plan)).toEqual([
      { line: 2, column: 'engineerEmail', message: 'Engineer not found' },
      { line: 2, column: 'projectName', message: 'Project not found' },
      { line: 3, column: 'projectName', message: 'Cannot assign engineers to a completed project' },
      { line: 4, column: 'projectName', message: 'Cannot assign engineers to a completed project' },
      { line: 5, column: 'engineerEmail', message: 'Engineer is required' },
      { line: 5, column: 'role', message: 'Role is required' },
      { line: 5, column: 'allocationPercentage', message: 'Allocation must be between 1 and 100' },
      { line: 5, column: 'startDate', message: 'Start date is required' },
    ]);
  });
});

describe('an export imports again unchanged', () => {
  const twin: AssignmentRecord = { ...onPortal, _id: 'a3', allocationPercentage: 10 };
  const tricky: Project = { ...portal, _id: 'p4', name: '=cmd|calc', description: 'Has, a comma and a "quote"\nand a line break' };
  const state: ImportSnapshot = { ...now, projects: [portal, archive, tricky], assignments: [onPortal, onArchive, twin] };
  const names = new Map(state.projects.map((p) => [p._id, p.name]));

  it.each([
    ['engineers', exportRecords('engineers', state.engineers.map((e) => engineerCells(e, 'Default')))],
    ['projects', exportRecords('projects', state.projects.map(projectCells))],
    ['assignments', exportRecords('assignments', state.assignments.map((a) => assignmentCells({ ...a, engineerEmail: 'sam@demo.test', projectName: names.get(a.projectId)! })))],
  ] as const)('%s', (kind, records) => {
    const plan = planImport(kind, records, state);
    expect(plan.counts).toEqual({ create: 0, update: 0, unchanged: records.length - 1, error: 0 });
  });
});

describe('the file', () => {
  it('is refused as a whole when empty or when its header is wrong', () => {
    expect(planImport('engineers', [], now).fileErrors).toEqual([{ line: 1, column: null, message: 'The file is empty: its first line must name the columns' }]);
    const plan = planImport('projects', csv(['name'], ['Portal']), now);
    expect(plan.rows).toEqual([]);
    expect(plan.fileErrors.map((e) => e.message)).toContain("Missing column 'description'");
  });
});

describe('engineers with a calendar column', () => {
  const header = ['name', 'email', 'department', 'seniority', 'maxCapacity', 'skills', 'calendar'];
  const germany = { _id: 'de', name: 'Germany', country: 'DE', version: 2 };
  const withCalendars: ImportSnapshot = { ...now, holidayCalendars: [{ _id: 'default', name: 'Default', version: 0 }, germany], today: '2026-12-07' };
  const samRow = (calendar: string) => ['Sam Rivera', 'sam@demo.test', 'Product', 'senior', '100', 'React;Go', calendar];

  it('a new engineer follows the calendar named (by name in any case, or id) from their first day; one there already from today', () => {
    const plan = planImport('engineers', csv(header, ['Ann Lee', 'ann@demo.test', 'Data', 'mid', '50', 'SQL', 'GERMANY'], samRow('de')), withCalendars);
    expect(plan.rows[0]!.command).toMatchObject({ type: 'register', follow: { calendar: { _id: 'de', name: 'Germany' }, from: '0001-01-01' } });
    expect(plan.rows[1]).toMatchObject({
      action: 'update', changes: ['calendar'], diff: [{ field: 'calendar', from: 'Default', to: 'Germany' }],
      command: { type: 'update', engineerId: 'e1', follow: { calendar: { _id: 'de', name: 'Germany' }, from: '2026-12-07' } },
    });
  });

  it('the calendar followed already, or an empty cell, changes nothing', () => {
    const following: Engineer = { ...sam, calendars: [{ from: '2026-01-01', calendarId: 'de' }] };
    const plan = planImport('engineers', csv(header, samRow('Germany')), { ...withCalendars, engineers: [following] });
    expect(plan.rows.map((r) => r.action)).toEqual(['unchanged']);
    expect(planImport('engineers', csv(header, samRow('')), withCalendars).rows.map((r) => r.action)).toEqual(['unchanged']);
  });

  it('an unknown calendar is an error on its row and column: the file is refused whole', () => {
    const plan = planImport('engineers', csv(header, ['Ann Lee', 'ann@demo.test', 'Data', 'mid', '50', 'SQL', 'Germany'], samRow('Atlantis')), withCalendars);
    expect(plan.counts).toEqual({ create: 1, update: 0, unchanged: 0, error: 1 });
    expect(planErrors(plan)).toEqual([{ line: 3, column: 'calendar', message: "Unknown holiday calendar 'Atlantis': use a calendar's name or id" }]);
  });
});
