/**
 * The demo shows capacity over time (dates relative to the day it is seeded): time off this month and
 * next, a holiday, a tentative project with an assignment, two placeholders, and someone overloaded
 * next month who is fine today. And the API description lists every new route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysToNextMonth, dayFromToday } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';

type Engineer = { _id: string; name: string; maxCapacity: number };
type Assignment = { engineerId: { _id: string }; projectId: { _id: string }; allocationPercentage: number; startDate: string; endDate: string };

const seededAt = new Date();
let t: TestApp;
let manager: string;

beforeAll(async () => {
  t = await startTestApp({ now: seededAt });
  manager = await t.login(demo.manager);
});

afterAll(async () => {
  await t?.close();
});

const get = async <T>(url: string): Promise<T> => {
  const response = await t.request({ method: 'GET', url, token: manager });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};

const month = (offset: number) => dayFromToday(offset, seededAt).slice(0, 7);

describe('the demo', () => {
  it('books time off this month and next', async () => {
    const timeOff = await get<{ from: string; to: string; kind: string }[]>('/api/time-off');
    const thisMonth = month(0);
    const nextMonth = month(daysToNextMonth(seededAt));
    expect(timeOff.some((b) => b.from.startsWith(thisMonth) && b.to.startsWith(thisMonth))).toBe(true);
    expect(timeOff.some((b) => b.from.startsWith(nextMonth) && b.to.startsWith(nextMonth))).toBe(true);
  });

  it('has a holiday on a weekday ahead, a tentative project with an assignment, and two placeholders', async () => {
    const holidays = await get<{ date: string; name: string }[]>('/api/holidays');
    expect(holidays).toHaveLength(1);
    expect([0, 6]).not.toContain(new Date(`${holidays[0]!.date}T00:00:00Z`).getUTCDay());
    expect(holidays[0]!.date > dayFromToday(0, seededAt).slice(0, 10)).toBe(true);
    const projects = await get<{ _id: string; name: string; tentative: boolean }[]>('/api/projects');
    const tentative = projects.filter((p) => p.tentative);
    expect(tentative.map((p) => p.name)).toEqual(['Mobile App v2']);
    const assignments = await get<Assignment[]>('/api/assignments');
    expect(assignments.filter((a) => a.projectId._id === tentative[0]!._id).length).toBeGreaterThan(0);
    expect(await get<unknown[]>('/api/placeholders')).toHaveLength(2);
  });

  it('has Aisha optimal today and above her capacity on the first of next month', async () => {
    const engineers = await get<Engineer[]>('/api/engineers');
    const aisha = engineers.find((e) => e.name === 'Aisha Khan')!;
    expect(await get<{ utilizationStatus: string }>(`/api/engineers/${aisha._id}/capacity`)).toMatchObject({ utilizationStatus: 'optimal' });
    const firstOfNextMonth = Date.parse(dayFromToday(daysToNextMonth(seededAt), seededAt));
    const on = (a: Assignment) => Date.parse(a.startDate) <= firstOfNextMonth && firstOfNextMonth < Date.parse(a.endDate);
    const load = (await get<Assignment[]>('/api/assignments')).filter((a) => a.engineerId._id === aisha._id && on(a));
    expect(load.reduce((sum, a) => sum + a.allocationPercentage, 0)).toBeGreaterThan(aisha.maxCapacity);
  });
});

describe('the API description', () => {
  it('lists every route of time off, holidays, the tentative flag and placeholders', async () => {
    const doc = (await t.request({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(routes).toEqual(expect.arrayContaining([
      'GET /api/time-off', 'POST /api/engineers/{id}/time-off', 'DELETE /api/engineers/{id}/time-off/{timeOffId}',
      'GET /api/holidays', 'POST /api/holidays', 'DELETE /api/holidays/{id}',
      'POST /api/projects/{id}/tentative', 'POST /api/projects/{id}/confirm',
      'GET /api/placeholders', 'GET /api/projects/{id}/placeholders', 'POST /api/projects/{id}/placeholders',
      'PATCH /api/projects/{id}/placeholders/{placeholderId}', 'DELETE /api/projects/{id}/placeholders/{placeholderId}',
      'POST /api/projects/{id}/placeholders/{placeholderId}/fill',
    ]));
  });
});
