/**
 * Overloads show at every zoom: GET /api/capacity?step=month reports, per person and month, the working
 * days booked above that day's capacity and the highest day, as an independent sum over the public lists
 * counts them day by day, and marks the month overloaded though its average is under 100 %.
 *
 * The plan is March 2031, seeded through the API. Every assignment ends at a Saturday's midnight, so the
 * sums are the same whether a span's last day is the day before its end or the day its end falls on
 * (Saturday is no working day either way).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackCapacity, type CapacityResponse, type PackedCapacityResponse } from '../../domain/index.ts';
import { validEngineerPayload, validProjectPayload } from '../support/api-helpers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { signInAll } from '../support/planning-helpers.ts';

let t: TestApp;
let manager: string;
const people: Record<'aisha' | 'tom', string> = { aisha: '', tom: '' };

const MONTH = { from: '2031-03-01', to: '2031-03-31' };
const at = (date: string) => `${date}T00:00:00.000Z`;

async function created(url: string, body: Record<string, unknown>): Promise<{ _id: string; version: number }> {
  const response = await t.request({ method: 'POST', url, token: manager, body });
  expect(response.statusCode, `${url} ${response.body}`).toBe(201);
  return response.json();
}

beforeAll(async () => {
  t = await startTestApp();
  manager = (await signInAll(t)).tokens.manager;
  people.aisha = (await created('/api/engineers', validEngineerPayload({ name: 'Aisha Overload', maxCapacity: 100 })))._id;
  people.tom = (await created('/api/engineers', validEngineerPayload({ name: 'Tom Parttime', maxCapacity: 50 })))._id;
  const year = { startDate: at('2031-01-01'), endDate: at('2031-12-31'), status: 'active' };
  const won = await created('/api/projects', validProjectPayload({ ...year, name: 'Overload Won' }));
  const pipeline = await created('/api/projects', validProjectPayload({ ...year, name: 'Overload Pipeline' }));
  const marked = await t.request({ method: 'POST', url: `/api/projects/${pipeline._id}/tentative`, token: manager, body: { version: pipeline.version } });
  expect(marked.statusCode, marked.body).toBe(200);
  const work = (engineerId: string, projectId: string, allocationPercentage: number, start: string, end: string) =>
    created('/api/assignments', { engineerId, projectId, role: 'Backend Engineer', allocationPercentage, startDate: at(start), endDate: at(end) });
  // Aisha: 70 % all month; 60 % more for two weeks from Monday Mar 10 (130 %); 40 % tentative in the week of Mar 24.
  await work(people.aisha, won._id, 70, '2031-03-01', '2031-04-05');
  await work(people.aisha, won._id, 60, '2031-03-10', '2031-03-22');
  await work(people.aisha, pipeline._id, 40, '2031-03-24', '2031-03-29');
  // Tom (50 % capacity): 45 % all month, 10 % more from Wednesday Mar 26 to Friday Mar 28 (110 %).
  await work(people.tom, won._id, 45, '2031-03-01', '2031-04-05');
  await work(people.tom, won._id, 10, '2031-03-26', '2031-03-29');
  // A holiday on Friday Mar 14 and Aisha's Monday Mar 17 off take two of her days at 130 % away.
  await created('/api/holidays', { date: '2031-03-14', name: 'Overload Test Day' });
  await created(`/api/engineers/${people.aisha}/time-off`, { from: '2031-03-17', to: '2031-03-17', kind: 'vacation' });
});

afterAll(async () => {
  await t?.close();
});

type Lists = {
  engineers: { _id: string; maxCapacity: number }[];
  assignments: { engineerId: { _id: string }; projectId: { _id: string }; allocationPercentage: number; startDate: string; endDate: string }[];
  projects: { _id: string; tentative?: boolean }[];
  timeOff: { engineerId: string; from: string; to: string }[];
  holidays: { date: string; calendarId?: string }[];
};

async function lists(): Promise<Lists> {
  const get = async <T>(url: string) => (await t.request({ method: 'GET', url, token: manager })).json() as T;
  return {
    engineers: await get('/api/engineers'),
    assignments: await get('/api/assignments'),
    projects: await get('/api/projects'),
    timeOff: await get('/api/time-off'),
    holidays: await get('/api/holidays'),
  };
}

/**
 * The month of one person counted day by day from the lists, apart from the model: a working day is a
 * weekday that is no holiday of the default calendar and not taken off; an assignment is on a day when it
 * has started by the day's midnight (UTC, the test app's zone) and not ended.
 */
