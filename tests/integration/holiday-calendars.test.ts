/**
 * Named holiday calendars through the API, against real PostgreSQL: a calendar filled with Germany's
 * (and Bavaria's) public holidays of 2026 from date-holidays, holidays added to it, renamed, removed
 * (409 while an engineer follows it), every bad input's 4xx, the capacity facts, the past plan and the
 * History sentences that carry the calendars, a rebuild equal to live, and the migration keeping the
 * holidays there were in the default calendar.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as migration from '../../migrations/2026-11-29T02-00_holiday-calendars.ts';
import type { Engineer } from '../../domain/index.ts';
import { rebuildReadModels } from '../../server/projections/rebuild.ts';
import { loadCapacityFacts } from '../../server/read-models/capacity-facts.ts';
import { eventually } from '../support/api-helpers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { expectRefused, expectWritten, ifMatch } from '../support/capacity-facts-helpers.ts';
import { csvOf, importCsv, preview } from '../support/import-helpers.ts';
import { dbStreamEvents, expectValidation, signInAll, type Who } from '../support/planning-helpers.ts';

type CalendarHoliday = { _id: string; date: string; name: string };
type Calendar = { _id: string; name: string; country?: string; region?: string; rule?: { country: string; region?: string }; version: number; holidays: CalendarHoliday[] };
type Holiday = CalendarHoliday & { calendarId: string; version: number };

let t: TestApp;
let tokens: Record<Who, string>;

beforeAll(async () => {
  t = await startTestApp();
  ({ tokens } = await signInAll(t));
});

afterAll(async () => {
  await t?.close();
});

const calendars = async (token = tokens.manager) => {
  const response = await t.request({ method: 'GET', url: '/api/holiday-calendars', token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Calendar[];
};
const calendarOf = async (id: string) => (await calendars()).find((c) => c._id === id);
const create = (body: unknown, token = tokens.manager) => t.request({ method: 'POST', url: '/api/holiday-calendars', token, body });
const rename = (id: string, body: unknown, headers: Record<string, string> = {}, token = tokens.manager) =>
  t.request({ method: 'PATCH', url: `/api/holiday-calendars/${encodeURIComponent(id)}`, token, body, headers });
const remove = (id: string, headers: Record<string, string> = {}, token = tokens.manager) =>
  t.request({ method: 'DELETE', url: `/api/holiday-calendars/${encodeURIComponent(id)}`, token, headers });
const addHoliday = (body: unknown, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/api/holidays', token: tokens.manager, body, headers });
const allHolidays = async () => (await t.request({ method: 'GET', url: '/api/holidays', token: tokens.manager })).json() as Holiday[];

let germany: Calendar;
let bavaria: Calendar;

describe('GET /api/holiday-calendars', () => {
  it('lists the default calendar, with the holidays there were, to everyone signed in', async () => {
    const holidays = await allHolidays();
    expect(holidays.length).toBeGreaterThan(0);
    expect(holidays.every((h) => h.calendarId === 'default')).toBe(true);
    for (const who of ['manager', 'engineer', 'auditor'] as const) {
      const [first, ...others] = await calendars(tokens[who]);
      expect(others).toEqual([]);
      expect(first).toEqual({
        _id: 'default', name: 'Default', version: expect.any(Number),
        holidays: holidays.map(({ _id, date, name }) => ({ _id, date, name })),
      });
    }
    expect((await t.request({ method: 'GET', url: '/api/holiday-calendars' })).statusCode).toBe(401);
  });

  it('lists the countries and regions a calendar can be filled from', async () => {
    const response = await t.request({ method: 'GET', url: '/api/holiday-calendars/countries', token: tokens.engineer });
    expect(response.statusCode).toBe(200);
    const countries = response.json() as { code: string; name: string; regions: { code: string; name: string; localName?: string }[] }[];
    const de = countries.find((c) => c.code === 'DE');
    expect(de).toMatchObject({ name: 'Germany' });
    // Regions are named in English and in their own language, so that either finds them.
    expect(de!.regions).toContainEqual({ code: 'BY', name: 'Bavaria', localName: 'Bayern' });
    expect(de!.regions).toContainEqual({ code: 'BE', name: 'Berlin' });
    expect(countries.find((c) => c.code === 'AT')!.regions).toContainEqual({ code: '9', name: 'Vienna', localName: 'Wien' });
  });
});

describe('POST /api/holiday-calendars', () => {
  it("creates a calendar that keeps Germany's rule; the answer lists its public holidays of 2026, in English", async () => {
    germany = expectWritten<Calendar>(await create({ name: ' Germany ', country: 'de', year: 2026 }), 201);
    expect(germany).toMatchObject({ _id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Germany', country: 'DE', rule: { country: 'DE' } });
    const day = (date: string, name: string) => ({ _id: `${germany._id}@${date}`, date, name });
    expect(germany.holidays).toContainEqual(day('2026-10-03', 'National Holiday'));
    expect(germany.holidays).toContainEqual(day('2026-01-01', "New Year's Day"));
    expect(germany.holidays).toContainEqual(day('2026-12-25', 'Christmas Day'));
    expect(germany.holidays).toContainEqual(day('2026-05-25', 'Whit Monday'));
    // Only the nationwide public days: Epiphany is Bavaria's (and two other states'), not Germany's.
    expect(germany.holidays.map((h) => h.date)).not.toContain('2026-01-06');
    expect(germany.holidays.every((h) => h.date.startsWith('2026-'))).toBe(true);
    // The rule is recorded, not a year of days.
    expect(germany.version).toBe(2);
    const events = await dbStreamEvents(t, `calendar-${germany._id}`);
    expect(events.map((e) => e.type)).toEqual(['HolidayCalendarCreated', 'HolidayCalendarRuleSet']);
    expect(events[1]).toMatchObject({ data: { calendarId: germany._id, rule: { country: 'DE' } } });
    // The list gives the rule's days of every year the plan reaches: 2026's and the next one's.
    const listed = (await calendarOf(germany._id))!;
    expect(listed.holidays).toEqual(expect.arrayContaining(germany.holidays));
    expect(listed.holidays).toContainEqual(day('2027-01-01', "New Year's Day"));
  });

  it("fills a region's calendar with its own public days too", async () => {
    bavaria = expectWritten<Calendar>(await create({ name: 'Bavaria', country: 'DE', region: 'by', year: 2026 }), 201);
    expect(bavaria).toMatchObject({ country: 'DE', region: 'BY' });
    expect(bavaria.holidays).toContainEqual({ _id: `${bavaria._id}@2026-01-06`, date: '2026-01-06', name: 'Epiphany' });
    expect(bavaria.holidays.length).toBeGreaterThan(germany.holidays.length);
  });

  it('creates an empty calendar without a country, and this year by default with one', async () => {
    const office = expectWritten<Calendar>(await create({ name: 'Office' }), 201);
    expect(office).toMatchObject({ name: 'Office', holidays: [], version: 1 });
    expect(office).not.toHaveProperty('country');
    const france = expectWritten<Calendar>(await create({ name: 'France', country: 'FR' }), 201);
    const year = String(new Date().getUTCFullYear());
    expect(france.holidays.length).toBeGreaterThan(5);
    expect(france.holidays.every((h) => h.date.startsWith(`${year}-`))).toBe(true);
    expect((await calendars()).map((c) => c.name)).toEqual(['Default', 'Bavaria', 'France', 'Germany', 'Office']);
  });

  it.each([
    ['no name', {}, 'Calendar name is required', 'name'],
    ['a blank name', { name: '   ' }, 'Calendar name is required', 'name'],
    ['a long name', { name: 'x'.repeat(101) }, 'Calendar name must be at most 100 characters', 'name'],
    ['a country name instead of its code', { name: 'X', country: 'Germany' }, 'Country must be a country code such as DE or US', 'country'],
    ['a region without its country', { name: 'X', region: 'BY' }, 'A region needs its country', 'region'],
    ['a year out of range', { name: 'X', country: 'DE', year: 1800 }, 'Year must be a whole number from 1970 to 2200', 'year'],
    ['a year as text', { name: 'X', country: 'DE', year: '2026' }, 'Year must be a whole number from 1970 to 2200', 'year'],
  ])('%s -> 400 with the message', async (_case, body, message, path) => {
    expectValidation(await create(body), message, path);
  });

  it('an unknown country or region -> 400 saying so; a body that is no object -> 400', async () => {
    expectRefused(await create({ name: 'Nowhere', country: 'XX' }), 400, 'VALIDATION_FAILED', "Unknown country 'XX': use a code such as DE, FR or US");
    expectRefused(await create({ name: 'Nowhere', country: 'DE', region: 'ZZ' }), 400, 'VALIDATION_FAILED', "Unknown region 'ZZ' of DE");
    const response = await t.request({ method: 'POST', url: '/api/holiday-calendars', token: tokens.manager, body: '"Germany"', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect((await calendars()).some((c) => c.name === 'Nowhere')).toBe(false);
  });

  it('a name another calendar has, in any case -> 409; engineers and auditors may not create (403)', async () => {
    expectRefused(await create({ name: 'GERMANY' }), 409, 'CONFLICT', 'There is already a holiday calendar named Germany');
    expectRefused(await create({ name: 'default' }), 409, 'CONFLICT', 'There is already a holiday calendar named Default');
    expect((await create({ name: 'Mine' }, tokens.engineer)).statusCode).toBe(403);
    expect((await create({ name: 'Mine' }, tokens.auditor)).statusCode).toBe(403);
  });
});

describe('POST /api/holidays with a calendar', () => {
  it("adds a holiday to the calendar named, at that calendar's version; the same date stays free elsewhere", async () => {
    const holiday = expectWritten<Holiday>(await addHoliday({ date: '2026-12-31', name: 'Silvester', calendarId: germany._id }, ifMatch(germany.version)), 201);
    expect(holiday).toMatchObject({ calendarId: germany._id, date: '2026-12-31', name: 'Silvester', version: germany.version + 1 });
    expect((await allHolidays()).find((h) => h._id === holiday._id)).toEqual(holiday);
    expectRefused(await addHoliday({ date: '2026-12-31', name: 'Again', calendarId: germany._id }), 409, 'CONFLICT', 'There is already a holiday on 2026-12-31: Silvester');
    // A day added by hand on a date of the rule is kept over the rule's: the calendar lists it once, as added.
    expectWritten<Holiday>(await addHoliday({ date: '2026-10-03', name: 'Tag der Deutschen Einheit', calendarId: germany._id }), 201);
    expect((await allHolidays()).filter((h) => h.calendarId === germany._id && h.date === '2026-10-03').map((h) => h.name)).toEqual(['Tag der Deutschen Einheit']);
    expectRefused(await addHoliday({ date: '2026-12-30', name: 'Stale', calendarId: germany._id }, ifMatch(germany.version)), 409, 'VERSION_CONFLICT');
    const inDefault = expectWritten<Holiday>(await addHoliday({ date: '2026-10-03', name: 'Company Day' }), 201);
    expect(inDefault.calendarId).toBe('default');
    germany = (await calendarOf(germany._id))!;
  });

  it('an unknown calendar -> 404, and a calendar id that is no text -> 400', async () => {
    expectRefused(await addHoliday({ date: '2026-12-24', name: 'Eve', calendarId: 'no-such-calendar' }), 404, 'NOT_FOUND', 'Holiday calendar not found');
    expectValidation(await addHoliday({ date: '2026-12-24', name: 'Eve', calendarId: 42 }), 'Calendar is required', 'calendarId');
    expectValidation(await addHoliday({ date: '2026-12-24', name: 'Eve', calendarId: ' ' }), 'Calendar is required', 'calendarId');
  });

  it("a holiday of a named calendar is removed at that calendar's version", async () => {
    const eve = expectWritten<Holiday>(await addHoliday({ date: '2026-12-24', name: 'Heiligabend', calendarId: germany._id }), 201);
    const defaultVersion = (await calendarOf('default'))!.version;
    expectRefused(await t.request({ method: 'DELETE', url: `/api/holidays/${eve._id}`, token: tokens.manager, headers: ifMatch(defaultVersion) }), 409, 'VERSION_CONFLICT');
    const removed = await t.request({ method: 'DELETE', url: `/api/holidays/${eve._id}`, token: tokens.manager, headers: ifMatch(eve.version) });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: 'Holiday removed', version: eve.version + 1 });
    germany = (await calendarOf(germany._id))!;
    expect(germany.holidays.map((h) => h.date)).not.toContain('2026-12-24');
  });

  it('the capacity facts give each holiday its calendar', async () => {
    const facts = await loadCapacityFacts(t.app.db, { from: '2026-10-01', to: '2026-10-31' });
    expect(facts.holidays).toContainEqual({ date: '2026-10-03', name: 'Tag der Deutschen Einheit', calendarId: germany._id });
    expect(facts.holidays).toContainEqual({ date: '2026-10-03', name: 'Company Day', calendarId: 'default' });
  });
});

describe('PATCH /api/holiday-calendars/:id', () => {
  it('renames with the version; the answer is the calendar at its new version', async () => {
    const renamed = expectWritten<Calendar>(await rename(germany._id, { name: 'Deutschland' }, ifMatch(germany.version)), 200);
    expect(renamed).toEqual({ _id: germany._id, name: 'Deutschland', country: 'DE', rule: { country: 'DE' },
      // The day removed by hand stays off, whatever the rule says.
      removedRuleDays: [{ date: '2026-12-24', name: 'Heiligabend' }], version: germany.version + 1,
    });
    const events = await dbStreamEvents(t, `calendar-${germany._id}`);
    expect(events.at(-1)).toMatchObject({ type: 'HolidayCalendarRenamed', data: { calendarId: germany._id, name: 'Deutschland', previous: 'Germany' } });
    germany = (await calendarOf(germany._id))!;
  });

  it('renames the default calendar too, on its old stream', async () => {
    const before = (await calendarOf('default'))!;
    const renamed = expectWritten<Calendar>(await rename('default', { name: 'Head office' }, ifMatch(before.version)), 200);
    expect(renamed).toEqual({ _id: 'default', name: 'Head office', version: before.version + 1 });
    expect((await dbStreamEvents(t, 'calendar')).at(-1)).toMatchObject({ type: 'HolidayCalendarRenamed' });
    expect((await calendars())[0]).toMatchObject({ _id: 'default', name: 'Head office' });
  });

  it('refuses: no version (428), a stale one (409), a taken name (409), a blank one (400), an unknown calendar (404), engineers (403)', async () => {
    expect((await rename(germany._id, { name: 'X' })).statusCode).toBe(428);
    expectRefused(await rename(germany._id, { name: 'X' }, ifMatch(germany.version - 1)), 409, 'VERSION_CONFLICT');
    expectRefused(await rename(germany._id, { name: 'bavaria' }, ifMatch(germany.version)), 409, 'CONFLICT', 'There is already a holiday calendar named Bavaria');
    expectValidation(await rename(germany._id, { name: ' ' }, ifMatch(germany.version)), 'Calendar name is required', 'name');
    expectRefused(await rename('no-such-calendar', { name: 'X' }, ifMatch(1)), 404, 'NOT_FOUND', 'Holiday calendar not found');
    expect((await rename(germany._id, { name: 'X' }, ifMatch(germany.version), tokens.engineer)).statusCode).toBe(403);
    expectRefused(await rename(germany._id, { name: 'X' }, { 'if-match': 'soon' }), 400, 'BAD_IF_MATCH');
    expect((await calendarOf(germany._id))!.version).toBe(germany.version);
  });
});

describe('DELETE /api/holiday-calendars/:id', () => {
  it('is refused (409) while an engineer follows the calendar, naming them; nothing is removed', async () => {
    const engineers = (await t.request({ method: 'GET', url: '/api/engineers', token: tokens.manager })).json() as Engineer[];
    const follower = engineers[0]!;
    const followed = await t.request({
      method: 'PUT', url: `/api/engineers/${follower._id}/calendar`, token: tokens.manager,
      body: { calendarId: bavaria._id, from: '2026-12-01' }, headers: ifMatch(follower.version),
    });
    expect(followed.statusCode, followed.body).toBe(200);
    expect((followed.json() as Engineer).calendars).toEqual([{ from: '2026-12-01', calendarId: bavaria._id }]);
    const before = (await calendarOf(bavaria._id))!;
    const refused = await remove(bavaria._id, ifMatch(before.version));
    expectRefused(refused, 409, 'CONFLICT');
    expect(refused.json().message).toContain(follower.name);
    expect(await calendarOf(bavaria._id)).toEqual(before);
    bavaria = before;
  });

  it('removes a calendar nobody follows, with its holidays', async () => {
    const germanHolidays = germany.holidays.map((h) => h._id);
    // Its recorded days are removed one by one (the rule's days are no records): Silvester and the one added on a rule's date.
    const recorded = germany.holidays.filter((h) => !h._id.startsWith(`${germany._id}@`));
    expect(recorded.map((h) => h.date)).toEqual(['2026-10-03', '2026-12-31']);
    const removed = await remove(germany._id, ifMatch(germany.version));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: 'Holiday calendar removed', version: germany.version + recorded.length + 1 });
    expect(await calendarOf(germany._id)).toBeUndefined();
    expect((await allHolidays()).filter((h) => germanHolidays.includes(h._id))).toEqual([]);
    const events = await dbStreamEvents(t, `calendar-${germany._id}`);
    expect(events.at(-1)).toMatchObject({ type: 'HolidayCalendarRemoved', data: { calendarId: germany._id, name: 'Deutschland' } });
    expectRefused(await addHoliday({ date: '2026-12-24', name: 'Eve', calendarId: germany._id }), 404, 'NOT_FOUND', 'Holiday calendar not found');
  });

  it('refuses: the default calendar (409), no version (428), an unknown or removed calendar (404), engineers (403)', async () => {
    const defaultCalendar = (await calendarOf('default'))!;
    expectRefused(await remove('default', ifMatch(defaultCalendar.version)), 409, 'CONFLICT', 'The default holiday calendar cannot be removed');
    expect((await remove(bavaria._id)).statusCode).toBe(428);
    expectRefused(await remove(germany._id, ifMatch(1)), 404, 'NOT_FOUND', 'Holiday calendar not found');
    expectRefused(await remove('no-such-calendar', ifMatch(1)), 404, 'NOT_FOUND', 'Holiday calendar not found');
    expect((await remove(bavaria._id, ifMatch(bavaria.version), tokens.engineer)).statusCode).toBe(403);
    expect((await remove(bavaria._id, ifMatch(bavaria.version), tokens.auditor)).statusCode).toBe(403);
  });
});

describe('hostile ids', () => {
  it.each(['__proto__', 'constructor', 'x'.repeat(101), 'a%00b', '%ED%A0%80', 'calendar', '..%2F..'])('%s in the path -> 4xx with a message, never 5xx', async (id) => {
    for (const response of [
      await t.request({ method: 'PATCH', url: `/api/holiday-calendars/${id}`, token: tokens.manager, body: { name: 'X' }, headers: ifMatch(1) }),
      await t.request({ method: 'DELETE', url: `/api/holiday-calendars/${id}`, token: tokens.manager, headers: ifMatch(1) }),
      await t.request({ method: 'POST', url: '/api/holidays', token: tokens.manager, body: { date: '2026-12-24', name: 'Eve', calendarId: decodeURIComponent(id.replace('%ED%A0%80', '%EF%BF%BD')) } }),
    ]) {
      expect(response.statusCode, `${id}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${id}: ${response.body}`).toBeLessThan(500);
      expect(typeof response.json().message).toBe('string');
    }
  });
});

describe('CSV of holidays with a calendar column', () => {
  it('exports each holiday with its calendar name, and imports into the calendar a row names', async () => {
    const exported = await t.request({ method: 'GET', url: '/api/export/holidays.csv', token: tokens.auditor });
    expect(exported.statusCode).toBe(200);
    const [header, ...rows] = exported.body.trimEnd().split('\r\n');
    expect(header).toBe('date,name,calendar');
    // The rule's days too, as every screen counts them: Bavaria has no recorded day, yet Christmas is in it.
    const [first] = (await allHolidays()).filter((h) => h.calendarId === 'default');
    expect(rows).toContain(`${first!.date},${first!.name},Head office`);
    expect(rows.some((row) => row.startsWith('2026-12-25,') && row.endsWith(',Bavaria'))).toBe(true);
    expect((await preview(t, tokens.manager, 'holidays', exported.body)).counts).toEqual({ create: 0, update: 0, unchanged: rows.length, error: 0 });

    const file = csvOf([['date', 'name', 'calendar'], ['2026-12-31', 'Silvester', 'bavaria'], ['2026-12-31', 'New Year Eve', ''], ['2026-12-30', 'Nowhere Day', 'Atlantis']]);
    const planned = await preview(t, tokens.manager, 'holidays', file);
    expect(planned.counts).toEqual({ create: 2, update: 0, unchanged: 0, error: 1 });
    const good = csvOf([['date', 'name', 'calendar'], ['2026-12-31', 'Silvester', 'bavaria'], ['2026-12-31', 'New Year Eve', '']]);
    expect(await importCsv(t, tokens.manager, 'holidays', good)).toMatchObject({ state: 'done', created: 2 });
    const holidays = await allHolidays();
    expect(holidays.filter((h) => h.date === '2026-12-31').map((h) => [h.calendarId, h.name]).sort()).toEqual([
      [bavaria._id, 'Silvester'], ['default', 'New Year Eve'],
    ].sort());
    bavaria = (await calendarOf(bavaria._id))!;
  });
});

describe('the past plan and the History', () => {
  it('/api/history/state carries the calendars of that moment', async () => {
    const live = await calendars();
    const calendarsOnly = live.map(({ holidays: _holidays, ...calendar }) => calendar);
    // The history reads only what every reader can see; another database's open transaction on the same
    // server can hold that back for a moment.
    const stateNow = async () =>
      (await t.request({ method: 'GET', url: `/api/history/state?at=${encodeURIComponent(new Date().toISOString())}`, token: tokens.auditor })).json() as {
        holidayCalendars: Omit<Calendar, 'holidays'>[]; holidays: Holiday[];
      };
    const key = (list: Omit<Calendar, 'holidays'>[]) => list.map((c) => `${c._id}:${c.name}:${c.version}`).join();
    const plan = await eventually(stateNow, (state) => key(state.holidayCalendars) === key(calendarsOnly));
    expect(plan.holidayCalendars).toEqual(calendarsOnly);
    // The past plan holds the recorded days and the rule's, as the screens counted them then.
    const recorded = bavaria.holidays.filter((h) => !h._id.startsWith(`${bavaria._id}@`));
    const past = plan.holidays.filter((h) => h.calendarId === bavaria._id).map((h) => h._id);
    expect(past).toEqual(expect.arrayContaining([...recorded.map((h) => h._id), `${bavaria._id}@2026-12-25`, `${bavaria._id}@2027-01-01`]));
    const before = await t.request({ method: 'GET', url: '/api/history/state?at=2020-01-01T00:00:00Z', token: tokens.auditor });
    expect((before.json() as { holidayCalendars: unknown[] }).holidayCalendars).toEqual([{ _id: 'default', name: 'Default', version: 0 }]);
  });

  it('tells what happened to the calendars in sentences', async () => {
    const summariesNow = async () =>
      ((await t.request({ method: 'GET', url: '/api/history/events?limit=500', token: tokens.auditor })).json() as { events: { summary: string }[] }).events.map((e) => e.summary);
    // Visible once no older transaction on the server is open (see above).
    const summaries = await eventually(summariesNow, (list) => list.some((s) => s.endsWith('created the holiday calendar Germany for DE')));
    expect(summaries.some((s) => s.endsWith('created the holiday calendar Germany for DE'))).toBe(true);
    expect(summaries.some((s) => s.endsWith('created the holiday calendar Bavaria for DE-BY'))).toBe(true);
    expect(summaries.some((s) => s.endsWith('renamed the holiday calendar Germany to Deutschland'))).toBe(true);
    expect(summaries.some((s) => s.endsWith('removed the holiday calendar Deutschland'))).toBe(true);
    expect(summaries.some((s) => s.endsWith('added the holiday Silvester on 2026-12-31 in Bavaria'))).toBe(true);
    expect(summaries.some((s) => s.endsWith('added the holiday New Year Eve on 2026-12-31'))).toBe(true);
    expect(summaries.some((s) => /moved .+ to the Bavaria holiday calendar from 2026-12-01$/.test(s))).toBe(true);
  });
});

describe('rebuild', () => {
  it('a rebuild of every read model equals the live ones, the calendars included', async () => {
    const result = await rebuildReadModels(t.app.db, { swap: false });
    expect(result.tables.find((table) => table.table === 'holiday_calendars')).toMatchObject({ missing: 0, extra: 0, changed: 0 });
    expect(result.equal).toBe(true);
    const before = await calendars();
    expect((await rebuildReadModels(t.app.db, { swap: true })).equal).toBe(true);
    expect(await calendars()).toEqual(before);
  });
});

describe('the migration', () => {
  it('keeps the holidays there were in the default calendar, at its version, and a rebuild then equals them', async () => {
    const m = await startTestApp();
    try {
      const token = (await signInAll(m)).tokens.manager;
      const added = await m.request({ method: 'POST', url: '/api/holidays', token, body: { date: '2031-05-01', name: 'Labour Day' } });
      expect(added.statusCode, added.body).toBe(201);
      const holidaysBefore = (await m.request({ method: 'GET', url: '/api/holidays', token })).json() as Holiday[];
      const calendarsBefore = (await m.request({ method: 'GET', url: '/api/holiday-calendars', token })).json() as Calendar[];

      // Back to before named calendars: holidays had no calendar, and there was no calendars table.
      await migration.down(m.app.db);
      const old = await sql<{ doc: Record<string, unknown> }>`select doc from holidays`.execute(m.app.db);
      expect(old.rows).toHaveLength(holidaysBefore.length);
      expect(old.rows.every((r) => !('calendarId' in r.doc))).toBe(true);

      await migration.up(m.app.db);
      expect((await m.request({ method: 'GET', url: '/api/holidays', token })).json()).toEqual(holidaysBefore);
      expect((await m.request({ method: 'GET', url: '/api/holiday-calendars', token })).json()).toEqual(calendarsBefore);
      expect((await rebuildReadModels(m.app.db, { swap: false })).equal).toBe(true);
    } finally {
      await m.close();
    }
  });
});
