import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addPlaceholderInput, createAssignmentInput, createProjectInput, loginInput, registerEngineerInput, updateAssignmentInput,
  updateEngineerInput, updateProjectInput,
} from './inputs.ts';

type Issue = { path: string; message: string };

/** Every failure as `{path, message}`, in the order zod reports them (the first is the one the user sees). */
function issuesOf(schema: z.ZodType, input: unknown): Issue[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

function firstIssue(schema: z.ZodType, input: unknown): Issue | undefined {
  return issuesOf(schema, input)[0];
}

const chars = (n: number) => 'x'.repeat(n);

const validProject = {
  name: 'Payments revamp',
  description: 'Rebuild the checkout and payment flow',
  startDate: '2025-07-01T00:00:00.000Z',
  endDate: '2025-09-30T00:00:00.000Z',
  teamSize: 4,
  requiredSkills: ['React', 'Node.js'],
  status: 'planning',
  managerId: 'manager-1',
};

describe('createProjectInput: the rules and exact messages of spec section 5', () => {
  it('accepts the spec section 7 payload', () => {
    expect(createProjectInput.parse(validProject)).toEqual(validProject);
  });

  it('accepts a payload without managerId (the server sets it)', () => {
    const { managerId: _m, ...withoutManager } = validProject;
    expect(createProjectInput.safeParse(withoutManager).success).toBe(true);
  });

  const without = (key: keyof typeof validProject) => {
    const copy: Record<string, unknown> = { ...validProject };
    delete copy[key];
    return copy;
  };

  it.each([
    ['name missing', without('name'), 'name', 'Project name is required'],
    ['name empty', { ...validProject, name: '' }, 'name', 'Project name is required'],
    ['name only spaces', { ...validProject, name: '   ' }, 'name', 'Project name is required'],
    ['name 101 characters', { ...validProject, name: chars(101) }, 'name', 'Project name must be less than 100 characters'],
    ['description missing', without('description'), 'description', 'Description must be at least 10 characters'],
    ['description 9 characters', { ...validProject, description: chars(9) }, 'description', 'Description must be at least 10 characters'],
    ['description 501 characters', { ...validProject, description: chars(501) }, 'description', 'Description must be less than 500 characters'],
    ['start date missing', without('startDate'), 'startDate', 'Start date is required'],
    ['start date empty', { ...validProject, startDate: '' }, 'startDate', 'Start date is required'],
    ['start date unreadable', { ...validProject, startDate: 'next tuesday' }, 'startDate', 'Start date is required'],
    ['end date missing', without('endDate'), 'endDate', 'End date is required'],
    ['end date empty', { ...validProject, endDate: '' }, 'endDate', 'End date is required'],
    ['team size missing', without('teamSize'), 'teamSize', 'Team size must be at least 1'],
    ['team size 0', { ...validProject, teamSize: 0 }, 'teamSize', 'Team size must be at least 1'],
    ['team size negative', { ...validProject, teamSize: -3 }, 'teamSize', 'Team size must be at least 1'],
    ['team size 21', { ...validProject, teamSize: 21 }, 'teamSize', 'Team size cannot exceed 20'],
    ['team size not an integer', { ...validProject, teamSize: 2.5 }, 'teamSize', 'Team size must be at least 1'],
    ['team size as a string', { ...validProject, teamSize: '4' }, 'teamSize', 'Team size must be at least 1'],
    ['skills missing', without('requiredSkills'), 'requiredSkills', 'At least one skill is required'],
    ['skills empty', { ...validProject, requiredSkills: [] }, 'requiredSkills', 'At least one skill is required'],
    ['skills with a blank entry', { ...validProject, requiredSkills: ['  '] }, 'requiredSkills.0', 'At least one skill is required'],
    ['status missing', without('status'), 'status', 'Project status is required'],
    ['status unknown', { ...validProject, status: 'archived' }, 'status', 'Project status is required'],
    ['status capitalised', { ...validProject, status: 'Active' }, 'status', 'Project status is required'],
    ['end equal to start', { ...validProject, endDate: validProject.startDate }, 'endDate', 'End date must be after start date'],
    ['end before start', { ...validProject, endDate: '2025-06-30T00:00:00.000Z' }, 'endDate', 'End date must be after start date'],
  ])('%s -> %s: %s', (_case, input, path, message) => {
    expect(firstIssue(createProjectInput, input)).toEqual({ path, message });
  });

  it('reports end == start as the only failure, on the end date', () => {
    expect(issuesOf(createProjectInput, { ...validProject, endDate: validProject.startDate })).toEqual([
      { path: 'endDate', message: 'End date must be after start date' },
    ]);
  });

  it('accepts an end one millisecond after the start', () => {
    expect(createProjectInput.safeParse({ ...validProject, endDate: '2025-07-01T00:00:00.001Z' }).success).toBe(true);
  });

  it('does not add a misleading end-date failure when the start date is unreadable', () => {
    expect(issuesOf(createProjectInput, { ...validProject, startDate: 'garbage' })).toEqual([
      { path: 'startDate', message: 'Start date is required' },
    ]);
  });

  it('lists every failure of an empty payload, one per field, with the spec messages', () => {
    const issues = issuesOf(createProjectInput, {});
    expect(issues).toEqual([
      { path: 'name', message: 'Project name is required' },
      { path: 'description', message: 'Description must be at least 10 characters' },
      { path: 'startDate', message: 'Start date is required' },
      { path: 'endDate', message: 'End date is required' },
      { path: 'teamSize', message: 'Team size must be at least 1' },
      { path: 'requiredSkills', message: 'At least one skill is required' },
      { path: 'status', message: 'Project status is required' },
    ]);
  });

  it.each([
    ['name of 1 character', { name: 'X' }],
    ['name of 100 characters', { name: chars(100) }],
    ['description of 10 characters', { description: chars(10) }],
    ['description of 500 characters', { description: chars(500) }],
    ['team size 1', { teamSize: 1 }],
    ['team size 20', { teamSize: 20 }],
    ['one skill', { requiredSkills: ['Go'] }],
    ['status active', { status: 'active' }],
    ['status completed', { status: 'completed' }],
  ])('accepts the boundary: %s', (_case, override) => {
    expect(issuesOf(createProjectInput, { ...validProject, ...override })).toEqual([]);
  });

  it('trims name and description before measuring them', () => {
    expect(firstIssue(createProjectInput, { ...validProject, description: `  ${chars(9)}  ` })).toEqual({
      path: 'description',
      message: 'Description must be at least 10 characters',
    });
    const parsed = createProjectInput.parse({ ...validProject, name: `  ${chars(100)}  ` });
    expect(parsed.name).toBe(chars(100));
  });

  it('normalises dates to ISO strings', () => {
    const parsed = createProjectInput.parse({ ...validProject, startDate: '2025-07-01', endDate: '2025-07-02' });
    expect(parsed.startDate).toBe('2025-07-01T00:00:00.000Z');
    expect(parsed.endDate).toBe('2025-07-02T00:00:00.000Z');
  });

  it('drops duplicate skills, keeping the first order', () => {
    expect(createProjectInput.parse({ ...validProject, requiredSkills: ['Go', 'React', 'Go'] }).requiredSkills).toEqual([
      'Go',
      'React',
    ]);
  });
});

describe('skills: at most 50 characters each, trimmed, on projects, engineers and placeholders', () => {
  const tooLong = 'A skill must be at most 50 characters';
  it('refuses a required skill over 50 characters with the limit', () => {
    expect(firstIssue(createProjectInput, { ...validProject, requiredSkills: ['React', 'x'.repeat(51)] })).toEqual({ path: 'requiredSkills.1', message: tooLong });
    expect(createProjectInput.parse({ ...validProject, requiredSkills: [` ${'x'.repeat(50)} `] }).requiredSkills).toEqual(['x'.repeat(50)]);
  });

  it("refuses an engineer's skill over 50 characters with the limit", () => {
    expect(firstIssue(updateEngineerInput, { skills: ['x'.repeat(51)] })).toEqual({ path: 'skills.0', message: tooLong });
    expect(firstIssue(addPlaceholderInput, { role: 'Backend developer', allocationPercentage: 50, startDate: validProject.startDate, endDate: validProject.endDate, skills: ['x'.repeat(51)] })).toEqual({ path: 'skills.0', message: tooLong });
  });
});

describe('updateProjectInput', () => {
  it('accepts an empty update', () => {
    expect(updateProjectInput.parse({})).toEqual({});
  });

  it('keeps only what was sent', () => {
    expect(updateProjectInput.parse({ name: 'Renamed' })).toEqual({ name: 'Renamed' });
  });

  it.each([
    [{ name: '' }, 'name', 'Project name is required'],
    [{ name: chars(101) }, 'name', 'Project name must be less than 100 characters'],
    [{ description: chars(9) }, 'description', 'Description must be at least 10 characters'],
    [{ teamSize: 21 }, 'teamSize', 'Team size cannot exceed 20'],
    [{ requiredSkills: [] }, 'requiredSkills', 'At least one skill is required'],
    [{ status: 'archived' }, 'status', 'Project status is required'],
    [{ startDate: '2025-07-02', endDate: '2025-07-01' }, 'endDate', 'End date must be after start date'],
  ])('refuses %j -> %s: %s', (input, path, message) => {
    expect(firstIssue(updateProjectInput, input)).toEqual({ path, message });
  });

  it('accepts one date alone (the decider checks it against the stored one)', () => {
    expect(updateProjectInput.parse({ endDate: '2025-07-01' })).toEqual({ endDate: '2025-07-01T00:00:00.000Z' });
  });
});

const validAssignment = {
  engineerId: 'engineer-1',
  projectId: 'project-1',
  role: 'Backend developer',
  allocationPercentage: 50,
  startDate: '2025-07-01T00:00:00.000Z',
  endDate: '2025-08-31T00:00:00.000Z',
};

describe('createAssignmentInput', () => {
  it('accepts a valid assignment', () => {
    expect(createAssignmentInput.parse(validAssignment)).toEqual(validAssignment);
  });

  it.each([
    [{ allocationPercentage: 0 }, 'allocationPercentage', 'Allocation must be between 1 and 100'],
    [{ allocationPercentage: 101 }, 'allocationPercentage', 'Allocation must be between 1 and 100'],
    [{ allocationPercentage: '50' }, 'allocationPercentage', 'Allocation must be between 1 and 100'],
    [{ allocationPercentage: undefined }, 'allocationPercentage', 'Allocation must be between 1 and 100'],
    [{ role: '' }, 'role', 'Role is required'],
    [{ role: '   ' }, 'role', 'Role is required'],
    [{ role: undefined }, 'role', 'Role is required'],
    [{ role: 'x'.repeat(101) }, 'role', 'Role must be at most 100 characters'],
    [{ engineerId: '' }, 'engineerId', 'Engineer is required'],
    [{ engineerId: undefined }, 'engineerId', 'Engineer is required'],
    [{ projectId: '' }, 'projectId', 'Project is required'],
    [{ projectId: undefined }, 'projectId', 'Project is required'],
    [{ startDate: undefined }, 'startDate', 'Start date is required'],
    [{ endDate: 'soon' }, 'endDate', 'End date is required'],
    [{ endDate: '2025-06-30T00:00:00.000Z' }, 'endDate', 'End date cannot be before start date'],
    [{ endDate: '2025-06-01T00:00:00.000Z' }, 'endDate', 'End date cannot be before start date'],
  ])('refuses %j -> %s: %s', (override, path, message) => {
    expect(firstIssue(createAssignmentInput, { ...validAssignment, ...override })).toEqual({ path, message });
  });

  it('accepts a one-day assignment: its end date on its start date (days, both ends included)', () => {
    expect(issuesOf(createAssignmentInput, { ...validAssignment, endDate: '2025-07-01T00:00:00.000Z' })).toEqual([]);
    expect(issuesOf(createAssignmentInput, { ...validAssignment, startDate: '2025-07-01', endDate: '2025-07-01' })).toEqual([]);
  });

  it.each([1, 100, 33.5])('accepts an allocation of %d', (allocationPercentage) => {
    expect(issuesOf(createAssignmentInput, { ...validAssignment, allocationPercentage })).toEqual([]);
  });
});

describe('updateAssignmentInput', () => {
  it('accepts an empty update', () => {
    expect(updateAssignmentInput.parse({})).toEqual({});
  });

  it('takes another engineer (a reassignment), never another project', () => {
    expect(updateAssignmentInput.parse({ engineerId: 'other', projectId: 'other', role: 'Lead' })).toEqual({ engineerId: 'other', role: 'Lead' });
  });

  it("refuses an empty engineer: 'Engineer is required'", () => {
    expect(updateAssignmentInput.safeParse({ engineerId: '' }).error?.issues[0]).toMatchObject({ path: ['engineerId'], message: 'Engineer is required' });
  });

  it.each([
    [{ allocationPercentage: 0 }, 'allocationPercentage', 'Allocation must be between 1 and 100'],
    [{ allocationPercentage: 101 }, 'allocationPercentage', 'Allocation must be between 1 and 100'],
    [{ role: '' }, 'role', 'Role is required'],
    [{ startDate: '2025-07-02', endDate: '2025-07-01' }, 'endDate', 'End date cannot be before start date'],
  ])('refuses %j -> %s: %s', (input, path, message) => {
    expect(firstIssue(updateAssignmentInput, input)).toEqual({ path, message });
  });

  it('accepts a change to one day: its end date on its start date', () => {
    expect(issuesOf(updateAssignmentInput, { startDate: '2025-07-02', endDate: '2025-07-02' })).toEqual([]);
  });

  it('keeps the project rule apart: a project must still end after it starts', () => {
    expect(firstIssue(updateProjectInput, { startDate: '2025-07-02', endDate: '2025-07-02' })).toEqual({ path: 'endDate', message: 'End date must be after start date' });
  });

  it.each([1, 100])('accepts an allocation of %d', (allocationPercentage) => {
    expect(updateAssignmentInput.parse({ allocationPercentage })).toEqual({ allocationPercentage });
  });
});

const validEngineer = {
  name: 'Ada Lovelace',
  email: 'ada@demo.test',
  department: 'Platform',
  skills: ['TypeScript'],
  seniority: 'senior',
  maxCapacity: 100,
  password: 'demo1234',
};

describe('addPlaceholderInput: an open role may last one day', () => {
  const role = { role: 'SRE', allocationPercentage: 50, skills: [] };

  it('accepts an open role whose end date is its start date', () => {
    expect(issuesOf(addPlaceholderInput, { ...role, startDate: '2025-07-01', endDate: '2025-07-01' })).toEqual([]);
  });

  it('refuses one ending the day before it starts, with the new message', () => {
    expect(firstIssue(addPlaceholderInput, { ...role, startDate: '2025-07-01', endDate: '2025-06-30' })).toEqual({ path: 'endDate', message: 'End date cannot be before start date' });
  });
});

describe('registerEngineerInput', () => {
  it('accepts a valid engineer', () => {
    expect(registerEngineerInput.parse(validEngineer)).toEqual(validEngineer);
  });

  it('accepts one without a password: a planning record, whom an admin may invite to sign in', () => {
    const { password: _, ...record } = validEngineer;
    expect(registerEngineerInput.parse(record)).toEqual(record);
  });

  it('defaults the department and skills', () => {
    const { department: _d, skills: _s, ...minimal } = validEngineer;
    expect(registerEngineerInput.parse(minimal)).toMatchObject({ department: 'Engineering', skills: [] });
  });

  it('lower-cases the email', () => {
    expect(registerEngineerInput.parse({ ...validEngineer, email: 'Ada@Demo.TEST' }).email).toBe('ada@demo.test');
  });

  it('drops duplicate skills', () => {
    expect(registerEngineerInput.parse({ ...validEngineer, skills: ['Go', 'Go', 'SQL'] }).skills).toEqual(['Go', 'SQL']);
  });

  it.each([
    [{ name: '' }, 'name', 'Name is required'],
    [{ name: undefined }, 'name', 'Name is required'],
    [{ name: 'x'.repeat(101) }, 'name', 'Name must be at most 100 characters'],
    [{ name: 'x'.repeat(300) }, 'name', 'Name must be at most 100 characters'],
    [{ department: 'x'.repeat(101) }, 'department', 'Department must be at most 100 characters'],
    [{ email: 'not-an-email' }, 'email', 'A valid email is required'],
    [{ email: 'ada@' }, 'email', 'A valid email is required'],
    [{ email: undefined }, 'email', 'A valid email is required'],
    [{ seniority: 'lead' }, 'seniority', 'Seniority must be junior, mid or senior'],
    [{ maxCapacity: 0 }, 'maxCapacity', 'Max capacity must be between 1 and 100'],
    [{ maxCapacity: 101 }, 'maxCapacity', 'Max capacity must be between 1 and 100'],
    [{ maxCapacity: 50.5 }, 'maxCapacity', 'Max capacity must be between 1 and 100'],
    [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
    [{ password: '1234567' }, 'password', 'Password must be at least 8 characters'],
  ])('refuses %j -> %s: %s', (override, path, message) => {
    expect(firstIssue(registerEngineerInput, { ...validEngineer, ...override })).toEqual({ path, message });
  });

  it.each([
    ['password of 8 characters', { password: '12345678' }],
    ['part-time capacity 50', { maxCapacity: 50 }],
    ['capacity 1', { maxCapacity: 1 }],
    ['seniority junior', { seniority: 'junior' }],
    ['seniority mid', { seniority: 'mid' }],
  ])('accepts %s', (_case, override) => {
    expect(issuesOf(registerEngineerInput, { ...validEngineer, ...override })).toEqual([]);
  });
});

describe('updateEngineerInput', () => {
  it('keeps a skills-only update skills-only (no defaults are filled in)', () => {
    expect(updateEngineerInput.parse({ skills: ['Go'] })).toEqual({ skills: ['Go'] });
  });

  it('accepts an empty update as empty', () => {
    expect(updateEngineerInput.parse({})).toEqual({});
  });

  it('does not take an email or a password', () => {
    expect(updateEngineerInput.parse({ email: 'x@y.z', password: 'secret123', name: 'Ada' })).toEqual({ name: 'Ada' });
  });

  it.each([
    [{ name: '' }, 'name', 'Name is required'],
    [{ maxCapacity: 0 }, 'maxCapacity', 'Max capacity must be between 1 and 100'],
    [{ maxCapacity: 101 }, 'maxCapacity', 'Max capacity must be between 1 and 100'],
    [{ seniority: 'principal' }, 'seniority', 'Seniority must be junior, mid or senior'],
  ])('refuses %j -> %s: %s', (input, path, message) => {
    expect(firstIssue(updateEngineerInput, input)).toEqual({ path, message });
  });

  it('lets skills be cleared', () => {
    expect(updateEngineerInput.parse({ skills: [] })).toEqual({ skills: [] });
  });
});

describe('loginInput', () => {
  it('accepts email and password', () => {
    expect(loginInput.parse({ email: ' manager@demo.test ', password: 'demo1234' })).toEqual({
      email: 'manager@demo.test',
      password: 'demo1234',
    });
  });

  it.each([
    [{ password: 'x' }, 'email', 'Email is required'],
    [{ email: '  ', password: 'x' }, 'email', 'Email is required'],
    [{ email: 'a@b.c' }, 'password', 'Password is required'],
    [{ email: 'a@b.c', password: '' }, 'password', 'Password is required'],
  ])('refuses %j -> %s: %s', (input, path, message) => {
    expect(firstIssue(loginInput, input)).toEqual({ path, message });
  });
});
