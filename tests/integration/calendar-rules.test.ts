/**
 * Calendars that span years, against real PostgreSQL: a calendar made from Germany gives its public
 * holidays for every year the plan reaches (so /api/capacity over Dec 2026 - Jan 2027 takes both
 * Christmas and New Year's Day from a German follower), an old one-year calendar is extended by setting
 * its rule, a rule day removed by hand stays removed (and its undo brings it back), and bad input is a
 * 4xx with nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CapacityResponse, Engineer } from '../../domain/index.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { expectRefused, expectWritten, ifMatch } from '../support/capacity-facts-helpers.ts';
import { dbStreamEvents, signInAll, type Who } from '../support/planning-helpers.ts';

type Calendar = { _id: string; name: string; rule?: { country: string; region?: string }; version: number; holidays: { _id: string; date: string; name: string }[] };
type Holiday = { _id: string; calendarId: string; date: string; name: string; version: number };

let t: TestApp;
let tokens: Record<Who, string>;
let engineers: Engineer[];
let germany: Calendar;

beforeAll(async () => {
  t = await startTestApp();
  ({ tokens } = await signInAll(t));
  engineers = (await t.request({ method: 'GET', url: '/api/engineers', token: tokens.manager })).json() as Engineer[];
});

afterAll(async () => {
  await t?.close();
});

const calendarOf = async (id: string) =>
  ((await t.request({ method: 'GET', url: '/api/holiday-calendars', token: tokens.manager })).json() as Calendar[]).find((c) => c._id === id)!;
const holidays = async (query = '') => (await t.request({ method: 'GET', url: `/api/holidays${query}`, token: tokens.manager })).json() as Holiday[];
const follow = async (engineer: Engineer, calendarId: string) => {
  const current = (await t.request({ method: 'GET', url: `/api/engineers/${engineer._id}`, token: tokens.manager })).json() as Engineer;
  const response = await t.request({
    method: 'PUT', url: `/api/engineers/${engineer._id}/calendar`, token: tokens.manager, body: { calendarId, from: '2026-01-01' }, headers: ifMatch(current.version),
  });
  expect(response.statusCode, response.body).toBe(200);
};
/** The engineer's days from Dec 21 2026 to Jan 8 2027, by date. */
const daysOf = async (engineer: Engineer) => {
  const response = await t.request({ method: 'GET', url: `/api/capacity?from=2026-12-21&to=2027-01-08&step=day&engineerId=${engineer._id}`, token: tokens.manager });
  expect(response.statusCode, response.body).toBe(200);
  const [row] = (response.json() as CapacityResponse).rows;
  return new Map(row!.periods.map((p) => [p.key, p]));
};
const removeHoliday = (id: string, version: number) =>
  t.request({ method: 'DELETE', url: `/api/holidays/${encodeURIComponent(id)}`, token: tokens.manager, headers: ifMatch(version) });

describe('a calendar made from a country spans years', () => {
  it('gives a German follower no capacity on Dec 25 2026 nor on Jan 1 2027, and capacity on the working days between', async () => {
    germany = expectWritten<Calendar>(await t.request({ method: 'POST', url: '/api/holiday-calendars', token: tokens.manager, body: { name: 'Germany', country: 'DE' } }), 201);
    const follower = engineers[0]!;
    await follow(follower, germany._id);
    const days = await daysOf(follower);
    expect(days.get('2026-12-25')).toMatchObject({ workingDays: 0, capacity: 0, holidays: [{ date: '2026-12-25', name: 'Christmas Day' }] });
    expect(days.get('2027-01-01')).toMatchObject({ workingDays: 0, capacity: 0, holidays: [{ date: '2027-01-01', name: "New Year's Day" }] });
    expect(days.get('2026-12-29')).toMatchObject({ workingDays: 1, holidays: [] });
    expect(days.get('2027-01-04')).toMatchObject({ workingDays: 1, holidays: [] });
    // The days come from the German rule: the default calendar has nothing on Jan 1 2027, and its followers work then.
    expect((await holidays('?from=2027-01-01&to=2027-01-01')).map((h) => h.calendarId)).toEqual([germany._id]);
    expect((await daysOf(engineers[1]!)).get('2027-01-01')).toMatchObject({ workingDays: 1, holidays: [] });
  });

  it('lists the rule\'s days of any year asked for, past and future, with English names', async () => {
    const listed = await holidays('?from=2019-10-01&to=2019-10-31');
    expect(listed.filter((h) => h.calendarId === germany._id)).toEqual([
      { _id: `${germany._id}@2019-10-03`, calendarId: germany._id, date: '2019-10-03', name: 'National Holiday', version: germany.version },
    ]);
    expect((await holidays('?from=2031-12-25&to=2031-12-25')).filter((h) => h.calendarId === germany._id).map((h) => h.name)).toEqual(['Christmas Day']);
  });
});

