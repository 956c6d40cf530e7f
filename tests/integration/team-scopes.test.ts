/**
 * Teams and scoped managers on real PostgreSQL: the departments become teams through events; a manager
 * scoped to one team gets 2xx for their team's people and 403 (naming who is out of reach, nothing
 * written) for anyone else on every write path: HTTP, bulk, import, undo and a scenario's publish.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Assignment, Engineer, Project } from '../../domain/entities.ts';
import { recordDepartmentTeams } from '../../server/runtime/first-run.ts';
import { dayFromToday, decodeJwt, validAssignmentPayload } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { dbEventCount } from '../support/history-helpers.ts';
import { csvOf, importCsv } from '../support/import-helpers.ts';

type TeamView = { _id: string; name: string; parentId: string | null; version: number; members: { _id: string; name: string }[]; managers: { _id: string; name: string }[] };

let t: TestApp;
let admin: string; // Dana: org-wide manager and admin
let scoped: string; // Chris: manages Product Engineering only
let engineers: Engineer[];
let teams: TeamView[];
let project: Project;
const person = (name: string) => engineers.find((e) => e.name === name)!;
const team = (name: string) => teams.find((x) => x.name === name)!;

beforeAll(async () => {
  t = await startTestApp();
  [admin, scoped] = await Promise.all([t.login(demo.manager), t.login(demo.manager2)]);
  // The step the server runs at start: one team per department, everyone placed in theirs.
  expect(await recordDepartmentTeams(t.app.db)).toBeGreaterThan(0);
  expect(await recordDepartmentTeams(t.app.db)).toBe(0);
  engineers = (await t.request({ method: 'GET', url: '/api/engineers', token: admin })).json();
  teams = (await t.request({ method: 'GET', url: '/api/teams', token: admin })).json();
  const chris = decodeJwt(scoped).sub as string;
  const account = (await t.request({ method: 'GET', url: '/api/accounts', token: admin })).json().find((a: { _id: string }) => a._id === chris);
  const changed = await t.request({ method: 'PATCH', url: `/api/accounts/${chris}`, token: admin, body: { scope: [team('Product Engineering')._id], version: account.version } });
  expect(changed.statusCode, changed.body).toBe(200);
  expect(changed.json().scope).toEqual([team('Product Engineering')._id]);
  project = (await t.request({ method: 'GET', url: '/api/projects', token: admin })).json().find((p: Project) => p.name === 'Customer Portal Redesign');
});

afterAll(async () => {
  await t?.close();
});

const assign = (engineerId: string, token: string, day = 30) =>
  t.request({ method: 'POST', url: '/api/assignments', token, body: validAssignmentPayload(engineerId, project._id, { role: 'Scope check', allocationPercentage: 10, startDate: dayFromToday(day), endDate: dayFromToday(day + 5) }) });

/** A refusal: 403 naming the person and their team, and not one event appended. */
async function refused(write: () => Promise<{ statusCode: number; body: string; json: () => unknown }>, names: string) {
  const before = await dbEventCount(t);
  const response = await write();
  expect(response.statusCode, response.body).toBe(403);
  expect((response.json() as { message: string }).message).toContain(names);
  expect(await dbEventCount(t)).toBe(before);
}

describe('teams from departments', () => {
  it('makes one team per department with its people, and the department reads as the team name', async () => {
    teams = (await t.request({ method: 'GET', url: '/api/teams', token: scoped })).json();
    expect(teams.map((x) => x.name)).toEqual(expect.arrayContaining(['Product Engineering', 'Platform', 'Data', 'Mobile']));
    expect(team('Data').members.map((m) => m.name).sort()).toEqual(['Elena Rossi', 'Mei Chen']);
    expect(person('Mei Chen')).toMatchObject({ department: 'Data', teams: [{ from: '0001-01-01', teamId: team('Data')._id }] });
    expect(team('Product Engineering').managers.map((m) => m.name)).toEqual(['Chris Okafor']);
  });

  it('lets admins change teams; a scoped manager gets 403; a team with members cannot go (409)', async () => {
    const made = await t.request({ method: 'POST', url: '/api/teams', token: admin, body: { name: 'Frontend', parentId: team('Product Engineering')._id } });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ name: 'Frontend', parentId: team('Product Engineering')._id, version: 1 });
    expect((await t.request({ method: 'POST', url: '/api/teams', token: admin, body: { name: 'frontend' } })).statusCode).toBe(409);
    expect((await t.request({ method: 'POST', url: '/api/teams', token: scoped, body: { name: 'Mine' } })).statusCode).toBe(403);
    const busy = await t.request({ method: 'DELETE', url: `/api/teams/${team('Data')._id}`, token: admin });
    expect(busy.statusCode, busy.body).toBe(409);
    expect(busy.json().message).toBe('The team still has 2 members: move them to another team first');
    const renamed = await t.request({ method: 'PATCH', url: `/api/teams/${made.json()._id}`, token: admin, body: { name: 'Web', version: 1 } });
    expect(renamed.json()).toMatchObject({ name: 'Web', version: 2 });
  });
});

