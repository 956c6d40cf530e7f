/**
 * A calendar's rule days wherever its holidays are read, against real PostgreSQL: the plan as of a past
 * moment (GET /api/history/state) and the holidays CSV export hold the same rule days as the live list
 * (GET /api/holidays), across the year boundary; a day removed by hand after a moment is still there
 * at that moment and gone since; the export imports again unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { expectWritten, ifMatch } from '../support/capacity-facts-helpers.ts';
import { importCsv, preview } from '../support/import-helpers.ts';
import { signInAll, type Who } from '../support/planning-helpers.ts';

type Calendar = { _id: string; name: string; version: number };
type Holiday = { _id: string; calendarId: string; date: string; name: string };
type PastPlan = { asOf: string; holidays: Holiday[]; holidayCalendars: { _id: string }[] };

let t: TestApp;
let tokens: Record<Who, string>;
let germany: Calendar;
/** This year's Christmas and next year's New Year's Day: the rule gives both, one on each side of the boundary. */
const year = new Date().getUTCFullYear();
const christmas = `${year}-12-25`;
const newYear = `${year + 1}-01-01`;
/** Moments: before the calendar, after it was made, after its New Year's Day was removed by hand. */
let before: string;
let made: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ tokens } = await signInAll(t));
});

afterAll(async () => {
  await t?.close();
});

const get = async <T>(url: string, token = tokens.manager): Promise<T> => {
  const response = await t.request({ method: 'GET', url, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};
const germanDays = (list: Holiday[]) => list.filter((h) => h.calendarId === germany._id && (h.date === christmas || h.date === newYear));
const pastPlan = (at: string) => get<PastPlan>(`/api/history/state?at=${encodeURIComponent(at)}`, tokens.auditor);
/** A moment strictly between the last write and the next: recorded times are to the millisecond. */
const momentNow = async () => {
  await new Promise((resolve) => setTimeout(resolve, 20));
  const at = new Date().toISOString();
  await new Promise((resolve) => setTimeout(resolve, 20));
  return at;
};

describe('the plan as of a past moment', () => {
  it('holds the rule days of both years, as the live list does; before the calendar, none', async () => {
    before = await momentNow();
    germany = expectWritten<Calendar>(await t.request({ method: 'POST', url: '/api/holiday-calendars', token: tokens.manager, body: { name: 'Germany', country: 'DE' } }), 201);
    made = await momentNow();

    const live = germanDays(await get<Holiday[]>(`/api/holidays?from=${christmas}&to=${newYear}`));
    expect(live.map((h) => [h._id, h.date, h.name])).toEqual([
      [`${germany._id}@${christmas}`, christmas, 'Christmas Day'],
      [`${germany._id}@${newYear}`, newYear, "New Year's Day"],
    ]);
    // The log holds back events behind any open transaction in the cluster, which other files' databases share.
    await expect.poll(async () => (await pastPlan(made)).holidayCalendars.map((c) => c._id), { timeout: 20_000 }).toContain(germany._id);
    const then = await pastPlan(made);
    // The same records as the live list: ids, dates and names (the rule days have no event of their own).
    expect(germanDays(then.holidays)).toEqual(live);
    expect((await pastPlan(before)).holidays.filter((h) => h.calendarId === germany._id)).toEqual([]);
  });

  it("a day removed by hand afterwards is still there at that moment, and gone from the plan since", async () => {
    const calendar = (await get<Calendar[]>('/api/holiday-calendars')).find((c) => c._id === germany._id)!;
    const removed = await t.request({ method: 'DELETE', url: `/api/holidays/${encodeURIComponent(`${germany._id}@${newYear}`)}`, token: tokens.manager, headers: ifMatch(calendar.version) });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await momentNow();

    expect(germanDays((await pastPlan(made)).holidays).map((h) => h.date)).toEqual([christmas, newYear]);
    // The log holds back events behind any open transaction in the cluster, which other files' databases share.
    await expect.poll(async () => germanDays((await pastPlan(after)).holidays).map((h) => h.date), { timeout: 20_000 }).toEqual([christmas]);
    expect(germanDays(await get<Holiday[]>(`/api/holidays?from=${christmas}&to=${newYear}`)).map((h) => h.date)).toEqual([christmas]);
    // The plan as of now is the live plan: every holiday, recorded or from the rule.
    expect((await pastPlan(new Date().toISOString())).holidays).toEqual(await get<Holiday[]>('/api/holidays'));
  });
});

describe('the holidays CSV export', () => {
  it("writes the rule's days with the calendar's name, over the year boundary, without the day removed by hand", async () => {
    const response = await t.request({ method: 'GET', url: '/api/export/holidays.csv', token: tokens.auditor });
    expect(response.statusCode).toBe(200);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines).toContain(`${christmas},Christmas Day,Germany`);
    expect(lines.filter((l) => l.startsWith(`${year}-12-26,`) && l.endsWith(',Germany'))).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith(`${newYear},`) && l.endsWith(',Germany'))).toEqual([]);
    // Next year's days are there too: the rule holds every year the plan reaches.
    expect(lines).toContain(`${year + 1}-12-25,Christmas Day,Germany`);
    // One line per holiday GET /api/holidays lists (the header aside).
    expect(lines.length - 1).toBe((await get<Holiday[]>('/api/holidays')).length);
  });

  it('imports again unchanged, recording nothing', async () => {
    const csv = (await t.request({ method: 'GET', url: '/api/export/holidays.csv', token: tokens.auditor })).body;
    const rows = csv.trimEnd().split('\r\n').length - 1;
    expect((await preview(t, tokens.manager, 'holidays', csv)).counts).toEqual({ create: 0, update: 0, unchanged: rows, error: 0 });
    expect(await importCsv(t, tokens.manager, 'holidays', csv)).toMatchObject({ state: 'done', created: 0, updated: 0, unchanged: rows });
  });
});
