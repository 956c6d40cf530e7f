/**
 * A locked actuals week's plan never changes, whatever path the write takes: PATCH (correcting the past
 * too), DELETE, POST, the bulk edit, time off, undo and a scenario's publish each get 409 WEEK_LOCKED
 * naming the week, and nothing is written. A change from today on, which keeps the days before today,
 * passes; so does anything outside the locked week, and anybody else's plan in it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Assignment } from '../../domain/entities.ts';
import { dayOfDate, isoWeekKey } from '../../domain/capacity/calendar-days.ts';
import { dayFromToday } from '../support/api-helpers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { expectRefused } from '../support/capacity-facts-helpers.ts';
import { givenPlan } from '../support/given-plan.ts';
import { dbEventCount } from '../support/history-helpers.ts';

let t: TestApp;
let plan: Awaited<ReturnType<typeof givenPlan<'mei' | 'lucas', 'portal'>>>;
const now = new Date();
const day = (offset: number) => dayFromToday(offset, now);
// 2024-W10 runs from Monday 4 to Sunday 10 March 2024: far before the demo's plan.
const MARCH = (date: number) => `2024-03-${String(date).padStart(2, '0')}T00:00:00.000Z`;
const LOCKED = 'The week of Mar 4, 2024 is locked for Mei Locked';

beforeAll(async () => {
  t = await startTestApp({ now });
  plan = await givenPlan(t, {
    engineers: { mei: { name: 'Mei Locked', email: 'mei.locked@demo.test' }, lucas: { name: 'Lucas Open', email: 'lucas.open@demo.test' } },
    projects: { portal: { name: 'Locked Portal', startDate: '2024-01-01T00:00:00.000Z', endDate: day(120) } },
  });
});
afterAll(() => t?.close());

const manager = () => plan.tokens.manager;
const lock = async (week: string) => {
  const response = await t.request({ method: 'POST', url: `/api/actuals/weeks/${week}/lock`, token: manager() });
  expect(response.statusCode, response.body).toBeLessThan(300);
};
const patch = (a: Pick<Assignment, '_id' | 'version'>, body: Record<string, unknown>) =>
  t.request({ method: 'PATCH', url: `/api/assignments/${a._id}`, token: manager(), body: { ...body, version: a.version } });
const latest = (id: string) => plan.get<Assignment>(`/api/assignments/${id}`);
/** Runs the write, expects 409 WEEK_LOCKED naming the week, and that nothing was appended. */
async function refusedUnchanged(write: () => Promise<Parameters<typeof expectRefused>[0]>, message = LOCKED) {
  const before = await dbEventCount(t);
  const response = await write();
  expectRefused(response, 409, 'WEEK_LOCKED');
  expect(response.json().message).toContain(message);
  expect(await dbEventCount(t)).toBe(before);
}

