/**
 * GET /api/engineers, /api/engineers/:id and /api/engineers/:id/capacity against the demo data.
 * The capacity expectations are computed here from the demo seed's definition (server/seed/demo.ts),
 * not with the domain functions under test.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialKeys, daysToNextMonth, decodeJwt } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';

/** The demo engineers as server/seed/demo.ts defines them. */
const seedEngineers = [
  { email: 'engineer@demo.test', name: 'Sam Rivera', department: 'Product Engineering', seniority: 'senior', maxCapacity: 100, skills: ['React', 'TypeScript', 'Node.js', 'GraphQL'] },
  { email: 'priya.patel@demo.test', name: 'Priya Patel', department: 'Platform', seniority: 'mid', maxCapacity: 100, skills: ['Go', 'Kubernetes', 'PostgreSQL'] },
  { email: 'jordan.lee@demo.test', name: 'Jordan Lee', department: 'Product Engineering', seniority: 'junior', maxCapacity: 100, skills: ['React', 'CSS', 'Testing'] },
  { email: 'mei.chen@demo.test', name: 'Mei Chen', department: 'Data', seniority: 'senior', maxCapacity: 50, skills: ['Python', 'Spark', 'PostgreSQL', 'dbt', 'Airflow'] },
  { email: 'tom.becker@demo.test', name: 'Tom Becker', department: 'Mobile', seniority: 'mid', maxCapacity: 50, skills: ['Swift', 'Kotlin', 'React Native'] },
  { email: 'aisha.khan@demo.test', name: 'Aisha Khan', department: 'Platform', seniority: 'senior', maxCapacity: 100, skills: ['AWS', 'Terraform', 'Go', 'Node.js'] },
  { email: 'lucas.silva@demo.test', name: 'Lucas Silva', department: 'Product Engineering', seniority: 'junior', maxCapacity: 100, skills: ['TypeScript', 'Node.js'] },
  { email: 'elena.rossi@demo.test', name: 'Elena Rossi', department: 'Data', seniority: 'mid', maxCapacity: 100, skills: ['Python', 'Machine Learning', 'PostgreSQL'] },
] as const;

/** The demo assignments: [engineer email, role, allocation, start offset, end offset] in days from today (midnight UTC). */
const seedAssignments: [string, string, number, number, number][] = [
  ['engineer@demo.test', 'Tech Lead', 60, -60, 60],
  ['engineer@demo.test', 'Backend Engineer', 40, 30, 180],
  ['engineer@demo.test', 'Frontend Engineer', 50, -200, -20],
  ['priya.patel@demo.test', 'Backend Engineer', 80, -30, 90],
  ['priya.patel@demo.test', 'Platform Support', 40, -45, 30],
  ['jordan.lee@demo.test', 'Frontend Engineer', 30, -20, 60],
  ['mei.chen@demo.test', 'Data Engineer', 40, -90, 30],
  ['tom.becker@demo.test', 'Mobile Engineer', 30, 14, 120],
  ['tom.becker@demo.test', 'Mobile Web Support', 60, -10, 20],
  ['aisha.khan@demo.test', 'Infrastructure Lead', 100, -30, 45],
  ['lucas.silva@demo.test', 'Backend Engineer', 50, 30, 120],
  ['lucas.silva@demo.test', 'Backend Engineer', 40, -150, -20],
  ['elena.rossi@demo.test', 'ML Engineer', 50, -60, 30],
  ['aisha.khan@demo.test', 'Platform Support', 30, daysToNextMonth(), daysToNextMonth() + 21],
];

/** Time off lives on the engineer's stream: each booking moves the engineer's version (the demo books two). */
const seedTimeOff = ['priya.patel@demo.test', 'elena.rossi@demo.test'];