describe('hand edits over the rule', () => {
  it('a rule day removed by its id stays removed: the follower works Jan 1 2027, other years keep it; removed again it is not found', async () => {
    const { version } = await calendarOf(germany._id);
    const removed = await removeHoliday(`${germany._id}@2027-01-01`, version);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await dbStreamEvents(t, `calendar-${germany._id}`)).at(-1)).toMatchObject({
      type: 'HolidayRemoved', data: { holidayId: `${germany._id}@2027-01-01`, calendarId: germany._id, date: '2027-01-01', name: "New Year's Day" },
    });
    const days = await daysOf(engineers[0]!);
    expect(days.get('2027-01-01')).toMatchObject({ workingDays: 1, holidays: [] });
    expect(days.get('2026-12-25')).toMatchObject({ workingDays: 0 });
    const listed = (await holidays('?from=2026-12-01&to=2028-01-31')).filter((h) => h.calendarId === germany._id).map((h) => h.date);
    expect(listed).not.toContain('2027-01-01');
    expect(listed).toContain('2028-01-01');
    const after = await calendarOf(germany._id);
    expectRefused(await removeHoliday(`${germany._id}@2027-01-01`, after.version), 404, 'NOT_FOUND', 'Holiday not found');
    // A date the rule has no holiday on is no rule day either; nothing was written.
    expectRefused(await removeHoliday(`${germany._id}@2027-01-02`, after.version), 404, 'NOT_FOUND', 'Holiday not found');
    expect((await calendarOf(germany._id)).version).toBe(after.version);
  });

  it('undoing the removal brings the day back', async () => {
    const { version } = await calendarOf(germany._id);
    const removed = await removeHoliday(`${germany._id}@2027-12-26`, version);
    expect(removed.statusCode, removed.body).toBe(200);
    const undone = await t.request({ method: 'POST', url: `/api/undo/${removed.headers['x-command-id']}`, token: tokens.manager, body: {} });
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await holidays('?from=2027-12-26&to=2027-12-26')).filter((h) => h.calendarId === germany._id).map((h) => h.name)).toEqual(['Boxing Day']);
  });
});

describe('PUT /api/holiday-calendars/:id/rule', () => {
  it('extends a calendar made for one year: its recorded day stays, the rule gives the next years', async () => {
    const old = expectWritten<Calendar>(await t.request({ method: 'POST', url: '/api/holiday-calendars', token: tokens.manager, body: { name: 'Old Germany' } }), 201);
    const christmas = expectWritten<Holiday>(
      await t.request({ method: 'POST', url: '/api/holidays', token: tokens.manager, body: { date: '2026-12-25', name: 'Erster Weihnachtstag', calendarId: old._id } }),
      201,
    );
    const before = (await holidays('?from=2026-12-01&to=2027-01-31')).filter((h) => h.calendarId === old._id);
    expect(before.map((h) => h.date)).toEqual(['2026-12-25']);
    const set = await t.request({ method: 'PUT', url: `/api/holiday-calendars/${old._id}/rule`, token: tokens.manager, body: { country: 'de' }, headers: ifMatch(christmas.version) });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ _id: old._id, rule: { country: 'DE' }, version: christmas.version + 1 });
    const after = (await holidays('?from=2026-12-01&to=2027-01-31')).filter((h) => h.calendarId === old._id);
    expect(after.map((h) => [h.date, h.name])).toEqual([
      ['2026-12-25', 'Erster Weihnachtstag'], ['2026-12-26', 'Boxing Day'], ['2027-01-01', "New Year's Day"],
    ]);
  });

  it('an unknown country or region -> 400, no version -> 428, a stale one -> 409, an unknown calendar -> 404; nothing is written; engineers may not (403)', async () => {
    const { version } = await calendarOf(germany._id);
    const put = (body: unknown, headers: Record<string, string> = ifMatch(version), id = germany._id) =>
      t.request({ method: 'PUT', url: `/api/holiday-calendars/${id}/rule`, token: tokens.manager, body, headers });
    expectRefused(await put({ country: 'XX' }), 400, 'VALIDATION_FAILED', "Unknown country 'XX': use a code such as DE, FR or US");
    expectRefused(await put({ country: 'DE', region: 'ZZ' }), 400, 'VALIDATION_FAILED', "Unknown region 'ZZ' of DE");
    expect((await put({ country: 'Germany' })).statusCode).toBe(400);
    expect((await put({ country: 'DE' }, {})).statusCode).toBe(428);
    expectRefused(await put({ country: 'DE', region: 'BY' }, ifMatch(version - 1)), 409, 'VERSION_CONFLICT');
    expectRefused(await put({ country: 'DE' }, ifMatch(1), 'no-such-calendar'), 404, 'NOT_FOUND', 'Holiday calendar not found');
    // The rule it has already changes nothing.
    expect((await put({ country: 'de' })).statusCode).toBe(200);
    expect((await calendarOf(germany._id)).version).toBe(version);
    expect((await t.request({ method: 'PUT', url: `/api/holiday-calendars/${germany._id}/rule`, token: tokens.engineer, body: { country: 'DE' }, headers: ifMatch(version) })).statusCode).toBe(403);
  });
});
