/**
 * Any spreadsheet imports, against real PostgreSQL: a Float-style and a Runn-style people file import
 * with their own headers (columns guessed from the header, or mapped with ?mapping=), the mapping used
 * is answered by the preview and kept per person and kind, engineers take work weeks, start and leave
 * dates and "invite" (mailed through a real SMTP server), projects take tentative.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '../../server/mail/mailer.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { dbEventCount } from '../support/history-helpers.ts';
import { csvOf, postCsv, type Job, type Preview } from '../support/import-helpers.ts';
import { eventually } from '../support/api-helpers.ts';
import { linkIn, startMailCatcher, type MailCatcher } from '../support/mail-catcher.ts';

let t: TestApp;
let smtp: MailCatcher;
let admin: string;
let manager2: string;

beforeAll(async () => {
  smtp = await startMailCatcher();
  t = await startTestApp({ publicUrl: 'https://plan.example.com', mailer: smtpMailer(smtp.url, 'Planner <planner@example.com>') });
  admin = await t.login(demo.manager);
  manager2 = await t.login(demo.manager2);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Engineer = { _id: string; name: string; email: string; department: string; seniority: string; maxCapacity: number; skills: string[]; startDate?: string; leaveDate?: string; workWeeks?: { from: string; days: number[] }[] };
const withMapping = (url: string, mapping?: Record<string, string | null>) => (mapping ? `${url}?mapping=${encodeURIComponent(JSON.stringify(mapping))}` : url);

async function previewOf(kind: string, csv: string, mapping?: Record<string, string | null>, token = admin): Promise<Preview & { mapping: Record<string, string | null> }> {
  const response = await postCsv(t, token, withMapping(`/api/import/${kind}/preview`, mapping), csv);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function imported(kind: string, csv: string, mapping?: Record<string, string | null>, token = admin): Promise<Job> {
  const response = await postCsv(t, token, withMapping(`/api/import/${kind}`, mapping), csv);
  expect(response.statusCode, response.body).toBe(202);
  const { job } = response.json() as { job: Job };
  return eventually(async () => (await t.request({ method: 'GET', url: `/api/import/jobs/${job.id}`, token })).json() as Job, (j) => j.state !== 'running', 60_000);
}

const engineers = async () => (await t.request({ method: 'GET', url: '/api/engineers', token: admin })).json() as Engineer[];
const engineerNamed = async (email: string) => (await engineers()).find((e) => e.email === email)!;

// Float's people export: one name, the job title, tags separated by commas inside one cell, YYYY-MM-DD dates.
const floatPeople = csvOf([
  ['Name', 'Email', 'Job Title', 'Department', 'Tags', 'Type', 'Start Date', 'End Date'],
  ['Ada Float', 'ada.float@org.test', 'Senior Engineer', 'Platform', 'Go, Kubernetes', 'Employee', '2027-01-04', ''],
  ['Ben Float', 'ben.float@org.test', 'Junior Designer', 'Design', 'Figma', 'Contractor', '2027-02-01', '2027-08-01'],
  ['Cy Float', 'cy.float@org.test', 'Product Manager', 'Product', '', 'Employee', '', ''],
]);

// Runn's people export: first and last names apart, a role, a team, work days by name.
const runnPeople = csvOf([
  ['First Name', 'Last Name', 'Email', 'Role', 'Team', 'Skills', 'Employment Type', 'Work Days'],
  ['Dee', 'Runn', 'dee.runn@org.test', 'Lead Developer', 'Payments', 'TypeScript;React', 'Full-time', 'Mon;Tue;Wed;Thu'],
  ['Eli', 'Runn', 'eli.runn@org.test', 'Developer', 'Payments', 'Java', 'Part-time', '100;100;50;0;0;0;0'],
]);

describe('a Float-style people file', () => {
  it('is read by its own headers: the preview shows the mapping it guessed, and the engineers import with titles as seniority', async () => {
    const planned = await previewOf('engineers', floatPeople);
    expect(planned.mapping).toEqual({
      Name: 'name', Email: 'email', 'Job Title': 'jobTitle', Department: 'department', Tags: 'skills', Type: null, 'Start Date': 'startDate', 'End Date': 'leaveDate',
    });
    expect(planned.fileErrors).toEqual([]);
    expect(planned.fileWarnings.map((w) => w.column)).toEqual(['Type']);
    expect(planned.rows.map((r) => [r.line, r.key, r.action])).toEqual([
      [2, 'ada.float@org.test', 'create'], [3, 'ben.float@org.test', 'create'], [4, 'cy.float@org.test', 'create'],
    ]);

    expect(await imported('engineers', floatPeople)).toMatchObject({ state: 'done', created: 3, updated: 0 });
    expect(await engineerNamed('ada.float@org.test')).toMatchObject({
      name: 'Ada Float', department: 'Platform', seniority: 'senior', maxCapacity: 100, skills: ['Go', 'Kubernetes'], startDate: '2027-01-04',
    });
    expect(await engineerNamed('ben.float@org.test')).toMatchObject({ seniority: 'junior', skills: ['Figma'], startDate: '2027-02-01', leaveDate: '2027-08-01' });
    const cy = await engineerNamed('cy.float@org.test');
    expect(cy).toMatchObject({ seniority: 'mid', department: 'Product', skills: [] });
    expect(cy.startDate).toBeUndefined();

    // The same file again changes nothing.
    const events = await dbEventCount(t);
    expect(await imported('engineers', floatPeople)).toMatchObject({ state: 'done', created: 0, updated: 0, unchanged: 3 });
    expect(await dbEventCount(t)).toBe(events);
  });

  it('projects take Float\'s Tentative column, yes or no', async () => {
    const file = csvOf([
      ['Project Name', 'Notes', 'Start Date', 'End Date', 'Team Size', 'Tags', 'Status', 'Tentative'],
      ['Pipeline deal', 'A project we have not won yet', '2027-03-01', '2027-06-30', '3', 'Go', 'planning', 'Y'],
      ['Won deal', 'A project we have won already', '2027-03-01', '2027-06-30', '2', 'Go', 'active', ''],
    ]);
    const planned = await previewOf('projects', file);
    expect(planned.mapping).toMatchObject({ 'Project Name': 'name', Notes: 'description', Tentative: 'tentative', Tags: 'requiredSkills' });
    expect(await imported('projects', file)).toMatchObject({ state: 'done', created: 2 });
    const projects = (await t.request({ method: 'GET', url: '/api/projects', token: admin })).json() as { name: string; tentative: boolean }[];
    expect(projects.find((p) => p.name === 'Pipeline deal')?.tentative).toBe(true);
    expect(projects.find((p) => p.name === 'Won deal')?.tentative).toBe(false);

    const won = file.replace('planning,Y', 'planning,no');
    const again = await previewOf('projects', won);
    expect(again.rows[0]).toMatchObject({ action: 'update', diff: [{ field: 'tentative', from: 'yes', to: 'no' }] });
    expect(await imported('projects', won)).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    const after = (await t.request({ method: 'GET', url: '/api/projects', token: admin })).json() as { name: string; tentative: boolean }[];
    expect(after.find((p) => p.name === 'Pipeline deal')?.tentative).toBe(false);
  });
});

describe('a Runn-style people file', () => {
  it('maps Team to our department by choice; the mapping is kept for the next file of the kind', async () => {
    // Guessed, Runn's Team is a team: there are none to name here, so each row says so.
    const guessed = await previewOf('engineers', runnPeople);
    expect(guessed.mapping).toMatchObject({ 'First Name': 'firstName', 'Last Name': 'lastName', Role: 'jobTitle', Team: 'team', 'Work Days': 'workWeek', 'Employment Type': null });
    expect(guessed.rows[0]!.errors.map((e) => e.column)).toEqual(['team']);

    const chosen = { Team: 'department' };
    const planned = await previewOf('engineers', runnPeople, chosen);
    expect(planned.mapping.Team).toBe('department');
    expect(planned.rows.map((r) => r.action)).toEqual(['create', 'create']);
    expect(await imported('engineers', runnPeople, chosen)).toMatchObject({ state: 'done', created: 2 });

    const dee = await engineerNamed('dee.runn@org.test');
    // Four full days: Monday to Thursday at 100 %, the weekend and Friday off, from their first day.
    expect(dee).toMatchObject({ name: 'Dee Runn', department: 'Payments', seniority: 'senior', skills: ['TypeScript', 'React'], maxCapacity: 100 });
    expect(dee.workWeeks).toEqual([{ from: '0001-01-01', days: [100, 100, 100, 100, 0, 0, 0] }]);
    const eli = await engineerNamed('eli.runn@org.test');
    // The largest day of the week is the capacity the week reaches: 100.
    expect(eli).toMatchObject({ name: 'Eli Runn', seniority: 'mid', maxCapacity: 100 });
    expect(eli.workWeeks).toEqual([{ from: '0001-01-01', days: [100, 100, 50, 0, 0, 0, 0] }]);

    // Kept for this person: the next Runn file's Team is their department without choosing it again.
    const next = csvOf([['First Name', 'Last Name', 'Email', 'Team'], ['Fay', 'Runn', 'fay.runn@org.test', 'Billing']]);
    expect((await previewOf('engineers', next)).mapping.Team).toBe('department');
    // Another person's guess is their own.
    expect((await previewOf('engineers', next, undefined, manager2)).mapping.Team).toBe('team');
  });

  it('refuses a mapping that is not JSON or names a column the kind does not have, with 400, writing nothing', async () => {
    const before = await dbEventCount(t);
    const notJson = await postCsv(t, admin, '/api/import/engineers?mapping=%7Bnope', runnPeople);
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toContain('mapping must be a JSON object');
    const unknown = await postCsv(t, admin, withMapping('/api/import/engineers', { Team: 'squad' }), runnPeople);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^The engineers have no column 'squad'/);
    const list = await postCsv(t, admin, withMapping('/api/import/engineers/preview', ['name'] as never), runnPeople);
    expect(list.statusCode).toBe(400);
    expect(await dbEventCount(t)).toBe(before);
  });

  it('a mapping of two columns onto one field refuses the file, naming both', async () => {
    const planned = await previewOf('engineers', runnPeople, { Role: 'department', Team: 'department' });
    expect(planned.fileErrors.map((e) => e.message)).toEqual(["Column 'Team' is read as 'department', which another column is read as already"]);
  });
});

describe('"invite" in the engineers file', () => {
  it('invites each new person an admin marks, and mails them a link that works; a non-admin manager is told why not', async () => {
    const file = csvOf([
      ['Name', 'Email', 'Invite'],
      ['Gus Invite', 'gus.invite@org.test', 'yes'],
      ['Hal Plain', 'hal.plain@org.test', 'no'],
    ]);
    const refused = await previewOf('engineers', file, undefined, manager2);
    expect(refused.rows[0]!.errors).toEqual([{ line: 2, column: 'invite', message: 'Only an admin can invite people to sign in: leave the invite column out or empty' }]);

    expect(await imported('engineers', file)).toMatchObject({ state: 'done', created: 2 });
    const mail = await smtp.waitFor('gus.invite@org.test', 'You are invited to Capacity Planner');
    expect(mail.text).toContain('Hello Gus Invite');
    const link = linkIn(mail, '/invite');
    const token = new URL(link).hash.replace('#token=', '');
    expect((await t.request({ method: 'GET', url: `/api/invites/${token}` })).json()).toEqual({ email: 'gus.invite@org.test', name: 'Gus Invite', role: 'engineer' });
    const accounts = (await t.request({ method: 'GET', url: '/api/accounts', token: admin })).json() as { _id: string; email: string; status: string }[];
    const gus = accounts.find((a) => a.email === 'gus.invite@org.test')!;
    expect(gus.status).toBe('invited');
    // The account is the engineer record's, as a single invitation's is.
    expect(gus._id).toBe((await engineerNamed('gus.invite@org.test'))._id);
    expect(accounts.some((a) => a.email === 'hal.plain@org.test')).toBe(false);

    // Invited already: the same file again leaves them as they are.
    expect(await imported('engineers', file)).toMatchObject({ created: 0, updated: 0, unchanged: 2 });

    // One there already, invited by a later file: an update.
    const later = csvOf([['Email', 'Invite'], ['hal.plain@org.test', 'Y']]);
    expect((await previewOf('engineers', csvOf([['Name', 'Email', 'Invite'], ['Hal Plain', 'hal.plain@org.test', 'Y']]))).rows[0]).toMatchObject({
      action: 'update', diff: [{ field: 'invite', from: '', to: 'invited' }],
    });
    expect((await postCsv(t, admin, '/api/import/engineers/preview', later)).json().fileErrors.map((e: { message: string }) => e.message)).toEqual(["Missing column 'name'"]);
  });
});
