/**
 * Many engineers follow a calendar at once, against real PostgreSQL: POST /api/engineers/follow-calendar
 * (the Engineers screen's selection) and the engineers CSV's `calendar` column. Both all or none: an
 * unknown calendar (or engineer) is a 4xx {message} and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engineer } from '../../domain/index.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { expectRefused, expectWritten } from '../support/capacity-facts-helpers.ts';
import { csvOf, importCsv, postCsv, preview } from '../support/import-helpers.ts';
import { signInAll, type Who } from '../support/planning-helpers.ts';

let t: TestApp;
let tokens: Record<Who, string>;
let engineers: Engineer[];
let germany: { _id: string; name: string };

beforeAll(async () => {
  t = await startTestApp();
  ({ tokens } = await signInAll(t));
  engineers = (await t.request({ method: 'GET', url: '/api/engineers', token: tokens.manager })).json() as Engineer[];
  germany = expectWritten(await t.request({ method: 'POST', url: '/api/holiday-calendars', token: tokens.manager, body: { name: 'Germany', country: 'DE' } }), 201);
});

afterAll(async () => {
  await t?.close();
});

const engineerList = async () => (await t.request({ method: 'GET', url: '/api/engineers', token: tokens.manager })).json() as Engineer[];
const follow = (body: unknown, token = tokens.manager) => t.request({ method: 'POST', url: '/api/engineers/follow-calendar', token, body });
const eventCount = async () => Number((await t.app.db.selectFrom('events').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

describe('POST /api/engineers/follow-calendar', () => {
  it('three engineers follow Germany from a date in one write, with one command id; asked again it changes nothing', async () => {
    const chosen = engineers.slice(0, 3).map((e) => e._id);
    const response = await follow({ engineerIds: chosen, calendarId: germany._id, from: '2026-12-01' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-command-id']).toEqual(expect.any(String));
    const body = response.json() as { engineers: Engineer[]; changed: number };
    expect(body.changed).toBe(3);
    expect(body.engineers.map((e) => e._id)).toEqual(chosen);
    for (const id of chosen) {
      expect((await engineerList()).find((e) => e._id === id)!.calendars).toEqual([{ from: '2026-12-01', calendarId: germany._id }]);
    }
    const again = await follow({ engineerIds: chosen, calendarId: germany._id, from: '2026-12-01' });
    expect(again.json()).toMatchObject({ changed: 0 });
  });

  it('an unknown calendar -> 404 with its message, an unknown engineer among known ones -> 404; nothing is written', async () => {
    const before = await eventCount();
    const others = engineers.slice(3, 5).map((e) => e._id);
    expectRefused(await follow({ engineerIds: others, calendarId: 'atlantis', from: '2026-12-01' }), 404, 'NOT_FOUND', 'Holiday calendar not found');
    expectRefused(await follow({ engineerIds: [...others, 'no-such-engineer'], calendarId: germany._id, from: '2026-12-01' }), 404, 'NOT_FOUND', 'Engineer not found');
    expect(await eventCount()).toBe(before);
    const listed = await engineerList();
    for (const id of others) expect(listed.find((e) => e._id === id)!.calendars).toBeUndefined();
  });

  it('bad input -> 400 {message}; engineers and auditors may not (403)', async () => {
    expect((await follow({ engineerIds: [], calendarId: germany._id, from: '2026-12-01' })).json().message).toBe('Choose at least one engineer');
    expect((await follow({ engineerIds: [engineers[0]!._id], calendarId: germany._id, from: 'soon' })).statusCode).toBe(400);
    expect((await follow({ engineerIds: [engineers[0]!._id], from: '2026-12-01' })).statusCode).toBe(400);
    expect((await follow({ engineerIds: [engineers[0]!._id], calendarId: germany._id, from: '2026-12-01' }, tokens.engineer)).statusCode).toBe(403);
    expect((await follow({ engineerIds: [engineers[0]!._id], calendarId: germany._id, from: '2026-12-01' }, tokens.auditor)).statusCode).toBe(403);
  });
});

describe('the engineers CSV calendar column', () => {
  const header = ['name', 'email', 'department', 'seniority', 'maxCapacity', 'skills', 'calendar'];

  it('a new engineer follows the calendar named from their first day, one there already from today', async () => {
    const existing = engineers[6]!;
    const file = csvOf([
      header,
      ['Greta Berg', 'greta.berg@import.test', 'Platform', 'mid', '100', 'Go', 'germany'],
      [existing.name, existing.email, existing.department, existing.seniority, String(existing.maxCapacity), existing.skills.join(';'), germany._id],
    ]);
    const planned = await preview(t, tokens.manager, 'engineers', file);
    expect(planned.counts).toEqual({ create: 1, update: 1, unchanged: 0, error: 0 });
    expect(planned.rows[1]!.diff).toEqual([{ field: 'calendar', from: 'Default', to: 'Germany' }]);
    expect(await importCsv(t, tokens.manager, 'engineers', file)).toMatchObject({ state: 'done', created: 1, updated: 1 });
    const listed = await engineerList();
    expect(listed.find((e) => e.email === 'greta.berg@import.test')!.calendars).toEqual([{ from: '0001-01-01', calendarId: germany._id }]);
    const today = new Date().toISOString().slice(0, 10);
    expect(listed.find((e) => e._id === existing._id)!.calendars).toEqual([{ from: today, calendarId: germany._id }]);
    // The export names the calendar followed today, and imports again unchanged.
    const exported = await t.request({ method: 'GET', url: '/api/export/engineers.csv', token: tokens.manager });
    // The export also says start and leave dates (both empty here).
    expect(exported.body.split('\r\n')[0]).toBe([...header, 'startDate', 'leaveDate'].join(','));
    expect(exported.body).toContain('greta.berg@import.test,Platform,mid,100,Go,Germany,,');
    const again = await preview(t, tokens.manager, 'engineers', exported.body);
    expect(again.counts).toMatchObject({ create: 0, update: 0, error: 0 });
  });

  it('an unknown calendar -> 400 naming its line and the calendar; nothing is imported, the good rows neither', async () => {
    const before = await eventCount();
    const file = csvOf([
      header,
      ['Hana Kim', 'hana.kim@import.test', 'Platform', 'mid', '100', 'Go', 'Germany'],
      ['Ivo Lang', 'ivo.lang@import.test', 'Platform', 'mid', '100', 'Go', 'Atlantis'],
    ]);
    const response = await postCsv(t, tokens.manager, '/api/import/engineers', file);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe("Nothing was imported: 1 row has errors (first, line 3: Unknown holiday calendar 'Atlantis': use a calendar's name or id)");
    expect(await eventCount()).toBe(before);
    expect((await engineerList()).some((e) => e.email === 'hana.kim@import.test')).toBe(false);
  });
});
