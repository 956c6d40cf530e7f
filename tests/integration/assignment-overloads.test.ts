/**
 * Assignment writes answer the overloads they make or worsen (`overloads: [{engineerId, days, peak}]`)
 * beside the fields they always had, and never refuse one: POST and PATCH /api/assignments, Fill and
 * the bulk edit. Every span here ends on a Saturday, so its last day is not a working day whether or
 * not a span counts it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Assignment } from '../../domain/entities.ts';
import { validAssignmentPayload, validEngineerPayload, validProjectPayload } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';

type Written = Assignment & { overloads: { engineerId: string; days: string[]; peak: number }[] };

let t: TestApp;
let manager: string;
let projectId: string;

beforeAll(async () => {
  t = await startTestApp();
  manager = await t.login(demo.manager);
  const project = await t.request({
    method: 'POST', url: '/api/projects', token: manager,
    body: validProjectPayload({ name: 'Overload Answers', startDate: '2031-03-01T00:00:00.000Z', endDate: '2031-05-01T00:00:00.000Z' }),
  });
  expect(project.statusCode, project.body).toBe(201);
  projectId = project.json()._id;
});

afterAll(async () => {
  await t?.close();
});

const newEngineer = async () => {
  const response = await t.request({ method: 'POST', url: '/api/engineers', token: manager, body: validEngineerPayload() });
  expect(response.statusCode, response.body).toBe(201);
  return response.json()._id as string;
};
const assign = async (engineerId: string, allocationPercentage: number, startDate: string, endDate: string) => {
  const response = await t.request({
    method: 'POST', url: '/api/assignments', token: manager,
    body: validAssignmentPayload(engineerId, projectId, { allocationPercentage, startDate: `${startDate}T00:00:00.000Z`, endDate: `${endDate}T00:00:00.000Z` }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Written;
};
// Monday 2031-03-03 to Friday 2031-03-07, and the week after.
const firstWeek = ['2031-03-03', '2031-03-04', '2031-03-05', '2031-03-06', '2031-03-07'];

describe('assignment writes answer the overloads they make or worsen', () => {
  it('POST answers [] when the work fits, and the days over capacity with the peak when it does not, writing it all the same', async () => {
    const jordan = await newEngineer();
    const first = await assign(jordan, 60, '2031-03-03', '2031-03-15');
    expect(first.overloads).toEqual([]);
    expect(first).toMatchObject({ allocationPercentage: 60, engineerId: { _id: jordan }, projectId: { _id: projectId }, version: 1 });

    const second = await assign(jordan, 50, '2031-03-03', '2031-03-08');
    expect(second.overloads).toEqual([{ engineerId: jordan, days: firstWeek, peak: 110 }]);
    // Written: an overload is answered, never refused.
    expect((await t.request({ method: 'GET', url: `/api/assignments/${second._id}`, token: manager })).statusCode).toBe(200);
  });

  it('PATCH names only the days a change makes worse; lowering work that is over names none', async () => {
    const sam = await newEngineer();
    await assign(sam, 60, '2031-03-03', '2031-03-15');
    const mine = await assign(sam, 30, '2031-03-03', '2031-03-08');
    expect(mine.overloads).toEqual([]);
    const patch = (body: Record<string, unknown>) => t.request({ method: 'PATCH', url: `/api/assignments/${mine._id}`, token: manager, body });
    const raised = await patch({ version: 1, allocationPercentage: 70 });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json()).toMatchObject({ allocationPercentage: 70, version: 2, overloads: [{ engineerId: sam, days: firstWeek, peak: 130 }] });
    const lowered = await patch({ version: 2, allocationPercentage: 50 });
    expect(lowered.json()).toMatchObject({ allocationPercentage: 50, overloads: [] });
  });

  it('the bulk edit answers the overloads of all its changes', async () => {
    const lee = await newEngineer();
    await assign(lee, 60, '2031-03-03', '2031-03-15');
    const other = await assign(lee, 30, '2031-03-03', '2031-03-08');
    const response = await t.request({
      method: 'POST', url: '/api/assignments/bulk', token: manager,
      body: { changes: [{ assignmentId: other._id, version: other.version, op: 'allocation', allocationPercentage: 45 }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().overloads).toEqual([{ engineerId: lee, days: firstWeek, peak: 105 }]);
  });

  it('Fill answers the overloads of the assignment it makes', async () => {
    const mei = await newEngineer();
    await assign(mei, 80, '2031-03-03', '2031-03-15');
    const added = await t.request({
      method: 'POST', url: `/api/projects/${projectId}/placeholders`, token: manager,
      body: { role: 'ML Engineer', skills: [], allocationPercentage: 50, startDate: '2031-03-10T00:00:00.000Z', endDate: '2031-03-15T00:00:00.000Z' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const project = (await t.request({ method: 'GET', url: `/api/projects/${projectId}`, token: manager })).json();
    const placeholderId = (added.json().placeholder ?? added.json())._id as string;
    const filled = await t.request({
      method: 'POST', url: `/api/projects/${projectId}/placeholders/${placeholderId}/fill`, token: manager,
      body: { engineerId: mei, version: project.version },
    });
    expect(filled.statusCode, filled.body).toBe(201);
    expect(filled.json()).toMatchObject({ assignment: { engineerId: { _id: mei } }, overloads: [{ engineerId: mei, days: ['2031-03-10', '2031-03-11', '2031-03-12', '2031-03-13', '2031-03-14'], peak: 130 }] });
  });
});
