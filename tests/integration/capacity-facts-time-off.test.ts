/**
 * Time off (TimeOffBooked / TimeOffCancelled on the engineer's stream): a manager books and cancels
 * anyone's, an engineer only their own, an auditor nothing. Whole days, both ends included; bookings of
 * one engineer never overlap; versions are the engineer's; the list reads only one's own for an engineer.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from '../support/api-helpers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { eventsOfType, eventTotal, expectList, expectRefused, expectWritten, ifMatch } from '../support/capacity-facts-helpers.ts';
import { expectValidation, signInAll, type Who } from '../support/planning-helpers.ts';

type TimeOff = { _id: string; engineerId: string; from: string; to: string; kind: string; note?: string; version: number };

const PRIYA = 'priya.patel@demo.test';

let t: TestApp;
let tokens: Record<Who, string>;
let actorIds: Record<Who, string>;
let priyaToken: string;
let samId: string;
let priyaId: string;
let lucasId: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ tokens, actorIds } = await signInAll(t));
  priyaToken = await t.login(PRIYA);
  samId = actorIds.engineer;
  priyaId = decodeJwt(priyaToken).sub as string;
  const engineers = (await t.request({ method: 'GET', url: '/api/engineers', token: tokens.manager })).json() as { _id: string; email: string }[];
  lucasId = engineers.find((e) => e.email === 'lucas.silva@demo.test')!._id;
});

afterAll(async () => {
  await t?.close();
});

const book = (engineerId: string, body: Record<string, unknown>, token = tokens.manager, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: `/api/engineers/${engineerId}/time-off`, token, body, headers });
const cancel = (engineerId: string, timeOffId: string, token = tokens.manager, headers: Record<string, string> = {}, body?: unknown) =>
  t.request({ method: 'DELETE', url: `/api/engineers/${engineerId}/time-off/${timeOffId}`, token, headers, body });
const list = (query = '', token = tokens.manager) => t.request({ method: 'GET', url: `/api/time-off${query}`, token });
const engineerVersion = async (id: string) =>
  ((await t.request({ method: 'GET', url: `/api/engineers/${id}`, token: tokens.manager })).json() as { version: number }).version;

describe('POST /api/engineers/:id/time-off', () => {
  it("a manager books an engineer's days off: 201, the booking, ETag; the engineer's version moves; the list shows it", async () => {
    const before = await engineerVersion(lucasId);
    const response = await book(lucasId, { from: '2031-03-02', to: '2031-03-06', kind: 'vacation', note: 'Ski week' });
    const booking = expectWritten<TimeOff>(response, 201);
    expect(booking).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/), engineerId: lucasId, from: '2031-03-02', to: '2031-03-06', kind: 'vacation', note: 'Ski week',
      version: before + 1,
    });
    expect(await engineerVersion(lucasId)).toBe(before + 1);
    expect(expectList<TimeOff>(await list(`?engineerId=${lucasId}`))).toContainEqual(booking);
    const [event] = (await eventsOfType(t, 'TimeOffBooked')).filter((e) => e.data.timeOffId === booking._id);
    expect(event).toMatchObject({ stream_id: `engineer-${lucasId}`, stream_position: before + 1, metadata: { actorId: actorIds.manager, actorRole: 'manager' } });
  });

  it('an engineer books their own, with their version as If-Match', async () => {
    const version = await engineerVersion(samId);
    const booking = expectWritten<TimeOff>(await book(samId, { from: '2031-04-10', to: '2031-04-10', kind: 'sick' }, tokens.engineer, ifMatch(version)), 201);
    expect(booking).toMatchObject({ engineerId: samId, from: '2031-04-10', to: '2031-04-10', kind: 'sick', version: version + 1 });
  });

  it.each([
    ['from missing', { to: '2031-05-01', kind: 'vacation' }, 'From must be a date such as 2026-12-24', 'from'],
    ['a date-time for a day', { from: '2031-05-01T09:00:00Z', to: '2031-05-02', kind: 'vacation' }, 'From must be a date such as 2026-12-24', 'from'],
    ['a day that does not exist', { from: '2031-02-29', to: '2031-03-01', kind: 'vacation' }, 'From must be a date such as 2026-12-24', 'from'],
    ['to before from', { from: '2031-05-02', to: '2031-05-01', kind: 'vacation' }, 'To must be on or after from', 'to'],
    ['an unknown kind', { from: '2031-05-01', to: '2031-05-02', kind: 'holiday' }, 'Kind must be vacation, sick or other', 'kind'],
    ['a note over 500 characters', { from: '2031-05-01', to: '2031-05-02', kind: 'other', note: 'n'.repeat(501) }, 'Note must be at most 500 characters', 'note'],
  ])('%s -> 400 with the message, nothing recorded', async (_case, body, message, path) => {
    const before = await eventTotal(t);
    expectValidation(await book(lucasId, body), message, path);
    expect(await eventTotal(t)).toBe(before);
  });

  it('overlapping a booking of the same engineer -> 409 naming its days; another engineer may take those days', async () => {
    expectWritten(await book(priyaId, { from: '2031-06-01', to: '2031-06-05', kind: 'vacation' }), 201);
    expectRefused(await book(priyaId, { from: '2031-06-05', to: '2031-06-08', kind: 'other' }), 409, 'CONFLICT', 'This engineer already has time off from 2031-06-01 to 2031-06-05');
    expectWritten(await book(lucasId, { from: '2031-06-01', to: '2031-06-05', kind: 'vacation' }), 201);
  });

  it("403 for an engineer booking a colleague's time off (even with a bad body) and for the auditor; nothing recorded", async () => {
    const before = await eventTotal(t);
    expectRefused(await book(priyaId, { from: '2031-07-01', to: '2031-07-02', kind: 'vacation' }, tokens.engineer), 403, 'FORBIDDEN', 'Engineers may book and cancel only their own time off');
    expectRefused(await book(priyaId, { kind: 'nonsense' }, tokens.engineer), 403, 'FORBIDDEN');
    expectRefused(await book(samId, { from: '2031-07-01', to: '2031-07-02', kind: 'vacation' }, tokens.auditor), 403, 'FORBIDDEN');
    expect(await eventTotal(t)).toBe(before);
  });

  it('404 for an engineer that does not exist', async () => {
    expectRefused(await book(randomUUID(), { from: '2031-07-01', to: '2031-07-02', kind: 'vacation' }), 404, 'NOT_FOUND', 'Engineer not found');
  });

  it("409 VERSION_CONFLICT for a stale engineer version (If-Match or body); nothing recorded", async () => {
    const version = await engineerVersion(lucasId);
    const before = await eventTotal(t);
    const stale = await book(lucasId, { from: '2031-08-01', to: '2031-08-02', kind: 'vacation' }, tokens.manager, ifMatch(version - 1));
    expectRefused(stale, 409, 'VERSION_CONFLICT', 'This engineer was changed by someone else. Reload to see the latest version.');
    expect(stale.json().currentVersion).toBe(version);
    expectRefused(await book(lucasId, { from: '2031-08-01', to: '2031-08-02', kind: 'vacation', version: version - 1 }), 409, 'VERSION_CONFLICT');
    expect(await eventTotal(t)).toBe(before);
  });

  it('honours Idempotency-Key: a retry gets the same answer and books nothing more', async () => {
    const key = randomUUID();
    const body = { from: '2031-09-01', to: '2031-09-03', kind: 'other' };
    const first = expectWritten<TimeOff>(await book(lucasId, body, tokens.manager, { 'idempotency-key': key }), 201);
    const before = await eventTotal(t);
    const retry = await book(lucasId, body, tokens.manager, { 'idempotency-key': key });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(expectWritten<TimeOff>(retry, 201)).toEqual(first);
    expect(await eventTotal(t)).toBe(before);
  });
});

describe('DELETE /api/engineers/:id/time-off/:timeOffId', () => {
  it('a manager cancels: 200 {message, version}; the booking leaves the list; TimeOffCancelled keeps its days', async () => {
    const booking = expectWritten<TimeOff>(await book(lucasId, { from: '2031-10-05', to: '2031-10-09', kind: 'vacation' }), 201);
    const response = await cancel(lucasId, booking._id, tokens.manager, ifMatch(booking.version));
    expect(expectWritten(response, 200)).toEqual({ message: 'Time off cancelled', version: booking.version + 1 });
    expect(expectList<TimeOff>(await list(`?engineerId=${lucasId}`)).map((b) => b._id)).not.toContain(booking._id);
    const [event] = (await eventsOfType(t, 'TimeOffCancelled')).filter((e) => e.data.timeOffId === booking._id);
    expect(event!.data).toEqual({ timeOffId: booking._id, engineerId: lucasId, from: '2031-10-05', to: '2031-10-09', kind: 'vacation' });
  });

  it('an engineer cancels their own, with the version in the body', async () => {
    const booking = expectWritten<TimeOff>(await book(samId, { from: '2031-11-02', to: '2031-11-02', kind: 'sick' }, tokens.engineer), 201);
    expect(expectWritten(await cancel(samId, booking._id, tokens.engineer, {}, { version: booking.version }), 200)).toMatchObject({ version: booking.version + 1 });
  });

  it("403 for a colleague's booking and for the auditor, before the version is looked at", async () => {
    const booking = expectWritten<TimeOff>(await book(priyaId, { from: '2031-11-10', to: '2031-11-11', kind: 'vacation' }), 201);
    expectRefused(await cancel(priyaId, booking._id, tokens.engineer), 403, 'FORBIDDEN');
    expectRefused(await cancel(priyaId, booking._id, tokens.auditor, ifMatch(booking.version)), 403, 'FORBIDDEN');
  });

  it('428 without a version, 409 with a stale one, 404 for an unknown or cancelled booking', async () => {
    const booking = expectWritten<TimeOff>(await book(priyaId, { from: '2031-12-01', to: '2031-12-02', kind: 'vacation' }), 201);
    expectRefused(await cancel(priyaId, booking._id), 428, 'VERSION_REQUIRED');
    expectRefused(await cancel(priyaId, booking._id, tokens.manager, ifMatch(booking.version - 1)), 409, 'VERSION_CONFLICT');
    expectRefused(await cancel(priyaId, randomUUID(), tokens.manager, ifMatch(booking.version)), 404, 'NOT_FOUND', 'Time off not found');
    expectWritten(await cancel(priyaId, booking._id, tokens.manager, ifMatch(booking.version)), 200);
    expectRefused(await cancel(priyaId, booking._id, tokens.manager, ifMatch(booking.version + 1)), 404, 'NOT_FOUND', 'Time off not found');
    expectRefused(await cancel(randomUUID(), booking._id, tokens.manager, ifMatch(1)), 404, 'NOT_FOUND', 'Engineer not found');
  });
});

describe('GET /api/time-off', () => {
  it('a manager and the auditor read every booking, by first day; from/to keep those overlapping the range', async () => {
    const all = expectList<TimeOff>(await list());
    expect(all.length).toBeGreaterThanOrEqual(8);
    expect(all.map((b) => b.from)).toEqual([...all.map((b) => b.from)].sort());
    expect(expectList<TimeOff>(await list('', tokens.auditor))).toEqual(all);
    const june = expectList<TimeOff>(await list('?from=2031-06-05&to=2031-06-30'));
    expect(june.map((b) => [b.engineerId, b.from, b.to]).sort()).toEqual([[lucasId, '2031-06-01', '2031-06-05'], [priyaId, '2031-06-01', '2031-06-05']].sort());
    expect(expectList<TimeOff>(await list('?from=2031-06-06&to=2031-06-30'))).toEqual([]);
  });

  it('an engineer reads only their own, and is refused a colleague\'s', async () => {
    const own = expectList<TimeOff>(await list('', tokens.engineer));
    expect(own.length).toBeGreaterThan(0);
    expect(new Set(own.map((b) => b.engineerId))).toEqual(new Set([samId]));
    expect(expectList<TimeOff>(await list(`?engineerId=${samId}`, tokens.engineer))).toEqual(own);
    expectRefused(await list(`?engineerId=${priyaId}`, tokens.engineer), 403, 'FORBIDDEN');
  });

  it('400 for a bad day or a range ending before it starts', async () => {
    expectRefused(await list('?from=June'), 400, 'VALIDATION_FAILED');
    expectRefused(await list('?from=2031-06-05&to=2031-06-01'), 400, 'VALIDATION_FAILED', 'to must not be before from');
  });
});