describe('a locked week on the live plan', () => {
  let march: Assignment;
  beforeAll(async () => {
    march = await plan.assign('march', 'mei', 'portal', { allocationPercentage: 50, startDate: MARCH(1), endDate: MARCH(29) });
    await lock('2024-W10');
  });

  it("correcting the past too (applyFrom 'start', the API's default) is refused: the allocation, a move, an end inside the week, a hand-over", async () => {
    await refusedUnchanged(() => patch(march, { allocationPercentage: 80, applyFrom: 'start' }));
    await refusedUnchanged(() => patch(march, { allocationPercentage: 80 }));
    await refusedUnchanged(() => patch(march, { startDate: MARCH(11), endDate: MARCH(29) }));
    await refusedUnchanged(() => patch(march, { endDate: MARCH(6) }));
    await refusedUnchanged(() => patch(march, { engineerId: plan.engineers.lucas }));
    expect(await latest(march._id)).toMatchObject({ allocationPercentage: 50, startDate: MARCH(1), endDate: MARCH(29), version: march.version });
  });

  it('removing it, or creating work that reaches one day of the week (a one-day span on its Sunday), is refused', async () => {
    await refusedUnchanged(() => t.request({ method: 'DELETE', url: `/api/assignments/${march._id}`, token: manager(), body: { version: march.version } }));
    const create = (startDate: string, endDate: string, engineerId = plan.engineers.mei) =>
      t.request({ method: 'POST', url: '/api/assignments', token: manager(), body: { engineerId, projectId: plan.projects.portal, role: 'Dev', allocationPercentage: 10, startDate, endDate } });
    await refusedUnchanged(() => create(MARCH(10), MARCH(10)));
    // The week is locked for everyone: Lucas's week is locked too, so his new work there is refused with his name.
    await refusedUnchanged(() => create(MARCH(5), MARCH(5), plan.engineers.lucas), 'The week of Mar 4, 2024 is locked for Lucas Open');
    const after = await create(MARCH(11), MARCH(15));
    expect(after.statusCode, after.body).toBe(201);
  });

  it('changes that leave the week as it was pass: a later end, a new role', async () => {
    const later = await patch(march, { endDate: MARCH(31), applyFrom: 'start' });
    expect(later.statusCode, later.body).toBe(200);
    march = later.json() as Assignment;
    const role = await patch(march, { role: 'Lead', applyFrom: 'start' });
    expect(role.statusCode, role.body).toBe(200);
    march = role.json() as Assignment;
  });

  it('the bulk edit refuses the lot, naming the assignment: a move, an allocation, a removal', async () => {
    for (const change of [{ op: 'move', days: 7 }, { op: 'allocation', allocationPercentage: 70 }, { op: 'remove' }]) {
      await refusedUnchanged(async () => {
        const response = await t.request({
          method: 'POST', url: '/api/assignments/bulk', token: manager(),
          body: { changes: [{ assignmentId: march._id, version: march.version, ...change }] },
        });
        expect(response.json()).toMatchObject({ assignmentId: march._id });
        return response;
      });
    }
  });

  it('time off booked in the week is refused; after it, it is booked', async () => {
    const book = (from: string, to: string) =>
      t.request({ method: 'POST', url: `/api/engineers/${plan.engineers.mei}/time-off`, token: manager(), body: { from, to, kind: 'vacation' } });
    await refusedUnchanged(() => book('2024-03-08', '2024-03-12'));
    const later = await book('2024-03-12', '2024-03-13');
    expect(later.statusCode, later.body).toBe(201);
  });

  it('undoing a write whose week has since been locked is refused: the undo is a planning write like any other', async () => {
    const made = await t.request({
      method: 'POST', url: '/api/assignments', token: manager(),
      body: { engineerId: plan.engineers.mei, projectId: plan.projects.portal, role: 'Dev', allocationPercentage: 10, startDate: '2024-04-01T00:00:00.000Z', endDate: '2024-04-03T00:00:00.000Z' },
    });
    expect(made.statusCode, made.body).toBe(201);
    await lock('2024-W14');
    await refusedUnchanged(() => t.request({ method: 'POST', url: `/api/undo/${made.headers['x-command-id']}`, token: manager() }), 'The week of Apr 1, 2024 is locked');
  });

  it("a scenario's draft reaching a locked week is refused; a draft made before the lock is refused when published, and nothing is written", async () => {
    const call = (method: 'POST', url: string, body: unknown) => t.request({ method, url, token: manager(), body: body as object });
    const scenario = (await call('POST', '/api/scenarios', { name: 'Locked weeks' })).json() as { _id: string };
    const drafted = await call('POST', `/api/scenarios/${scenario._id}/changes`, { command: { kind: 'removeAssignment', assignmentId: march._id } });
    expectRefused(drafted, 409, 'WEEK_LOCKED');

    const may = await plan.assign('may', 'mei', 'portal', { allocationPercentage: 30, startDate: '2024-05-06T00:00:00.000Z', endDate: '2024-05-17T00:00:00.000Z' });
    const ok = await call('POST', `/api/scenarios/${scenario._id}/changes`, { command: { kind: 'updateAssignment', assignmentId: may._id, input: { allocationPercentage: 60 } } });
    expect(ok.statusCode, ok.body).toBeLessThan(300);
    await lock('2024-W19');
    await refusedUnchanged(() => call('POST', `/api/scenarios/${scenario._id}/publish`, {}), 'The week of May 6, 2024 is locked for Mei Locked');
    expect(await latest(may._id)).toMatchObject({ allocationPercentage: 30 });
  });
});

describe('a locked week just before today', () => {
  it("a change from today on (applyFrom 'today') keeps the week and passes; correcting the past too is refused", async () => {
    const started = await plan.assign('started', 'mei', 'portal', { allocationPercentage: 40, startDate: day(-30), endDate: day(30) });
    const lastWeek = isoWeekKey(dayOfDate(day(-7).slice(0, 10)));
    await lock(lastWeek);
    await refusedUnchanged(() => patch(started, { allocationPercentage: 90, applyFrom: 'start' }), 'is locked for Mei Locked');
    const fromToday = await patch(started, { allocationPercentage: 90, applyFrom: 'today' });
    expect(fromToday.statusCode, fromToday.body).toBe(200);
    expect(fromToday.json()).toMatchObject({ allocationPercentage: 90, startDate: day(0), endDate: day(30) });
    expect(await latest(started._id)).toMatchObject({ allocationPercentage: 40, startDate: day(-30), endDate: day(-1) });
  });
});

describe('GET /api/engineers/:id/actuals/locked', () => {
  it("answers the engineer's locked weeks in order (the edit form reads them before correcting the past); an engineer reads only their own", async () => {
    const { weeks } = await plan.get<{ weeks: string[] }>(`/api/engineers/${plan.engineers.mei}/actuals/locked`);
    expect(weeks.slice(0, 4)).toEqual(['2024-W10', '2024-W14', '2024-W19', isoWeekKey(dayOfDate(day(-7).slice(0, 10)))]);
    const other = await t.request({ method: 'GET', url: `/api/engineers/${plan.engineers.mei}/actuals/locked`, token: plan.tokens.engineer });
    expect(other.statusCode).toBe(403);
  });
});
