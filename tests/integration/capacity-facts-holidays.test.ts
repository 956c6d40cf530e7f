/**
 * Holidays (HolidayAdded / HolidayRemoved on the one `calendar` stream): managers keep the calendar,
 * one holiday per date; everyone signed in reads it; its version is the calendar's (the list's ETag).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { eventsOfType, eventTotal, expectList, expectRefused, expectWritten, ifMatch } from '../support/capacity-facts-helpers.ts';
import { expectValidation, signInAll, type Who } from '../support/planning-helpers.ts';

type Holiday = { _id: string; date: string; name: string; version: number };

let t: TestApp;
let tokens: Record<Who, string>;
let actorIds: Record<Who, string>;

beforeAll(async () => {
  t = await startTestApp();
  ({ tokens, actorIds } = await signInAll(t));
});

afterAll(async () => {
  await t?.close();
});

const add = (body: Record<string, unknown>, token = tokens.manager, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/api/holidays', token, body, headers });
const remove = (id: string, headers: Record<string, string> = {}, token = tokens.manager) =>
  t.request({ method: 'DELETE', url: `/api/holidays/${id}`, token, headers });
const list = (query = '', token = tokens.manager) => t.request({ method: 'GET', url: `/api/holidays${query}`, token });
const calendarVersion = async () => Number(JSON.parse((await list()).headers.etag as string));

describe('POST /api/holidays', () => {
  it('a manager adds a holiday: 201, the holiday, the calendar version; everyone reads it', async () => {
    const version = await calendarVersion();
    expect(version).toBe(1); // the demo's holiday
    const holiday = expectWritten<Holiday>(await add({ date: '2031-12-25', name: ' Christmas Day ' }), 201);
    expect(holiday).toEqual({ _id: expect.stringMatching(/^[0-9a-f-]{36}$/), calendarId: 'default', date: '2031-12-25', name: 'Christmas Day', version: 2 });
    for (const who of ['manager', 'engineer', 'auditor'] as const) {
      const response = await list('', tokens[who]);
      expect(expectList<Holiday>(response)).toContainEqual(holiday);
      expect(response.headers.etag).toBe('"2"');
    }
    const [event] = (await eventsOfType(t, 'HolidayAdded')).filter((e) => e.data.holidayId === holiday._id);
    expect(event).toMatchObject({ stream_id: 'calendar', stream_position: 2, data: { calendarId: 'default', date: '2031-12-25', name: 'Christmas Day' }, metadata: { actorId: actorIds.manager } });
  });

  it('one holiday per date: a second on that date -> 409 naming the first, nothing recorded', async () => {
    const before = await eventTotal(t);
    expectRefused(await add({ date: '2031-12-25', name: 'Company Day' }), 409, 'CONFLICT', 'There is already a holiday on 2031-12-25: Christmas Day');
    expect(await eventTotal(t)).toBe(before);
  });

  it.each([
    ['no date', { name: 'Boxing Day' }, 'Date must be a date such as 2026-12-24', 'date'],
    ['a date in another format', { date: '26.12.2031', name: 'Boxing Day' }, 'Date must be a date such as 2026-12-24', 'date'],
    ['no name', { date: '2031-12-26' }, 'Holiday name is required', 'name'],
    ['a blank name', { date: '2031-12-26', name: '   ' }, 'Holiday name is required', 'name'],
  ])('%s -> 400 with the message', async (_case, body, message, path) => {
    expectValidation(await add(body), message, path);
  });

  it('403 for an engineer and for the auditor', async () => {
    expectRefused(await add({ date: '2031-12-26', name: 'Boxing Day' }, tokens.engineer), 403, 'FORBIDDEN');
    expectRefused(await add({ date: '2031-12-26', name: 'Boxing Day' }, tokens.auditor), 403, 'FORBIDDEN');
  });

  it('409 VERSION_CONFLICT for a stale calendar version, when one is sent', async () => {
    const version = await calendarVersion();
    const stale = await add({ date: '2031-12-26', name: 'Boxing Day' }, tokens.manager, ifMatch(version - 1));
    expectRefused(stale, 409, 'VERSION_CONFLICT', 'This calendar was changed by someone else. Reload to see the latest version.');
    expectWritten(await add({ date: '2031-12-26', name: 'Boxing Day', version }), 201);
  });
});

describe('DELETE /api/holidays/:id', () => {
  it('removes a holiday with the calendar version: 200 {message, version}; the date is free again', async () => {
    const holiday = expectWritten<Holiday>(await add({ date: '2031-05-01', name: 'Labour Day' }), 201);
    expect(expectWritten(await remove(holiday._id, ifMatch(holiday.version)), 200)).toEqual({ message: 'Holiday removed', version: holiday.version + 1 });
    expect(expectList<Holiday>(await list()).map((h) => h._id)).not.toContain(holiday._id);
    const [event] = (await eventsOfType(t, 'HolidayRemoved')).filter((e) => e.data.holidayId === holiday._id);
    expect(event!.data).toEqual({ holidayId: holiday._id, calendarId: 'default', date: '2031-05-01', name: 'Labour Day' });
    expectWritten(await add({ date: '2031-05-01', name: 'May Day' }), 201);
  });

  it('428 without a version, 409 stale, 404 unknown, 403 for an engineer and the auditor', async () => {
    const holiday = expectWritten<Holiday>(await add({ date: '2031-10-03', name: 'Unity Day' }), 201);
    expectRefused(await remove(holiday._id), 428, 'VERSION_REQUIRED');
    expectRefused(await remove(holiday._id, ifMatch(holiday.version - 1)), 409, 'VERSION_CONFLICT');
    expectRefused(await remove(randomUUID(), ifMatch(holiday.version)), 404, 'NOT_FOUND', 'Holiday not found');
    expectRefused(await remove(holiday._id, ifMatch(holiday.version), tokens.engineer), 403, 'FORBIDDEN');
    expectRefused(await remove(holiday._id, ifMatch(holiday.version), tokens.auditor), 403, 'FORBIDDEN');
  });
});

describe('GET /api/holidays', () => {
  it('lists by date; from/to (both included) keep those in the range', async () => {
    const all = expectList<Holiday>(await list());
    expect(all.map((h) => h.date)).toEqual([...all.map((h) => h.date)].sort());
    expect(expectList<Holiday>(await list('?from=2031-12-25&to=2031-12-26')).map((h) => h.name)).toEqual(['Christmas Day', 'Boxing Day']);
    expectRefused(await list('?to=2031-13-01'), 400, 'VALIDATION_FAILED');
  });
});
