/**
 * Moving an organisation in from spreadsheets, against real PostgreSQL: its teams (nested, parents
 * named in the same file), a Float-style and a Runn-style people file with their own headers carrying
 * team, holiday calendar and work week, its open roles; a file of teams naming who manages each (the
 * managers then reach those teams' people, and only those); a bad row refuses the whole file with a 400
 * naming the row and nothing written; the columns chosen for a kind are offered again next time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAccount } from '../support/account-helpers.ts';
import { dayFromToday, eventually, validAssignmentPayload } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { dbEventCount } from '../support/history-helpers.ts';
import { csvOf, postCsv, type Job, type Preview } from '../support/import-helpers.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login(demo.manager);
});
afterAll(async () => {
  await t?.close();
});

type Mapping = Record<string, string | null>;
type Team = { _id: string; name: string; parentId: string | null; members: { _id: string; name: string }[] };
type Engineer = {
  _id: string; name: string; email: string; department: string; seniority: string; skills: string[]; startDate?: string; leaveDate?: string;
  teams?: { from: string; teamId: string }[]; calendars?: { from: string; calendarId: string }[]; workWeeks?: { from: string; days: number[] }[];
};
const withMapping = (url: string, mapping?: Mapping) => (mapping ? `${url}?mapping=${encodeURIComponent(JSON.stringify(mapping))}` : url);

async function previewOf(kind: string, csv: string, mapping?: Mapping, token = admin): Promise<Preview & { mapping: Mapping }> {
  const response = await postCsv(t, token, withMapping(`/api/import/${kind}/preview`, mapping), csv);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function imported(kind: string, csv: string, mapping?: Mapping, token = admin): Promise<Job> {
  const response = await postCsv(t, token, withMapping(`/api/import/${kind}`, mapping), csv);
  expect(response.statusCode, response.body).toBe(202);
  const { job } = response.json() as { job: Job };
  return eventually(async () => (await t.request({ method: 'GET', url: `/api/import/jobs/${job.id}`, token })).json() as Job, (j) => j.state !== 'running', 60_000);
}

const get = async <T>(url: string): Promise<T> => (await t.request({ method: 'GET', url, token: admin })).json() as T;
const teamNamed = async (name: string) => (await get<Team[]>('/api/teams')).find((x) => x.name === name)!;
const engineerWith = async (email: string) => (await get<Engineer[]>('/api/engineers')).find((e) => e.email === email)!;

// Parents named by later lines of the same file; Float calls teams departments.
const teamsFile = csvOf([
  ['Department', 'Parent Department'],
  ['Payments API', 'Payments'],
  ['Payments', 'Engineering'],
  ['Platform', 'Engineering'],
  ['Engineering', ''],
]);

describe('a file of teams', () => {
  it('creates nested teams whatever the order of its lines; the same file again changes nothing', async () => {
    const planned = await previewOf('teams', teamsFile);
    expect(planned.mapping).toEqual({ Department: 'name', 'Parent Department': 'parent' });
    expect(planned.rows.map((r) => [r.line, r.key, r.action])).toEqual([[2, 'Payments API', 'create'], [3, 'Payments', 'create'], [4, 'Platform', 'create'], [5, 'Engineering', 'create']]);
    expect(await imported('teams', teamsFile)).toMatchObject({ state: 'done', created: 4, updated: 0 });

    const [engineering, payments, api, platform] = await Promise.all(['Engineering', 'Payments', 'Payments API', 'Platform'].map(teamNamed));
    expect(engineering!.parentId).toBeNull();
    expect(payments!.parentId).toBe(engineering!._id);
    expect(api!.parentId).toBe(payments!._id);
    expect(platform!.parentId).toBe(engineering!._id);

    const events = await dbEventCount(t);
    expect(await imported('teams', teamsFile)).toMatchObject({ state: 'done', created: 0, updated: 0, unchanged: 4 });
    expect(await dbEventCount(t)).toBe(events);
    // The export imports again unchanged: parents first.
    const exported = await t.request({ method: 'GET', url: '/api/export/teams.csv', token: admin });
    expect(exported.body.split(/\r?\n/).filter(Boolean)).toEqual(['name,parent', 'Engineering,', 'Payments,Engineering', 'Platform,Engineering', 'Payments API,Payments']);
    expect((await previewOf('teams', exported.body)).counts).toMatchObject({ create: 0, update: 0, unchanged: 4, error: 0 });
  });

  it('refuses a loop with a 400 naming its rows, writing nothing; a manager of some teams may not import teams', async () => {
    const before = await dbEventCount(t);
    const loop = csvOf([['name', 'parent'], ['Mobile', ''], ['Engineering', 'Payments API']]);
    const refused = await postCsv(t, admin, '/api/import/teams', loop);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'IMPORT_HAS_ERRORS',
      message: 'Nothing was imported: 1 row has errors (first, line 3: A team cannot sit inside itself or one of its own teams)',
      issues: [{ path: 'line 3: parent', message: 'A team cannot sit inside itself or one of its own teams' }],
    });
    expect(await dbEventCount(t)).toBe(before);

    const lead = await activeAccount(t, admin, 'manager', 'a long enough password 42');
    const account = (await get<{ _id: string; version: number }[]>('/api/accounts')).find((a) => a._id === lead.id)!;
    expect((await t.request({ method: 'PATCH', url: `/api/accounts/${lead.id}`, token: admin, body: { scope: [(await teamNamed('Platform'))._id], version: account.version } })).statusCode).toBe(200);
    const beforeScoped = await dbEventCount(t);
    const scoped = await postCsv(t, lead.token, '/api/import/teams', csvOf([['name'], ['Mobile']]));
    expect(scoped.statusCode).toBe(400);
    expect(scoped.json().message).toBe('Nothing was imported: the file has errors (first, line 1: Only admins and org-wide managers change teams: ask one to import this file)');
    expect(await dbEventCount(t)).toBe(beforeScoped);
    expect((await get<Team[]>('/api/teams')).some((x) => x.name === 'Mobile')).toBe(false);
  });
});

describe('people files with team, calendar and work week', () => {
  let berlin: { _id: string };

  beforeAll(async () => {
    const made = await t.request({ method: 'POST', url: '/api/holiday-calendars', token: admin, body: { name: 'Berlin office' } });
    expect(made.statusCode, made.body).toBe(201);
    berlin = made.json();
  });

  it('a Float-style file: Department read as the team by choice, Public Holidays as the calendar, Work Days as the work week', async () => {
    const float = csvOf([
      ['Name', 'Email', 'Job Title', 'Department', 'Tags', 'Public Holidays', 'Work Days', 'Start Date', 'End Date'],
      ['Ivy Float', 'ivy.float@org.test', 'Senior Engineer', 'Payments', 'Go, Kafka', 'Berlin office', 'Mon;Tue;Wed;Thu', '2027-01-04', ''],
      ['Jon Float', 'jon.float@org.test', 'Engineer', 'Platform', 'Terraform', '', '100;100;100;50;50;0;0', '', '2027-09-01'],
    ]);
    const guessed = await previewOf('engineers', float);
    expect(guessed.mapping).toMatchObject({ Department: 'department', 'Public Holidays': 'calendar', 'Work Days': 'workWeek', 'Start Date': 'startDate', 'End Date': 'leaveDate' });
    const chosen = { Department: 'team' };
    const planned = await previewOf('engineers', float, chosen);
    expect(planned.mapping.Department).toBe('team');
    expect(planned.rows.map((r) => [r.line, r.action, r.errors])).toEqual([[2, 'create', []], [3, 'create', []]]);
    expect(await imported('engineers', float, chosen)).toMatchObject({ state: 'done', created: 2 });

    const ivy = await engineerWith('ivy.float@org.test');
    const payments = await teamNamed('Payments');
    // A new engineer belongs to their team, follows their calendar and works their week from their first day.
    expect(ivy).toMatchObject({ name: 'Ivy Float', seniority: 'senior', skills: ['Go', 'Kafka'], startDate: '2027-01-04', department: 'Payments' });
    expect(ivy.teams).toEqual([{ from: '0001-01-01', teamId: payments._id }]);
    expect(ivy.calendars).toEqual([{ from: '0001-01-01', calendarId: berlin._id }]);
    expect(ivy.workWeeks).toEqual([{ from: '0001-01-01', days: [100, 100, 100, 100, 0, 0, 0] }]);
    const jon = await engineerWith('jon.float@org.test');
    expect(jon.teams).toEqual([{ from: '0001-01-01', teamId: (await teamNamed('Platform'))._id }]);
    expect(jon).toMatchObject({ leaveDate: '2027-09-01', department: 'Platform' });
    expect(jon.workWeeks).toEqual([{ from: '0001-01-01', days: [100, 100, 100, 50, 50, 0, 0] }]);
    expect((await teamNamed('Payments')).members.map((m) => m.name)).toEqual(['Ivy Float']);

    // Kept for the kind: the next Float file's Department is read as the team without choosing it again.
    expect((await previewOf('engineers', csvOf([['Name', 'Email', 'Department'], ['Kim Float', 'kim.float@org.test', 'Platform']]))).mapping.Department).toBe('team');
  });

  it('a Runn-style file: Team guessed as the team, Holiday Calendar and Work Week by their names; moving someone there already is an update from today', async () => {
    const runn = csvOf([
      ['First Name', 'Last Name', 'Email', 'Role', 'Team', 'Skills', 'Holiday Calendar', 'Work Week', 'Employment Type'],
      ['Lia', 'Runn', 'lia.runn@org.test', 'Lead Developer', 'Payments API', 'TypeScript', 'Berlin office', '80;80;80;80;80;0;0', 'Full-time'],
      ['Ivy', 'Float', 'ivy.float@org.test', 'Senior Engineer', 'Platform', 'Go;Kafka', '', '', 'Full-time'],
    ]);
    const planned = await previewOf('engineers', runn);
    expect(planned.mapping).toMatchObject({ 'First Name': 'firstName', 'Last Name': 'lastName', Team: 'team', 'Holiday Calendar': 'calendar', 'Work Week': 'workWeek', 'Employment Type': null });
    expect(planned.rows.map((r) => [r.line, r.key, r.action])).toEqual([[2, 'lia.runn@org.test', 'create'], [3, 'ivy.float@org.test', 'update']]);
    expect(planned.rows[1]!.diff).toEqual([{ field: 'team', from: 'Payments', to: 'Platform' }]);
    expect(await imported('engineers', runn)).toMatchObject({ state: 'done', created: 1, updated: 1 });

    const lia = await engineerWith('lia.runn@org.test');
    expect(lia).toMatchObject({ name: 'Lia Runn', seniority: 'senior', department: 'Payments API' });
    expect(lia.teams).toEqual([{ from: '0001-01-01', teamId: (await teamNamed('Payments API'))._id }]);
    expect(lia.calendars).toEqual([{ from: '0001-01-01', calendarId: berlin._id }]);
    expect(lia.workWeeks).toEqual([{ from: '0001-01-01', days: [80, 80, 80, 80, 80, 0, 0] }]);
    const ivy = await engineerWith('ivy.float@org.test');
    // Moved from today on: the days before keep Payments.
    expect(ivy.teams!.map((m) => m.teamId)).toEqual([(await teamNamed('Payments'))._id, (await teamNamed('Platform'))._id]);
    expect(ivy.teams![1]!.from).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(ivy.department).toBe('Platform');
  });
});

describe('a file of open roles', () => {
  type Placeholder = { _id: string; projectId: string; role: string; allocationPercentage: number; startDate: string; endDate: string; skills: string[] };
  let projects: { _id: string; name: string; status: string }[];

  beforeAll(async () => {
    projects = await get('/api/projects');
  });

  it('adds open roles to projects by name, with the mapping chosen kept for the next file', async () => {
    const open = projects.find((p) => p.status !== 'completed')!;
    const file = csvOf([
      ['Project', 'Need', 'Allocation', 'Start Date', 'End Date', 'Tags'],
      [open.name, 'Imported designer', '50', '2027-05-03', '2027-06-30', 'Figma'],
      [open.name, 'Imported QA', '100', '2027-05-10', '2027-05-10', ''],
    ]);
    const chosen = { Need: 'role' };
    const planned = await previewOf('open-roles', file, chosen);
    expect(planned.mapping).toEqual({ Project: 'projectName', Need: 'role', Allocation: 'allocationPercentage', 'Start Date': 'startDate', 'End Date': 'endDate', Tags: 'skills' });
    expect(planned.rows.map((r) => r.action)).toEqual(['create', 'create']);
    expect(await imported('open-roles', file, chosen)).toMatchObject({ state: 'done', created: 2 });

    const roles = (await get<Placeholder[]>(`/api/projects/${open._id}/placeholders`)).filter((p) => p.role.startsWith('Imported'));
    expect(roles.map((p) => [p.role, p.allocationPercentage, p.startDate.slice(0, 10), p.endDate.slice(0, 10), p.skills])).toEqual([
      ['Imported designer', 50, '2027-05-03', '2027-06-30', ['Figma']],
      ['Imported QA', 100, '2027-05-10', '2027-05-10', []],
    ]);
    // The same file, its share changed: one update; read with the Need column as chosen last time.
    const again = file.replace(',50,2027-05-03', ',60,2027-05-03');
    const next = await previewOf('open-roles', again);
    expect(next.mapping.Need).toBe('role');
    expect(next.rows.map((r) => [r.action, r.diff])).toEqual([['update', [{ field: 'allocationPercentage', from: '50', to: '60' }]], ['unchanged', []]]);
    expect(await imported('open-roles', again)).toMatchObject({ state: 'done', created: 0, updated: 1, unchanged: 1 });
  });

  it('a bad row refuses the whole file with 400 naming the row; nothing is written', async () => {
    const open = projects.find((p) => p.status !== 'completed')!;
    const done = projects.find((p) => p.status === 'completed')!;
    const before = await dbEventCount(t);
    const placeholdersBefore = (await get<Placeholder[]>('/api/placeholders')).length;
    const file = csvOf([
      ['projectName', 'role', 'allocationPercentage', 'startDate', 'endDate'],
      [open.name, 'Would be fine', '40', '2027-07-01', '2027-07-31'],
      [done.name, 'Too late', '40', '2027-07-01', '2027-07-31'],
      [open.name, 'Too much', '140', '2027-07-01', '2027-07-31'],
    ]);
    const refused = await postCsv(t, admin, '/api/import/open-roles', file);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'IMPORT_HAS_ERRORS',
      message: 'Nothing was imported: 2 rows have errors (first, line 3: A completed project takes no placeholders)',
      issues: [
        { path: 'line 3: projectName', message: 'A completed project takes no placeholders' },
        { path: 'line 4: allocationPercentage', message: 'Allocation must be between 1 and 100' },
      ],
    });
    expect(await dbEventCount(t)).toBe(before);
    expect((await get<Placeholder[]>('/api/placeholders')).length).toBe(placeholdersBefore);
  });
});

describe('a file of teams naming who manages them', () => {
  type Account = { _id: string; email: string; scope?: 'all' | string[]; version: number };
  const accountOf = async (id: string) => (await get<Account[]>('/api/accounts')).find((a) => a._id === id)!;

  it("refuses unknown e-mails and accounts that are not managers' per row, writing nothing; an org-wide manager who is not an admin may not name managers", async () => {
    const lead = await activeAccount(t, admin, 'manager', 'a long enough password 42');
    const engineer = await activeAccount(t, admin, 'engineer', 'a long enough password 42');
    const file = csvOf([
      ['Team', 'Team lead'],
      ['Billing', `${lead.email}; nobody@org.test`],
      ['Search', engineer.email],
    ]);
    const planned = await previewOf('teams', file);
    expect(planned.mapping).toEqual({ Team: 'name', 'Team lead': 'managers' });
    expect(planned.rows.map((r) => [r.line, r.action, r.errors.map((e) => [e.column, e.message])])).toEqual([
      [2, 'error', [['managers', "No account has the e-mail 'nobody@org.test'"]]],
      [3, 'error', [['managers', `'${engineer.email}' is an engineer's account, not a manager's: only managers manage teams`]]],
    ]);
    const before = await dbEventCount(t);
    const refused = await postCsv(t, admin, '/api/import/teams', file);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'IMPORT_HAS_ERRORS', message: "Nothing was imported: 2 rows have errors (first, line 2: No account has the e-mail 'nobody@org.test')" });
    expect(await dbEventCount(t)).toBe(before);
    expect((await get<Team[]>('/api/teams')).some((x) => x.name === 'Billing' || x.name === 'Search')).toBe(false);
    expect((await accountOf(lead.id)).scope).toBe('all');

    // Chris is an org-wide manager, not an admin: he may import teams, not choose who manages them.
    const chris = await t.login(demo.manager2);
    const notAdmin = await postCsv(t, chris, '/api/import/teams', csvOf([['Team', 'Manager'], ['Billing', lead.email]]));
    expect(notAdmin.statusCode).toBe(400);
    expect(notAdmin.json().issues).toEqual([expect.objectContaining({ path: 'line 2: managers', message: 'Only admins choose who manages a team: leave the managers column empty, or ask an admin to import this file' })]);
    expect(await dbEventCount(t)).toBe(before);
  });

  it("sets the named manager's scope to the team, through the account's events: 201 for that team's engineer, 403 for another team's", async () => {
    const lead = await activeAccount(t, admin, 'manager', 'a long enough password 42');
    const file = csvOf([
      ['Team', 'Managers'],
      ['Billing', lead.email.toUpperCase()],
      ['Search', ''],
    ]);
    const planned = await previewOf('teams', file);
    expect(planned.rows.map((r) => [r.line, r.key, r.action, r.errors])).toEqual([[2, 'Billing', 'create', []], [3, 'Search', 'create', []]]);
    // The preview says he will manage Billing, and that he was org-wide until now.
    expect(planned.rows[0]!.diff).toEqual([{ field: 'managers', from: '', to: `${lead.email} (org-wide until now)` }]);
    expect(await imported('teams', file)).toMatchObject({ state: 'done', created: 2 });
    const [billing, search] = await Promise.all([teamNamed('Billing'), teamNamed('Search')]);
    expect((await accountOf(lead.id)).scope).toEqual([billing._id]);
    const listed = await get<(Team & { managers: { _id: string }[] })[]>('/api/teams');
    expect(listed.find((x) => x._id === billing._id)!.managers.map((m) => m._id)).toContain(lead.id);
    // Through the account's own event, from org-wide to the team.
    const changes = await t.app.db.selectFrom('events').select('data').where('type', '=', 'ManagerScopeChanged').execute();
    expect(changes.map((e) => e.data as { accountId: string; scope: unknown; previous: unknown }).filter((d) => d.accountId === lead.id))
      .toEqual([expect.objectContaining({ scope: [billing._id], previous: 'all' })]);

    // One engineer in each team; the same file again changes nothing (he manages Billing now).
    expect(await imported('engineers', csvOf([
      ['name', 'email', 'team'],
      ['Bea Billing', 'bea.billing@org.test', 'Billing'],
      ['Sid Search', 'sid.search@org.test', 'Search'],
    ]))).toMatchObject({ state: 'done', created: 2 });
    expect((await previewOf('teams', file)).counts).toMatchObject({ create: 0, update: 0, unchanged: 2, error: 0 });

    const project = (await get<{ _id: string; status: string }[]>('/api/projects')).find((p) => p.status !== 'completed')!;
    const assign = async (email: string) => t.request({
      method: 'POST', url: '/api/assignments', token: lead.token,
      body: validAssignmentPayload((await engineerWith(email))._id, project._id, { role: 'Scoped by import', allocationPercentage: 10, startDate: dayFromToday(30), endDate: dayFromToday(35) }),
    });
    const ours = await assign('bea.billing@org.test');
    expect(ours.statusCode, ours.body).toBe(201);
    const before = await dbEventCount(t);
    const theirs = await assign('sid.search@org.test');
    expect(theirs.statusCode, theirs.body).toBe(403);
    expect(theirs.json().message).toContain('Sid Search (in Search)');
    expect(await dbEventCount(t)).toBe(before);
  });
});
