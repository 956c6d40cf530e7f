/**
 * Time off, holidays, the tentative flag and placeholders in the history: GET /api/history/state at a
 * moment (or a cursor) shows them exactly as the REST lists showed them then; the history log reads
 * them as sentences; a rebuild of every read model equals the live ones; the hash chains verify.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildReadModels } from '../../server/projections/rebuild.ts';
import { dayFromToday, decodeJwt, validProjectPayload } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { expectWritten, ifMatch } from '../support/capacity-facts-helpers.ts';
import { dbEventCount, eventsAfter, sleep } from '../support/history-helpers.ts';

type Entity = { _id: string; version: number };
type Facts = { projects: (Entity & { tentative: boolean })[]; timeOff: Entity[]; holidays: Entity[]; placeholders: Entity[] };
type Moment = Facts & { label: string; at: string; cursor: string };
type Logged = { type: string; entity: { kind: string; id: string; name: string }; summary: string };

let t: TestApp;
let manager: string;
let auditor: string;
let managerName: string;
const ids: Record<string, string> = {};
const moments: Moment[] = [];
let eventsSoFar = 0;

const get = async <T>(url: string, token = manager): Promise<T> => {
  const response = await t.request({ method: 'GET', url, token });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as T;
};
/** A write that must succeed: creations answer 201, the other writes 200. */
const write = async <T>(method: 'POST' | 'PATCH' | 'DELETE', url: string, body: unknown, headers: Record<string, string> = {}, status = method === 'POST' ? 201 : 200) =>
  expectWritten<T & { _id: string; version: number }>(await t.request({ method, url, token: manager, body: body as object, headers }), status);

/** The lists a past plan must reproduce for these facts, as the REST API serves them right now. */
const restFacts = async (): Promise<Facts> => {
  const [projects, timeOff, holidays, placeholders] = await Promise.all([
    get<Facts['projects']>('/api/projects'), get<Entity[]>('/api/time-off'), get<Entity[]>('/api/holidays'), get<Entity[]>('/api/placeholders'),
  ]);
  return { projects, timeOff, holidays, placeholders };
};

/** After a step: wait until its events are visible, then remember the lists, the cursor and a moment. */
async function record(label: string) {
  const total = await dbEventCount(t);
  const events = await eventsAfter(t, manager, '0:0', total);
  eventsSoFar = total;
  const at = new Date().toISOString();
  moments.push({ label, at, cursor: events.at(-1)!.cursor, ...(await restFacts()) });
  await sleep(5);
}

beforeAll(async () => {
  t = await startTestApp();
  [manager, auditor] = await Promise.all([t.login(demo.manager), t.login(demo.auditor)]);
  managerName = (await get<{ name: string }>('/api/auth/profile')).name;
  const engineers = await get<{ _id: string; email: string }[]>('/api/engineers');
  ids.lucas = engineers.find((e) => e.email === 'lucas.silva@demo.test')!._id;
  ids.sam = decodeJwt(await t.login(demo.engineer)).sub as string;
  await record('seeded');

  const project = await write<Entity>('POST', '/api/projects', validProjectPayload({ name: 'Pipeline Deal' }));
  ids.project = project._id;
  const booking = await write<Entity>('POST', `/api/engineers/${ids.lucas}/time-off`, { from: '2031-03-02', to: '2031-03-06', kind: 'vacation' });
  ids.booking = booking._id;
  const holiday = await write<Entity>('POST', '/api/holidays', { date: '2031-12-25', name: 'Christmas Day' });
  ids.holiday = holiday._id;
  await write('POST', `/api/projects/${ids.project}/tentative`, {}, ifMatch(1), 200);
  const staffing = { skills: ['Go'], allocationPercentage: 50, startDate: dayFromToday(5), endDate: dayFromToday(40) };
  ids.sre = (await write<Entity>('POST', `/api/projects/${ids.project}/placeholders`, { role: 'SRE', ...staffing }))._id;
  ids.qa = (await write<Entity>('POST', `/api/projects/${ids.project}/placeholders`, { role: 'QA Engineer', ...staffing }))._id;
  await record('booked, added, marked tentative, two placeholders');

  await write('DELETE', `/api/engineers/${ids.lucas}/time-off/${ids.booking}`, { version: booking.version });
  await write('DELETE', `/api/holidays/${ids.holiday}`, { version: holiday.version });
  await write('POST', `/api/projects/${ids.project}/confirm`, {}, ifMatch(4), 200);
  await write('PATCH', `/api/projects/${ids.project}/placeholders/${ids.sre}`, { allocationPercentage: 80 }, ifMatch(5));
  await write('POST', `/api/projects/${ids.project}/placeholders/${ids.qa}/fill`, { engineerId: ids.sam }, ifMatch(6));
  await record('cancelled, removed, confirmed, one placeholder changed, one filled');
});