function dayByDay(facts: Lists, engineerId: string, includeTentative: boolean) {
  const engineer = facts.engineers.find((e) => e._id === engineerId)!;
  const tentative = new Set(facts.projects.filter((p) => p.tentative).map((p) => p._id));
  const holidays = new Set(facts.holidays.filter((h) => (h.calendarId ?? 'default') === 'default').map((h) => h.date));
  const own = facts.assignments.filter((a) => a.engineerId._id === engineerId && (includeTentative || !tentative.has(a.projectId._id)));
  let overloadedDays = 0;
  let peak: number | null = null;
  let booked = 0;
  let capacity = 0;
  for (let time = Date.parse(at(MONTH.from)); time <= Date.parse(at(MONTH.to)); time += 86_400_000) {
    const date = new Date(time).toISOString().slice(0, 10);
    const weekday = new Date(time).getUTCDay();
    if (weekday === 0 || weekday === 6 || holidays.has(date)) continue;
    if (facts.timeOff.some((o) => o.engineerId === engineerId && o.from <= date && date <= o.to)) continue;
    const load = own.filter((a) => Date.parse(a.startDate) <= time && time < Date.parse(a.endDate)).reduce((sum, a) => sum + a.allocationPercentage, 0);
    booked += load;
    capacity += engineer.maxCapacity;
    if (load > engineer.maxCapacity) overloadedDays += 1;
    const share = Math.round((load / engineer.maxCapacity) * 1000) / 10;
    if (peak === null || share > peak) peak = share;
  }
  return { overloadedDays, peak, utilization: Math.round((booked / capacity) * 1000) / 10 };
}

const month = async (includeTentative: boolean, shape: 'cells' | 'columns' = 'cells') => {
  const response = await t.request({ method: 'GET', url: `/api/capacity?${new URLSearchParams({ ...MONTH, step: 'month', includeTentative: String(includeTentative), shape })}`, token: manager });
  expect(response.statusCode, response.body).toBe(200);
  return shape === 'columns' ? unpackCapacity(response.json() as PackedCapacityResponse) : (response.json() as CapacityResponse);
};

describe('GET /api/capacity?step=month: overloaded days and the highest day', () => {
  it('agree with an independent day-by-day sum over the lists, tentative work left out or counted', async () => {
    const facts = await lists();
    for (const includeTentative of [false, true]) {
      const body = await month(includeTentative);
      for (const id of Object.values(people)) {
        const row = body.rows.find((r) => r.engineer._id === id)!;
        const [march] = row.periods;
        const expected = dayByDay(facts, id, includeTentative);
        expect({ overloadedDays: march!.overloadedDays, peak: march!.peak, utilization: march!.utilization }, `${id} ${includeTentative}`).toEqual(expected);
        expect(row.peakUtilization).toBe(expected.peak);
      }
    }
  });

  it('mark a month averaging under 100 % overloaded when some day is over: Aisha on 8 of 19 days at 130 %, Tom on 3 of 20 at 110 %', async () => {
    const body = await month(false);
    const march = (id: string) => body.rows.find((r) => r.engineer._id === id)!.periods[0]!;
    expect(march(people.aisha)).toMatchObject({ workingDays: 20, timeOffDays: 1, utilization: 95.3, status: 'overloaded', overloadedDays: 8, peak: 130 });
    expect(march(people.tom)).toMatchObject({ workingDays: 20, utilization: 93, status: 'overloaded', overloadedDays: 3, peak: 110 });
    // Tentative work counted: Aisha's week of Mar 24 at 110 % adds five days over.
    expect((await month(true)).rows.find((r) => r.engineer._id === people.aisha)!.periods[0]).toMatchObject({ overloadedDays: 13, peak: 130 });
  });

  it('say the same in the packed shape the schedule reads', async () => {
    for (const includeTentative of [false, true]) expect(await month(includeTentative, 'columns')).toEqual(await month(includeTentative));
  });
});