/** The current-assignment rule, written out independently: current = start <= now < end (offset 0 is midnight today, now is later). */
function expectedCapacity(email: string) {
  const engineer = seedEngineers.find((e) => e.email === email)!;
  const mine = seedAssignments.filter(([who]) => who === email);
  const current = mine.filter(([, , , from, to]) => from <= 0 && to > 0);
  const upcoming = mine.filter(([, , , from]) => from > 0);
  const allocation = current.reduce((sum, [, , percent]) => sum + percent, 0);
  const status = allocation > engineer.maxCapacity ? 'overloaded' : allocation < engineer.maxCapacity / 2 ? 'underutilized' : 'optimal';
  return {
    maxCapacity: engineer.maxCapacity,
    currentAllocation: allocation,
    availableCapacity: engineer.maxCapacity - allocation,
    utilizationPercentage: Math.round((allocation / engineer.maxCapacity) * 1000) / 10,
    utilizationStatus: status,
    currentRoles: current.map(([, role, percent]) => `${role} ${percent}`).sort(),
    upcomingRoles: upcoming.map(([, role, percent]) => `${role} ${percent}`).sort(),
  };
}

type Engineer = { _id: string; name: string; email: string; maxCapacity: number; version: number } & Record<string, unknown>;

let t: TestApp;
let managerToken: string;
let auditorToken: string;
let engineerToken: string;
let engineers: Engineer[];
const idOf = (email: string) => engineers.find((e) => e.email === email)!._id;