afterAll(async () => {
  await t?.close();
});

const factsOf = ({ projects, timeOff, holidays, placeholders }: Facts): Facts => ({ projects, timeOff, holidays, placeholders });

describe('GET /api/history/state: the facts as they were', () => {
  it('the moments differ in each fact, so the comparison below proves something', () => {
    const [seeded, added, changed] = moments;
    expect(seeded!.timeOff).toHaveLength(2); // the demo's
    expect(added!.timeOff).toHaveLength(3);
    expect(changed!.timeOff).toHaveLength(2);
    expect([seeded!.holidays.length, added!.holidays.length, changed!.holidays.length]).toEqual([1, 2, 1]);
    expect([seeded, added, changed].map((m) => m!.placeholders.length)).toEqual([2, 4, 3]);
    expect([added, changed].map((m) => m!.projects.find((p) => p._id === ids.project)!.tentative)).toEqual([true, false]);
  });

  it('by `at` and by `cursor`: time off, holidays, placeholders and the tentative flag equal that moment\'s lists exactly', async () => {
    for (const moment of moments) {
      const byTime = await get<Facts>(`/api/history/state?at=${encodeURIComponent(moment.at)}`);
      expect(factsOf(byTime), moment.label).toStrictEqual(factsOf(moment));
      const byCursor = await get<Facts>(`/api/history/state?cursor=${encodeURIComponent(moment.cursor)}`, auditor);
      expect(factsOf(byCursor), moment.label).toStrictEqual(factsOf(moment));
    }
  });
});

describe('the history log', () => {
  it('reads each new event as a sentence, about the right entity', async () => {
    const { events } = await get<{ events: Logged[] }>(`/api/history/events?limit=${eventsSoFar}`);
    const sentence = (type: string) => events.filter((e) => e.type === type).map((e) => e.summary);
    expect(sentence('TimeOffBooked')).toContain(`${managerName} booked vacation for Lucas Silva from 2031-03-02 to 2031-03-06`);
    expect(sentence('TimeOffCancelled')).toEqual([`${managerName} cancelled Lucas Silva's vacation from 2031-03-02 to 2031-03-06`]);
    expect(sentence('ProjectMarkedTentative')).toContain(`${managerName} marked Pipeline Deal as tentative`);
    expect(sentence('ProjectConfirmed')).toEqual([`${managerName} confirmed Pipeline Deal`]);
    expect(sentence('PlaceholderFilled')).toEqual([`${managerName} filled the QA Engineer placeholder on Pipeline Deal with Sam Rivera`]);
    expect(sentence('PlaceholderUpdated')).toEqual([`${managerName} changed a placeholder on Pipeline Deal: allocation from 50% to 80%`]);
    const calendar = await get<{ events: Logged[] }>('/api/history/events?entity=calendar');
    expect(calendar.events.map((e) => [e.type, e.entity, e.summary])).toEqual([
      ['HolidayRemoved', { kind: 'calendar', id: 'default', name: 'Holiday calendar' }, `${managerName} removed the holiday Christmas Day on 2031-12-25`],
      ['HolidayAdded', { kind: 'calendar', id: 'default', name: 'Holiday calendar' }, `${managerName} added the holiday Christmas Day on 2031-12-25`],
      ['HolidayAdded', { kind: 'calendar', id: 'default', name: 'Holiday calendar' }, expect.stringMatching(/added the holiday Founders' Day on \d{4}-\d{2}-\d{2}$/)],
    ]);
  });
});

describe('rebuild and verify', () => {
  it('a rebuild of every read model equals the live ones, the new tables included', async () => {
    const result = await rebuildReadModels(t.app.db, { swap: false });
    expect(result.equal).toBe(true);
    const last = moments.at(-1)!;
    expect(result.tables.filter((table) => ['time_off', 'holidays', 'placeholders'].includes(table.table))).toEqual([
      { table: 'time_off', live: last.timeOff.length, rebuilt: last.timeOff.length, missing: 0, extra: 0, changed: 0 },
      { table: 'holidays', live: last.holidays.length, rebuilt: last.holidays.length, missing: 0, extra: 0, changed: 0 },
      { table: 'placeholders', live: last.placeholders.length, rebuilt: last.placeholders.length, missing: 0, extra: 0, changed: 0 },
    ]);
    const swapped = await rebuildReadModels(t.app.db, { swap: true });
    expect(swapped.equal).toBe(true);
    expect(await restFacts()).toStrictEqual(factsOf(last));
  });

  it('every hash chain verifies, the calendar stream and the new events included', async () => {
    const response = await t.request({ method: 'POST', url: '/api/history/verify', token: auditor });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ok: true, events: eventsSoFar, altered: [], gaps: [] });
  });
});