describe('a manager scoped to Product Engineering', () => {
  it('HTTP: 201 for Jordan (theirs), 403 naming Mei and Data for Mei', async () => {
    expect((await assign(person('Jordan Lee')._id, scoped)).statusCode).toBe(201);
    await refused(() => assign(person('Mei Chen')._id, scoped), 'Mei Chen (in Data)');
    // Moving someone into their team is a change to that person too.
    await refused(() => t.request({ method: 'PUT', url: `/api/engineers/${person('Mei Chen')._id}/team`, token: scoped, body: { teamId: team('Product Engineering')._id, from: dayFromToday(0).slice(0, 10) } }), 'Mei Chen');
    // A reassignment from their person to someone else's touches both.
    const jordans = (await assign(person('Jordan Lee')._id, scoped, 40)).json() as Assignment;
    await refused(() => t.request({ method: 'PATCH', url: `/api/assignments/${jordans._id}`, token: scoped, body: { engineerId: person('Mei Chen')._id, version: jordans.version } }), 'Mei Chen');
    // Org-wide things are not theirs.
    await refused(() => t.request({ method: 'POST', url: '/api/holidays', token: scoped, body: { date: dayFromToday(50).slice(0, 10), name: 'Scoped day' } }), 'Only an org-wide manager');
  });

  it('bulk: all of it refused when one change is out of reach; theirs alone goes through', async () => {
    const theirs = (await assign(person('Lucas Silva')._id, admin, 60)).json() as Assignment;
    const others = (await assign(person('Priya Patel')._id, admin, 60)).json() as Assignment;
    await refused(() => t.request({ method: 'POST', url: '/api/assignments/bulk', token: scoped, body: { changes: [
      { assignmentId: theirs._id, version: theirs.version, op: 'allocation', allocationPercentage: 15 },
      { assignmentId: others._id, version: others.version, op: 'allocation', allocationPercentage: 15 },
    ] } }), 'Priya Patel (in Platform)');
    const ok = await t.request({ method: 'POST', url: '/api/assignments/bulk', token: scoped, body: { changes: [{ assignmentId: theirs._id, version: theirs.version, op: 'allocation', allocationPercentage: 15 }] } });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('import: a file naming Mei stops with the refusal and writes nothing; one naming Jordan imports', async () => {
    const day = (n: number) => dayFromToday(n).slice(0, 10);
    const header = ['engineerEmail', 'projectName', 'role', 'allocationPercentage', 'startDate', 'endDate'];
    const before = await dbEventCount(t);
    const job = await importCsv(t, scoped, 'assignments', csvOf([header, ['mei.chen@demo.test', project.name, 'Imported', '10', day(70), day(75)]]));
    expect(job).toMatchObject({ state: 'failed' });
    expect(job.message).toContain('Mei Chen (in Data)');
    expect(await dbEventCount(t)).toBe(before);
    expect(await importCsv(t, scoped, 'assignments', csvOf([header, ['jordan.lee@demo.test', project.name, 'Imported', '10', day(70), day(75)]]))).toMatchObject({ state: 'done', created: 1 });
  });

  it('undo: their own write undoes; an org-wide manager\'s write on Mei does not', async () => {
    const mine = await assign(person('Jordan Lee')._id, scoped, 80);
    const undoMine = await t.request({ method: 'POST', url: `/api/undo/${mine.headers['x-command-id']}`, token: scoped });
    expect(undoMine.statusCode, undoMine.body).toBe(200);
    const danas = await assign(person('Mei Chen')._id, admin, 80);
    await refused(() => t.request({ method: 'POST', url: `/api/undo/${danas.headers['x-command-id']}`, token: scoped }), 'Mei Chen (in Data)');
  });

  it('publish: a scenario putting Mei on the project is refused whole; one with Jordan publishes', async () => {
    const scenario = async (engineerId: string) => {
      const made = (await t.request({ method: 'POST', url: '/api/scenarios', token: scoped, body: { name: `Scope ${engineerId.slice(-4)}` } })).json() as { _id: string };
      const drafted = await t.request({ method: 'POST', url: `/api/scenarios/${made._id}/changes`, token: scoped, body: { command: {
        kind: 'createAssignment', assignmentId: crypto.randomUUID(),
        input: validAssignmentPayload(engineerId, project._id, { role: 'Drafted', allocationPercentage: 10, startDate: dayFromToday(90), endDate: dayFromToday(95) }),
      } } });
      expect(drafted.statusCode, drafted.body).toBe(201);
      return made._id;
    };
    const meis = await scenario(person('Mei Chen')._id);
    await refused(() => t.request({ method: 'POST', url: `/api/scenarios/${meis}/publish`, token: scoped, body: {} }), 'Mei Chen (in Data)');
    const jordans = await scenario(person('Jordan Lee')._id);
    const published = await t.request({ method: 'POST', url: `/api/scenarios/${jordans}/publish`, token: scoped, body: {} });
    expect(published.statusCode, published.body).toBe(200);
  });

  it('an org-wide manager is not held back: Dana changes anyone', async () => {
    expect((await assign(person('Mei Chen')._id, admin, 100)).statusCode).toBe(201);
    expect((await assign(person('Jordan Lee')._id, admin, 100)).statusCode).toBe(201);
  });
});
