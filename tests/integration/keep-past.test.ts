/**
 * Work that has started keeps its past: PATCH /api/assignments/:id and POST /api/assignments/bulk with
 * `applyFrom: 'today'` leave every day before today as it was (the assignment ends yesterday) and make the
 * change from today on as an assignment of its own, in one write that one undo reverses; `start` (the
 * default, for the public client) corrects the past too. A bad applyFrom is a 400 and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Assignment } from '../../domain/entities.ts';
import { dayFromToday } from '../support/api-helpers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { givenPlan } from '../support/given-plan.ts';
import { dbEventCount } from '../support/history-helpers.ts';

let t: TestApp;
let plan: Awaited<ReturnType<typeof givenPlan<'vera', 'portal'>>>;
const now = new Date();
const day = (offset: number) => dayFromToday(offset, now);

beforeAll(async () => {
  t = await startTestApp({ now });
  plan = await givenPlan(t, {
    engineers: { vera: { name: 'Vera Past', email: 'vera.past@demo.test' } },
    projects: { portal: { name: 'Past Portal', startDate: day(-90), endDate: day(120) } },
  });
});
afterAll(() => t?.close());

const mine = async () =>
  (await plan.get<Assignment[]>('/api/assignments'))
    .filter((a) => a.engineerId._id === plan.engineers.vera)
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
const patch = (id: string, body: Record<string, unknown>) => t.request({ method: 'PATCH', url: `/api/assignments/${id}`, token: plan.tokens.manager, body });

describe("PATCH with applyFrom 'today'", () => {
  it('a new allocation for work that started last month: the days before today keep 50 %, 80 % runs from today, in one write that one undo reverses', async () => {
    const started = await plan.assign('started', 'vera', 'portal', { allocationPercentage: 50, startDate: day(-30), endDate: day(30) });
    const response = await patch(started._id, { allocationPercentage: 80, version: started.version, applyFrom: 'today' });
    expect(response.statusCode, response.body).toBe(200);
    const carrier = response.json() as Assignment;
    expect(carrier).toMatchObject({ allocationPercentage: 80, startDate: day(0), endDate: day(30) });
    expect(carrier._id).not.toBe(started._id);
    expect((await mine()).map((a) => [a.startDate, a.endDate, a.allocationPercentage])).toEqual([
      [day(-30), day(-1), 50],
      [day(0), day(30), 80],
    ]);

    const undone = await t.request({ method: 'POST', url: `/api/undo/${response.headers['x-command-id']}`, token: plan.tokens.manager });
    expect(undone.statusCode, undone.body).toBeLessThan(300);
    expect((await mine()).map((a) => [a.startDate, a.endDate, a.allocationPercentage])).toEqual([[day(-30), day(30), 50]]);
  });

  it('a move one week later keeps the days before today and moves the part from today one week', async () => {
    const [started] = await mine();
    const response = await patch(started!._id, { startDate: day(-23), endDate: day(37), version: started!.version, applyFrom: 'today' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await mine()).map((a) => [a.startDate, a.endDate, a.allocationPercentage])).toEqual([
      [day(-30), day(-1), 50],
      [day(7), day(37), 50],
    ]);
  });

  it("'start' (the default) corrects the past too: one assignment, changed as it is", async () => {
    const item = await plan.assign('corrected', 'vera', 'portal', { allocationPercentage: 20, startDate: day(-10), endDate: day(10) });
    const response = await patch(item._id, { allocationPercentage: 30, version: item.version });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ _id: item._id, allocationPercentage: 30, startDate: day(-10), endDate: day(10) });
  });

  it('a stale version is 409, and a bad applyFrom 400 with its message; neither writes anything', async () => {
    const item = await plan.assign('stale', 'vera', 'portal', { allocationPercentage: 10, startDate: day(-5), endDate: day(5) });
    const before = await dbEventCount(t);
    const stale = await patch(item._id, { allocationPercentage: 15, version: item.version - 1 + 5, applyFrom: 'today' });
    expect(stale.statusCode).toBe(409);
    const bad = await patch(item._id, { allocationPercentage: 15, version: item.version, applyFrom: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("applyFrom must be 'today'");
    expect(await dbEventCount(t)).toBe(before);
  });
});

describe("bulk with applyFrom 'today'", () => {
  it('a bulk move of a started assignment keeps its start and moves its part from today', async () => {
    const item = await plan.assign('bulkStarted', 'vera', 'portal', { role: 'Bulk', allocationPercentage: 5, startDate: day(-14), endDate: day(14) });
    const response = await t.request({
      method: 'POST', url: '/api/assignments/bulk', token: plan.tokens.manager,
      body: { applyFrom: 'today', changes: [{ assignmentId: item._id, version: item.version, op: 'move', days: 7 }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const bulk = (await mine()).filter((a) => a.role === 'Bulk').map((a) => [a.startDate, a.endDate]);
    expect(bulk).toEqual([[day(-14), day(-1)], [day(7), day(21)]]);
  });
});
