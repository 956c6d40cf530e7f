/**
 * The Team filter of the schedule (GET /api/capacity) and of the project plan (GET /api/projects/plan) on
 * real PostgreSQL: a team keeps its people and those of the teams inside it, today; the department
 * filter keeps only the people whose own team has that name; an unknown team keeps nobody.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engineer } from '../../domain/entities.ts';
import { recordDepartmentTeams } from '../../server/runtime/first-run.ts';
import { dayFromToday } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';

type TeamView = { _id: string; name: string; version: number };
type Listed = { engineerId: { _id: string; name: string }; projectId: { _id: string; name: string }; startDate: string; endDate: string };

let t: TestApp;
let dana: string;
let teams: TeamView[];
let engineers: Engineer[];
const team = (name: string) => teams.find((x) => x.name === name)!;
const from = dayFromToday(0).slice(0, 10);
const to = dayFromToday(83).slice(0, 10);

beforeAll(async () => {
  t = await startTestApp();
  dana = await t.login(demo.manager);
  await recordDepartmentTeams(t.app.db);
  const delivery = await t.request({ method: 'POST', url: '/api/teams', token: dana, body: { name: 'Delivery' } });
  expect(delivery.statusCode, delivery.body).toBe(201);
  teams = (await t.request({ method: 'GET', url: '/api/teams', token: dana })).json();
  // Data and Mobile move inside Delivery.
  for (const name of ['Data', 'Mobile']) {
    const moved = await t.request({ method: 'PATCH', url: `/api/teams/${team(name)._id}`, token: dana, body: { parentId: team('Delivery')._id, version: team(name).version } });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  engineers = (await t.request({ method: 'GET', url: '/api/engineers', token: dana })).json();
});

afterAll(async () => {
  await t?.close();
});

const names = async (url: string) => {
  const response = await t.request({ method: 'GET', url, token: dana });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { rows: { engineer?: { name: string }; project?: { name: string } }[] }).rows.map((r) => (r.engineer ?? r.project)!.name).sort();
};

describe('the Team filter', () => {
  it('on the schedule keeps the team and the teams inside it; the department filter does not', async () => {
    const grid = `/api/capacity?from=${from}&to=${to}&step=week`;
    // The demo's departments: Data is Mei and Elena, Mobile is Tom.
    expect(await names(`${grid}&team=${team('Delivery')._id}`)).toEqual(['Elena Rossi', 'Mei Chen', 'Tom Becker']);
    expect(await names(`${grid}&team=${team('Data')._id}`)).toEqual(['Elena Rossi', 'Mei Chen']);
    expect(await names(`${grid}&department=Delivery`)).toEqual([]);
    expect(await names(`${grid}&team=no-such-team`)).toEqual([]);
    expect(await names(grid)).toHaveLength(engineers.length);
  });

  it('on the project plan keeps the projects the team works on in the window', async () => {
    const listed = (await t.request({ method: 'GET', url: '/api/assignments', token: dana })).json() as Listed[];
    const worked = (people: string[]) => [...new Set(listed
      .filter((a) => people.includes(a.engineerId.name) && a.startDate.slice(0, 10) <= to && a.endDate.slice(0, 10) >= from)
      .map((a) => a.projectId.name))].sort();
    const expected = worked(['Mei Chen', 'Elena Rossi', 'Tom Becker']);
    expect(expected.length).toBeGreaterThan(0);
    const plan = `/api/projects/plan?from=${from}&to=${to}&step=week`;
    expect(await names(`${plan}&team=${team('Delivery')._id}`)).toEqual(expected);
    expect(await names(`${plan}&team=${team('Mobile')._id}`)).toEqual(worked(['Tom Becker']));
    expect((await names(plan)).length).toBeGreaterThan(expected.length);
    expect(await names(`${plan}&team=no-such-team`)).toEqual([]);
  });
});
