/**
 * GET /api/assignments: populated as the spec's client expects (engineerId {_id, name, email},
 * projectId {_id, name, status}); managers and auditors see all, an engineer only their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialKeys, dayFromToday, daysToNextMonth, decodeJwt, signHs256, TEST_JWT_SECRET, validEngineerPayload } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';

const NEXT_MONTH = daysToNextMonth();

/** The demo assignments as server/seed/demo.ts defines them: [engineer, project, role, allocation, from, to]. */
const seedAssignments: [string, string, string, number, number, number][] = [
  ['Sam Rivera', 'Customer Portal Redesign', 'Tech Lead', 60, -60, 60],
  ['Sam Rivera', 'AI Support Assistant', 'Backend Engineer', 40, 30, 180],
  ['Sam Rivera', 'Internal Tools Refresh', 'Frontend Engineer', 50, -200, -20],
  ['Priya Patel', 'Payments Platform Migration', 'Backend Engineer', 80, -30, 90],
  ['Priya Patel', 'Data Warehouse Modernisation', 'Platform Support', 40, -45, 30],
  ['Jordan Lee', 'Customer Portal Redesign', 'Frontend Engineer', 30, -20, 60],
  ['Mei Chen', 'Data Warehouse Modernisation', 'Data Engineer', 40, -90, 30],
  ['Tom Becker', 'Mobile App v2', 'Mobile Engineer', 30, 14, 120],
  ['Tom Becker', 'Customer Portal Redesign', 'Mobile Web Support', 60, -10, 20],
  ['Aisha Khan', 'Payments Platform Migration', 'Infrastructure Lead', 100, -30, 45],
  ['Lucas Silva', 'AI Support Assistant', 'Backend Engineer', 50, 30, 120],
  ['Lucas Silva', 'Internal Tools Refresh', 'Backend Engineer', 40, -150, -20],
  ['Elena Rossi', 'Data Warehouse Modernisation', 'ML Engineer', 50, -60, 30],
  ['Aisha Khan', 'Customer Portal Redesign', 'Platform Support', 30, NEXT_MONTH, NEXT_MONTH + 21],
];

type Populated = {
  _id: string;
  engineerId: { _id: string; name: string; email: string };
  projectId: { _id: string; name: string; status: string };
  role: string;
  allocationPercentage: number;
  startDate: string;
  endDate: string;
  version: number;
};

const seededAt = new Date();
let t: TestApp;
let managerToken: string;
let engineerToken: string;

beforeAll(async () => {
  t = await startTestApp({ now: seededAt });
  [managerToken, engineerToken] = await Promise.all([t.login(demo.manager), t.login(demo.engineer)]);
});

afterAll(async () => {
  await t?.close();
});

const assignments = async (token: string): Promise<Populated[]> => {
  const response = await t.request({ method: 'GET', url: '/api/assignments', token });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json();
};

const summary = (a: Populated) =>
  [a.engineerId.name, a.projectId.name, a.role, a.allocationPercentage, a.startDate, a.endDate].join(' | ');
const seedSummary = ([engineer, project, role, allocation, from, to]: (typeof seedAssignments)[number]) =>
  [engineer, project, role, allocation, dayFromToday(from, seededAt), dayFromToday(to, seededAt)].join(' | ');

describe('GET /api/assignments', () => {
  it('gives a manager all 14 demo assignments as a bare array', async () => {
    const list = await assignments(managerToken);
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(14);
    expect(list.map(summary).sort()).toEqual(seedAssignments.map(seedSummary).sort());
  });

  it('gives the auditor all 14 as well', async () => {
    expect(await assignments(await t.login(demo.auditor))).toHaveLength(14);
  });

  it('populates engineerId {_id, name, email} and projectId {_id, name, status}, and nothing more', async () => {
    const [list, engineers, projects] = await Promise.all([
      assignments(managerToken),
      t.request({ method: 'GET', url: '/api/engineers', token: managerToken }).then((r) => r.json() as { _id: string; name: string; email: string }[]),
      t.request({ method: 'GET', url: '/api/projects', token: managerToken }).then((r) => r.json() as { _id: string; name: string; status: string }[]),
    ]);
    for (const assignment of list) {
      expect(Object.keys(assignment).sort()).toEqual(
        ['_id', 'allocationPercentage', 'endDate', 'engineerId', 'projectId', 'role', 'startDate', 'version'],
      );
      expect(Object.keys(assignment.engineerId).sort()).toEqual(['_id', 'email', 'name']);
      expect(Object.keys(assignment.projectId).sort()).toEqual(['_id', 'name', 'status']);
      const engineer = engineers.find((e) => e._id === assignment.engineerId._id)!;
      expect(assignment.engineerId).toEqual({ _id: engineer._id, name: engineer.name, email: engineer.email });
      const project = projects.find((p) => p._id === assignment.projectId._id)!;
      expect(assignment.projectId).toEqual({ _id: project._id, name: project.name, status: project.status });
      expect(assignment.version).toBe(1);
    }
    expect(credentialKeys(list)).toEqual([]);
  });

  it("shows the project's current status, after it changed (Internal Tools Refresh is completed)", async () => {
    const tools = (await assignments(managerToken)).filter((a) => a.projectId.name === 'Internal Tools Refresh');
    expect(tools).toHaveLength(2);
    for (const a of tools) expect(a.projectId.status).toBe('completed');
  });

  it('gives an engineer only their own three (Sam Rivera)', async () => {
    const samId = decodeJwt(engineerToken).sub;
    const list = await assignments(engineerToken);
    expect(list).toHaveLength(3);
    for (const a of list) expect(a.engineerId).toEqual({ _id: samId, name: 'Sam Rivera', email: 'engineer@demo.test' });
    expect(list.map(summary).sort()).toEqual(seedAssignments.filter(([who]) => who === 'Sam Rivera').map(seedSummary).sort());
  });

  it('gives another engineer only theirs (Priya Patel), whichever header form is used', async () => {
    const token = await t.login('priya.patel@demo.test');
    for (const header of [token, `Bearer ${token}`]) {
      const response = await t.request({ method: 'GET', url: '/api/assignments', headers: { authorization: header } });
      expect(response.statusCode).toBe(200);
      const list = response.json() as Populated[];
      expect(list.map((a) => a.engineerId.name)).toEqual(['Priya Patel', 'Priya Patel']);
    }
  });

  it('gives an engineer without assignments an empty array, not an error', async () => {
    // A real account: a token whose account does not exist is refused.
    const hire = validEngineerPayload();
    expect((await t.request({ method: 'POST', url: '/api/engineers', token: managerToken, body: hire })).statusCode).toBe(201);
    const login = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: hire.email, password: hire.password } });
    const token = (login.json() as { token: string }).token;
    expect(await assignments(token)).toEqual([]);
  });
});
