/**
 * CSV import and export of engineers, projects and assignments: the preview (per row its line, action
 * and every error, nothing written), the import (202 and a job; written through the planning commands
 * so history, hash chains and read models follow; idempotent; refused whole on any bad row), the roles,
 * and the export that imports again unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildReadModels } from '../../server/projections/rebuild.ts';
import { dayFromToday, eventually } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { dbEventCount, restLists } from '../support/history-helpers.ts';
import { csvOf, importCsv, postCsv, preview } from '../support/import-helpers.ts';

let t: TestApp;
let manager: string;
let engineer: string;
let auditor: string;

beforeAll(async () => {
  t = await startTestApp();
  [manager, engineer, auditor] = await Promise.all([t.login(demo.manager), t.login(demo.engineer), t.login(demo.auditor)]);
});

afterAll(async () => {
  await t?.close();
});

const engineersHeader = ['name', 'email', 'department', 'seniority', 'maxCapacity', 'skills'];
const date = (offset: number) => dayFromToday(offset).slice(0, 10);

const engineersFile = csvOf([
  engineersHeader,
  ['Ines Duarte', 'ines.duarte@import.test', 'Data', 'mid', '80', 'Python; dbt'],
  ['Priya Patel', 'priya.patel@demo.test', 'Platform', 'senior', '100', 'Go; Kubernetes; PostgreSQL'],
  ['Mei Chen', 'mei.chen@demo.test', 'Data', 'senior', '50', 'Python; Spark; PostgreSQL; dbt; Airflow'],
  ['Olu "Ace" Bello', 'olu.bello@import.test', 'Mobile, iOS', 'junior', '100', 'Swift'],
]);

describe('preview', () => {
  it('tells per row, by its line, what would be created, changed or left, and writes nothing', async () => {
    const before = await dbEventCount(t);
    const result = await preview(t, manager, 'engineers', engineersFile);
    expect(result.counts).toEqual({ create: 2, update: 1, unchanged: 1, error: 0 });
    expect(result.rows.map((r) => [r.line, r.key, r.action, r.changes])).toEqual([
      [2, 'ines.duarte@import.test', 'create', []],
      [3, 'priya.patel@demo.test', 'update', ['seniority']],
      [4, 'mei.chen@demo.test', 'unchanged', []],
      [5, 'olu.bello@import.test', 'create', []],
    ]);
    expect(result.rows[1]!.diff).toEqual([{ field: 'seniority', from: 'mid', to: 'senior' }]);
    expect(await dbEventCount(t)).toBe(before);
  });

  it("lists every error of every row with its line and the API's own message", async () => {
    const file = csvOf([
      engineersHeader,
      ['Ok Person', 'ok.person@import.test', '', 'mid', '100', ''],
      ['', 'not-an-email', 'Data', 'expert', '0', ''],
      ['Ok Person Again', 'OK.person@import.test', '', 'mid', '100', ''],
      ['Auditor', demo.auditor, '', 'mid', '100', ''],
    ]);
    const result = await preview(t, manager, 'engineers', file);
    expect(result.rows.map((r) => r.action)).toEqual(['create', 'error', 'error', 'error']);
    expect(result.rows.flatMap((r) => r.errors)).toEqual([
      { line: 3, column: 'name', message: 'Name is required' },
      { line: 3, column: 'email', message: 'A valid email is required' },
      { line: 3, column: 'seniority', message: 'Seniority must be junior, mid or senior' },
      { line: 3, column: 'maxCapacity', message: 'Max capacity must be between 1 and 100' },
      { line: 4, column: null, message: 'Repeats line 2: one row per email' },
      { line: 5, column: 'email', message: 'An account with this email already exists' },
    ]);
  });

  it('reads a byte order mark, CRLF lines and quoted cells holding commas, quotes and line breaks, and keeps the line numbers right', async () => {
    const file = `\uFEFF${engineersHeader.join(',')}\r\n"Line\r\nBreak",line.break@import.test,"A, B",mid,100,\r\n\r\n"Q ""uote""",bad,Data,mid,100,`;
    const result = await preview(t, manager, 'engineers', file);
    expect(result.rows.map((r) => [r.line, r.action])).toEqual([[2, 'create'], [5, 'error']]);
    expect(result.rows[1]!.errors).toEqual([{ line: 5, column: 'email', message: 'A valid email is required' }]);
  });

  it('reads a file whose lines end in CR LF and in LF both (edited on two systems) line by line, not merged', async () => {
    const lines = [
      engineersHeader.join(','),
      'Ana Mixed,ana.mixed@import.test,Data,mid,80,Python',
      'Ben Mixed,ben.mixed@import.test,Data,mid,80,Go',
      'Cy Mixed,cy.mixed@import.test,Data,junior,60,',
      'Di Mixed,di.mixed@import.test,Data,senior,100,SQL',
    ];
    const file = `${lines[0]}\r\n${lines[1]}\n${lines[2]}\n${lines[3]}\r\n${lines[4]}\n`;
    const result = await preview(t, manager, 'engineers', file);
    expect(result.rows.flatMap((r) => r.errors)).toEqual([]);
    expect(result.rows.map((r) => [r.line, r.key, r.action])).toEqual([
      [2, 'ana.mixed@import.test', 'create'],
      [3, 'ben.mixed@import.test', 'create'],
      [4, 'cy.mixed@import.test', 'create'],
      [5, 'di.mixed@import.test', 'create'],
    ]);
  });

  it('ignores a column the list does not have, with a warning, and imports the rest of the file', async () => {
    const file = csvOf([
      [...engineersHeader, 'Notes'],
      ['Eve Extra', 'eve.extra@import.test', 'Data', 'mid', '70', 'R', 'met at the conference'],
    ]);
    const result = await preview(t, manager, 'engineers', file);
    expect(result.fileErrors).toEqual([]);
    expect(result.fileWarnings).toEqual([{
      line: 1, column: 'Notes', message: "Unknown column 'Notes': it is ignored (the engineers columns are name, email, department, seniority, maxCapacity, skills, calendar, firstName, lastName, jobTitle, workWeek, startDate, leaveDate, invite, team)",
    }]);
    expect(result.rows.map((r) => [r.line, r.action])).toEqual([[2, 'create']]);
    expect(await importCsv(t, manager, 'engineers', file)).toMatchObject({ state: 'done', created: 1 });
    expect((await restLists(t, manager)).engineers.find((e) => e.email === 'eve.extra@import.test')).toMatchObject({ name: 'Eve Extra', maxCapacity: 70 });
  });

  it('reports a wrong header, or text that is not CSV, as problems with the file', async () => {
    const header = await preview(t, manager, 'assignments', csvOf([['engineerEmail', 'project', 'role'], ['a', 'b', 'c']]));
    expect(header.rows).toEqual([]);
    expect(header.fileWarnings.map((e) => e.message)).toEqual([
      "Unknown column 'project': it is ignored (the assignments columns are engineerEmail, projectName, role, allocationPercentage, startDate, endDate)",
    ]);
    expect(header.fileErrors.map((e) => e.message)).toEqual([
      "Missing column 'projectName'",
      "Missing column 'allocationPercentage'",
      "Missing column 'startDate'",
      "Missing column 'endDate'",
    ]);
    const unreadable = await preview(t, manager, 'engineers', 'name,email\n"never closed,x@y.test');
    expect(unreadable.fileErrors).toHaveLength(1);
    expect(unreadable.fileErrors[0]!.message).toMatch(/^The file is not readable as CSV: /);
  });
});

describe('import', () => {
  it('writes the rows through the planning commands, and the same file again changes nothing', async () => {
    const priyaBefore = (await restLists(t, manager)).engineers.find((e) => e.email === 'priya.patel@demo.test')!;
    const first = await importCsv(t, manager, 'engineers', engineersFile);
    expect(first).toMatchObject({ state: 'done', done: 3, total: 3, created: 2, updated: 1, unchanged: 1 });
    const engineers = (await restLists(t, manager)).engineers;
    expect(engineers.find((e) => e.email === 'olu.bello@import.test')).toMatchObject({
      name: 'Olu "Ace" Bello', department: 'Mobile, iOS', seniority: 'junior', maxCapacity: 100, skills: ['Swift'], version: 1,
    });
    expect(engineers.find((e) => e.email === 'priya.patel@demo.test')).toMatchObject({ seniority: 'senior', version: Number(priyaBefore.version) + 1 });

    const events = await dbEventCount(t);
    const again = await importCsv(t, manager, 'engineers', engineersFile);
    expect(again).toMatchObject({ state: 'done', done: 0, total: 0, created: 0, updated: 0, unchanged: 4 });
    expect(await dbEventCount(t)).toBe(events);
  });

  it('refuses a file with one bad row whole, says so, and writes nothing', async () => {
    const before = await dbEventCount(t);
    const file = csvOf([engineersHeader, ['Fine One', 'fine.one@import.test', '', 'mid', '100', ''], ['Bad One', 'bad.one@import.test', '', 'mid', '101', '']]);
    const response = await postCsv(t, manager, '/api/import/engineers', file);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'IMPORT_HAS_ERRORS',
      message: 'Nothing was imported: 1 row has errors (first, line 3: Max capacity must be between 1 and 100)',
      issues: [{ path: 'line 3: maxCapacity', message: 'Max capacity must be between 1 and 100' }],
    });
    expect(await dbEventCount(t)).toBe(before);
    expect((await restLists(t, manager)).engineers.some((e) => e.email === 'fine.one@import.test')).toBe(false);
  });

  it('imports projects and then assignments naming them, with history, hash chains and read models that follow', async () => {
    const projects = csvOf([
      ['name', 'description', 'startDate', 'endDate', 'teamSize', 'requiredSkills', 'status'],
      ['Imported Atlas', 'Atlas migration, imported from a spreadsheet', date(-10), date(80), '3', 'Python; dbt', 'active'],
      ['Imported Beacon', 'Beacon rollout, imported from a spreadsheet', date(20), date(120), '2', 'Swift', 'planning'],
    ]);
    expect(await importCsv(t, manager, 'projects', projects)).toMatchObject({ state: 'done', created: 2 });

    const assignments = csvOf([
      ['engineerEmail', 'projectName', 'role', 'allocationPercentage', 'startDate', 'endDate'],
      ['ines.duarte@import.test', 'Imported Atlas', 'Data Engineer', '60', date(-10), date(40)],
      ['olu.bello@import.test', 'Imported Beacon', 'iOS Engineer', '100', date(20), date(120)],
      ['Priya.Patel@demo.test', 'Imported Atlas', 'Reviewer', '10', date(0), date(30)],
    ]);
    const planned = await preview(t, manager, 'assignments', assignments);
    expect(planned.counts).toEqual({ create: 3, update: 0, unchanged: 0, error: 0 });
    expect(await importCsv(t, manager, 'assignments', assignments)).toMatchObject({ state: 'done', created: 3 });

    const lists = await restLists(t, manager);
    const ines = lists.assignments.find((a) => (a.engineerId as { email: string }).email === 'ines.duarte@import.test');
    expect(ines).toMatchObject({ role: 'Data Engineer', allocationPercentage: 60, projectId: { name: 'Imported Atlas' } });

    const imported = new Set(lists.projects.filter((p) => String(p.name).startsWith('Imported ')).map((p) => p._id));
    // Readers see a transaction once every older one on the (shared) server has ended: wait for them.
    const created = await eventually(
      async () => {
        const history = await t.request({ method: 'GET', url: '/api/events?limit=1000&type=AssignmentCreated', token: manager });
        return (history.json() as { events: { data: { projectId: string; role: string }; metadata: { actorRole: string } }[] }).events
          .filter((e) => imported.has(e.data.projectId));
      },
      (events) => events.length >= 3,
    );
    expect(created.map((e) => [e.data.role, e.metadata.actorRole])).toEqual([['Data Engineer', 'manager'], ['iOS Engineer', 'manager'], ['Reviewer', 'manager']]);
    const verified = await t.request({ method: 'POST', url: '/api/history/verify', token: manager });
    expect(verified.json()).toMatchObject({ ok: true });
    const rebuilt = await rebuildReadModels(t.app.db, { swap: false });
    expect(rebuilt.equal).toBe(true);

    // A changed allocation is an update of the same assignment, not a second one.
    const changed = assignments.replace('Reviewer,10,', 'Reviewer,20,');
    expect(await importCsv(t, manager, 'assignments', changed)).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
  });
});

describe('roles', () => {
  it.each([['engineer'], ['auditor']] as const)('refuses the %s a preview or an import (403) and writes nothing', async (who) => {
    const token = who === 'engineer' ? engineer : auditor;
    const before = await dbEventCount(t);
    for (const url of ['/api/import/engineers/preview', '/api/import/engineers']) {
      const response = await postCsv(t, token, url, engineersFile);
      expect(response.statusCode).toBe(403);
    }
    expect(await dbEventCount(t)).toBe(before);
  });

  it('lets managers and auditors export, not engineers', async () => {
    expect((await t.request({ method: 'GET', url: '/api/export/engineers.csv', token: auditor })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/export/engineers.csv', token: engineer })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/export/engineers.csv' })).statusCode).toBe(401);
  });
});

describe('export', () => {
  it.each([['engineers'], ['projects'], ['assignments']])('%s: CSV in the import columns that imports again unchanged', async (kind) => {
    const response = await t.request({ method: 'GET', url: `/api/export/${kind}.csv`, token: manager });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${kind}.csv"`);
    const lists = await restLists(t, manager);
    const rows = response.body.trimEnd().split('\r\n');
    expect(rows.length - 1).toBeGreaterThanOrEqual(lists[kind as keyof typeof lists].length);

    const events = await dbEventCount(t);
    const result = await preview(t, manager, kind, response.body);
    expect(result.counts).toEqual({ create: 0, update: 0, unchanged: lists[kind as keyof typeof lists].length, error: 0 });
    expect(await importCsv(t, manager, kind, response.body)).toMatchObject({ state: 'done', created: 0, updated: 0 });
    expect(await dbEventCount(t)).toBe(events);
  });

  it('writes dates as plain dates and lists with semicolons', async () => {
    const response = await t.request({ method: 'GET', url: '/api/export/projects.csv', token: manager });
    expect(response.body.split('\r\n')[0]).toBe('name,description,startDate,endDate,teamSize,requiredSkills,status,tentative');
    expect(response.body).toContain(`Imported Atlas,"Atlas migration, imported from a spreadsheet",${date(-10)},${date(80)},3,Python; dbt,active`);
  });
});

describe('limits', () => {
  it('refuses a body over 10 MB (413) and a body that is not CSV text (415)', async () => {
    const big = `${engineersHeader.join(',')}\n${'x'.repeat(10 * 1024 * 1024)}`;
    expect((await postCsv(t, manager, '/api/import/engineers/preview', big)).statusCode).toBe(413);
    const json = await t.request({ method: 'POST', url: '/api/import/engineers/preview', token: manager, body: { csv: 'name' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe('Send the CSV file itself as the request body, with Content-Type: text/csv');
    const unknown = await postCsv(t, manager, '/api/import/holidayz/preview', engineersFile);
    expect(unknown.statusCode).toBe(400);
  });
});
