/**
 * CSV import and export of time off and holidays: preview with line numbers and the API's messages
 * (overlaps included, against the file's own earlier rows too), the import through the capacity-fact
 * commands, idempotency, a changed kind or name as a cancel and a new booking, roles, and the round trip.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { eventually } from '../support/api-helpers.ts';
import { dbEventCount } from '../support/history-helpers.ts';
import { csvOf, importCsv, postCsv, preview } from '../support/import-helpers.ts';

let t: TestApp;
let manager: string;

beforeAll(async () => {
  t = await startTestApp();
  manager = await t.login(demo.manager);
});

afterAll(async () => {
  await t?.close();
});

type TimeOff = { engineerId: string; from: string; to: string; kind: string; note?: string };
const get = async <T>(url: string) => (await t.request({ method: 'GET', url, token: manager })).json() as T;

const timeOffFile = csvOf([
  ['engineerEmail', 'from', 'to', 'kind', 'note'],
  ['priya.patel@demo.test', '2031-07-01', '2031-07-10', 'vacation', 'Summer, by the sea'],
  ['priya.patel@demo.test', '2031-09-01', '2031-09-01', 'sick', ''],
  ['mei.chen@demo.test', '2031-07-05', '2031-07-06', 'other', ''],
]);

describe('time off', () => {
  it('previews, imports through the commands, and a second import changes nothing', async () => {
    const planned = await preview(t, manager, 'time-off', timeOffFile);
    expect(planned.rows.map((r) => [r.line, r.action])).toEqual([[2, 'create'], [3, 'create'], [4, 'create']]);
    expect(await importCsv(t, manager, 'time-off', timeOffFile)).toMatchObject({ state: 'done', created: 3, updated: 0 });

    const priya = (await get<{ _id: string; email: string }[]>('/api/engineers')).find((e) => e.email === 'priya.patel@demo.test')!;
    const booked = await get<TimeOff[]>(`/api/time-off?engineerId=${priya._id}`);
    expect(booked.filter((b) => b.from.startsWith('2031'))).toMatchObject([
      { from: '2031-07-01', to: '2031-07-10', kind: 'vacation', note: 'Summer, by the sea' },
      { from: '2031-09-01', to: '2031-09-01', kind: 'sick' },
    ]);
    const events = await dbEventCount(t);
    expect(await importCsv(t, manager, 'time-off', timeOffFile)).toMatchObject({ state: 'done', created: 0, updated: 0, unchanged: 3 });
    expect(await dbEventCount(t)).toBe(events);
  });

  it('refuses overlapping days (the file\'s own earlier rows included) and unknown engineers, by line, and writes nothing', async () => {
    const file = csvOf([
      ['engineerEmail', 'from', 'to', 'kind'],
      ['priya.patel@demo.test', '2031-07-08', '2031-07-12', 'vacation'],
      ['elena.rossi@demo.test', '2032-01-01', '2032-01-05', 'vacation'],
      ['elena.rossi@demo.test', '2032-01-05', '2032-01-06', 'vacation'],
      ['ghost@demo.test', '2032-01-01', '2032-01-01', 'sick'],
    ]);
    const before = await dbEventCount(t);
    const response = await postCsv(t, manager, '/api/import/time-off', file);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { path: 'line 2: from', message: 'This engineer already has time off from 2031-07-01 to 2031-07-10' },
      { path: 'line 4: from', message: 'This engineer already has time off from 2032-01-01 to 2032-01-05' },
      { path: 'line 5: engineerEmail', message: 'Engineer not found' },
    ]);
    expect(await dbEventCount(t)).toBe(before);
  });

  it('rebooks the same days with another kind as a cancel and a new booking', async () => {
    const changed = timeOffFile.replace('2031-09-01,2031-09-01,sick', '2031-09-01,2031-09-01,other');
    expect((await preview(t, manager, 'time-off', changed)).rows[1]).toMatchObject({ action: 'update', changes: ['kind'] });
    expect(await importCsv(t, manager, 'time-off', changed)).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
    const types = await eventually(
      async () => (await get<{ events: { type: string; data: { from: string } }[] }>('/api/events?limit=1000')).events
        .filter((e) => e.data.from === '2031-09-01').map((e) => e.type),
      (list) => list.length >= 3,
    );
    expect(types).toEqual(['TimeOffBooked', 'TimeOffCancelled', 'TimeOffBooked']);
  });
});

describe('holidays', () => {
  const file = csvOf([['date', 'name'], ['2031-12-25', 'Christmas Day'], ['2031-12-26', 'Boxing Day']]);

  it('imports, changes nothing the second time, and renames a date whose name changed', async () => {
    expect(await importCsv(t, manager, 'holidays', file)).toMatchObject({ state: 'done', created: 2 });
    expect(await importCsv(t, manager, 'holidays', file)).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect(await importCsv(t, manager, 'holidays', file.replace('Boxing Day', "St Stephen's Day"))).toMatchObject({ updated: 1, unchanged: 1 });
    const holidays = await get<{ date: string; name: string }[]>('/api/holidays');
    expect(holidays.filter((h) => h.date.startsWith('2031'))).toMatchObject([
      { date: '2031-12-25', name: 'Christmas Day' },
      { date: '2031-12-26', name: "St Stephen's Day" },
    ]);
  });

  it('refuses the engineer and the auditor (403)', async () => {
    for (const who of [demo.engineer, demo.auditor]) {
      const response = await postCsv(t, await t.login(who), '/api/import/holidays', file);
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('export', () => {
  it.each([['time-off'], ['holidays']])('%s: imports again unchanged', async (kind) => {
    const response = await t.request({ method: 'GET', url: `/api/export/${kind}.csv`, token: await t.login(demo.auditor) });
    expect(response.statusCode).toBe(200);
    const rows = response.body.trimEnd().split('\r\n').length - 1;
    expect(rows).toBeGreaterThan(0);
    const events = await dbEventCount(t);
    expect((await preview(t, manager, kind, response.body)).counts).toEqual({ create: 0, update: 0, unchanged: rows, error: 0 });
    expect(await importCsv(t, manager, kind, response.body)).toMatchObject({ state: 'done', created: 0, updated: 0, unchanged: rows });
    expect(await dbEventCount(t)).toBe(events);
  });
});