beforeAll(async () => {
  t = await startTestApp();
  [managerToken, auditorToken, engineerToken] = await Promise.all([t.login(demo.manager), t.login(demo.auditor), t.login(demo.engineer)]);
  engineers = (await t.request({ method: 'GET', url: '/api/engineers', token: managerToken })).json();
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/engineers', () => {
  it.each(['manager', 'engineer', 'auditor'] as const)('is a bare array of the 8 demo engineers for the %s', async (role) => {
    const token = { manager: managerToken, engineer: engineerToken, auditor: auditorToken }[role];
    const response = await t.request({ method: 'GET', url: '/api/engineers', token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(8);
  });

  it('serves each engineer with exactly the contract fields and the seeded values', async () => {
    const allowed = ['_id', 'name', 'email', 'department', 'avatar', 'skills', 'seniority', 'maxCapacity', 'version'];
    // Each past week an engineer confirmed in the demo is one event on their record.
    const { rows } = await sql<{ stream_id: string; n: number }>`
      select stream_id, count(*)::int as n from events where type = 'ActualsRecorded' group by stream_id`.execute(t.app.db);
    const confirmed = new Map(rows.map((r) => [r.stream_id, r.n]));
    for (const engineer of engineers) {
      expect(Object.keys(engineer).filter((key) => !allowed.includes(key))).toEqual([]);
      expect(engineer._id).toMatch(/^[0-9a-f-]{36}$/);
      const weeks = confirmed.get(`engineer-${engineer._id}`) ?? 0;
      expect(engineer.version).toBe((seedTimeOff.includes(engineer.email as string) ? 2 : 1) + weeks);
    }
    const byEmail = (email: string) => {
      const { _id, version, avatar, ...rest } = engineers.find((e) => e.email === email)!;
      return rest;
    };
    for (const seeded of seedEngineers) {
      expect(byEmail(seeded.email)).toEqual({ ...seeded, skills: [...seeded.skills] });
    }
  });

  it('carries no credential of any engineer', async () => {
    const response = await t.request({ method: 'GET', url: '/api/engineers', token: engineerToken });
    expect(credentialKeys(response.json())).toEqual([]);
    expect(response.body).not.toMatch(/scrypt|demo1234/i);
  });

  it("uses the engineer's account id, so the signed-in engineer finds themself", () => {
    expect(idOf('engineer@demo.test')).toBe(decodeJwt(engineerToken).sub);
  });
});

describe('GET /api/engineers/:id', () => {
  it('serves one engineer, equal to the list entry, with ETag = version', async () => {
    const sam = engineers.find((e) => e.email === 'engineer@demo.test')!;
    const response = await t.request({ method: 'GET', url: `/api/engineers/${sam._id}`, token: engineerToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(sam);
    expect(response.headers.etag).toBe(`"${sam.version}"`);
    expect(credentialKeys(response.json())).toEqual([]);
  });

  it.each([
    ['an unknown uuid', () => randomUUID()],
    ['an id that is no uuid', () => 'no-such-engineer'],
    ['a project id', () => 'project-1'],
  ])('answers 404 {message, code} for %s', async (_case, id) => {
    const response = await t.request({ method: 'GET', url: `/api/engineers/${id()}`, token: managerToken });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Engineer not found', code: 'NOT_FOUND' });
  });
});

describe('GET /api/engineers/:id with an id PostgreSQL text cannot hold', () => {
  it.each(['/api/engineers/%00', '/api/engineers/a%00b/capacity'])('%s -> 400, not 500', async (url) => {
    const response = await t.request({ method: 'GET', url, token: managerToken });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Text must not contain the NUL character', code: 'VALIDATION_FAILED' });
  });
});

describe('GET /api/engineers/:id/capacity', () => {
  const capacityKeys = [
    'availableCapacity', 'currentAllocation', 'currentAssignments', 'engineerId', 'maxCapacity',
    'upcomingAssignments', 'utilizationPercentage', 'utilizationStatus',
  ];

  const capacity = async (email: string, token = managerToken) => {
    const response = await t.request({ method: 'GET', url: `/api/engineers/${idOf(email)}/capacity`, token });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  // The states the brief names, stated outright (and cross-checked against the seed computation below).
  it('Sam Rivera (engineer@demo.test): 60 % of 100, optimal', async () => {
    expect(await capacity('engineer@demo.test')).toMatchObject({
      maxCapacity: 100, currentAllocation: 60, availableCapacity: 40, utilizationPercentage: 60, utilizationStatus: 'optimal',
    });
  });

  it('Priya Patel: 120 % of 100, overloaded', async () => {
    expect(await capacity('priya.patel@demo.test')).toMatchObject({
      maxCapacity: 100, currentAllocation: 120, availableCapacity: -20, utilizationPercentage: 120, utilizationStatus: 'overloaded',
    });
  });

  it('Tom Becker, part-time: 60 % of 50, overloaded', async () => {
    expect(await capacity('tom.becker@demo.test')).toMatchObject({
      maxCapacity: 50, currentAllocation: 60, availableCapacity: -10, utilizationPercentage: 120, utilizationStatus: 'overloaded',
    });
  });

  it('Jordan Lee: 30 % of 100, underutilized', async () => {
    expect(await capacity('jordan.lee@demo.test')).toMatchObject({
      maxCapacity: 100, currentAllocation: 30, availableCapacity: 70, utilizationPercentage: 30, utilizationStatus: 'underutilized',
    });
  });

  it.each(seedEngineers.map((e) => [e.name, e.email] as const))('%s: every figure as the seed defines it', async (_name, email) => {
    const expected = expectedCapacity(email);
    const body = await capacity(email);
    expect(Object.keys(body).sort()).toEqual(capacityKeys);
    expect(body).toMatchObject({
      engineerId: idOf(email),
      maxCapacity: expected.maxCapacity,
      currentAllocation: expected.currentAllocation,
      availableCapacity: expected.availableCapacity,
      utilizationPercentage: expected.utilizationPercentage,
      utilizationStatus: expected.utilizationStatus,
    });
    const roles = (list: { role: string; allocationPercentage: number }[]) => list.map((a) => `${a.role} ${a.allocationPercentage}`).sort();
    expect(roles(body.currentAssignments)).toEqual(expected.currentRoles);
    expect(roles(body.upcomingAssignments)).toEqual(expected.upcomingRoles);
    for (const assignment of [...body.currentAssignments, ...body.upcomingAssignments]) {
      expect(assignment).toMatchObject({ startDate: expect.any(String), endDate: expect.any(String) });
      expect(typeof assignment.engineerId === 'string' ? assignment.engineerId : assignment.engineerId._id).toBe(idOf(email));
    }
  });

  it('shows every utilisation state among the demo engineers', () => {
    const states = new Set(seedEngineers.map((e) => expectedCapacity(e.email).utilizationStatus));
    expect(states).toEqual(new Set(['overloaded', 'underutilized', 'optimal']));
  });

  it('is open to the auditor and to the engineer themself', async () => {
    expect((await capacity('priya.patel@demo.test', auditorToken)).currentAllocation).toBe(120);
    expect((await capacity('engineer@demo.test', engineerToken)).currentAllocation).toBe(60);
  });

  it('answers 404 for an unknown engineer', async () => {
    const response = await t.request({ method: 'GET', url: `/api/engineers/${randomUUID()}/capacity`, token: managerToken });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Engineer not found', code: 'NOT_FOUND' });
  });
});

describe('GET /api/engineers/current-load', () => {
  const currentLoad = async (url = '/api/engineers/current-load', token = managerToken) => t.request({ method: 'GET', url, token });
  const dayFromToday = (days: number) => {
    const day = new Date();
    day.setUTCHours(0, 0, 0, 0);
    day.setUTCDate(day.getUTCDate() + days);
    return day.toISOString();
  };

  it('sums each engineer with current work as the seed defines it, and agrees with /:id/capacity', async () => {
    const response = await currentLoad();
    expect(response.statusCode).toBe(200);
    const body = response.json() as { at: string; loads: { engineerId: string; allocation: number; assignments: number; earliestEnd: string | null }[] };
    expect(Math.abs(Date.parse(body.at) - Date.now())).toBeLessThan(60_000);
    const expected = seedEngineers
      .map((e) => {
        const current = seedAssignments.filter(([who, , , from, to]) => who === e.email && from <= 0 && to > 0);
        return {
          engineerId: idOf(e.email),
          allocation: expectedCapacity(e.email).currentAllocation,
          assignments: current.length,
          earliestEnd: current.length > 0 ? dayFromToday(Math.min(...current.map(([, , , , to]) => to))) : null,
        };
      })
      .filter((load) => load.assignments > 0);
    expect([...body.loads].sort((a, b) => a.engineerId.localeCompare(b.engineerId))).toEqual(expected.sort((a, b) => a.engineerId.localeCompare(b.engineerId)));
    for (const load of body.loads) {
      const capacity = (await t.request({ method: 'GET', url: `/api/engineers/${load.engineerId}/capacity`, token: managerToken })).json();
      expect(load.allocation).toBe(capacity.currentAllocation);
      expect(load.assignments).toBe(capacity.currentAssignments.length);
    }
  });

  it('is for the day `at` falls on: an assignment counts from its first day through its last, both included', async () => {
    // Sam's Tech Lead ends at day 60 and his Backend Engineer role starts at day 30.
    const sam = idOf('engineer@demo.test');
    const loadAt = async (days: number) => {
      const response = await currentLoad(`/api/engineers/current-load?at=${encodeURIComponent(dayFromToday(days))}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().at).toBe(dayFromToday(days));
      return response.json().loads.find((l: { engineerId: string }) => l.engineerId === sam);
    };
    expect(await loadAt(30)).toEqual({ engineerId: sam, allocation: 100, assignments: 2, earliestEnd: dayFromToday(60) });
    // Day 60 is the Tech Lead role's last day: still worked.
    expect(await loadAt(60)).toEqual({ engineerId: sam, allocation: 100, assignments: 2, earliestEnd: dayFromToday(60) });
    expect(await loadAt(61)).toEqual({ engineerId: sam, allocation: 40, assignments: 1, earliestEnd: dayFromToday(180) });
    expect(await loadAt(180)).toEqual({ engineerId: sam, allocation: 40, assignments: 1, earliestEnd: dayFromToday(180) });
    expect(await loadAt(181)).toBeUndefined();
  });

  it('is open to the auditor; an engineer may not read everyone\'s load (403)', async () => {
    expect((await currentLoad(undefined, auditorToken)).statusCode).toBe(200);
    const refused = await currentLoad(undefined, engineerToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('answers 401 without a token and 400 for an `at` that is not a moment', async () => {
    expect((await t.request({ method: 'GET', url: '/api/engineers/current-load' })).statusCode).toBe(401);
    const bad = await currentLoad('/api/engineers/current-load?at=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'at must be an ISO 8601 date-time', code: expect.any(String) });
  });
});
