/**
 * The new facts on the live channel: managers and auditors get every one; an engineer gets the holiday
 * calendar, tentative flags and placeholders, and their own time off only, never a colleague's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromToday, decodeJwt, validProjectPayload } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { expectWritten, ifMatch } from '../support/capacity-facts-helpers.ts';
import { connectSocketIo, cursorsOf, databaseEventsAfter, listen, untilAllVisible, type LiveClient, type LiveEvent } from '../support/live-clients.ts';

const PRIYA = 'priya.patel@demo.test';

let t: TestApp;
let url: string;
let managerToken: string;
let auditorToken: string;
let samToken: string;
let priyaToken: string;
let samId: string;
let priyaId: string;
const clients: LiveClient[] = [];

beforeAll(async () => {
  t = await startTestApp();
  url = await listen(t.app);
  [managerToken, auditorToken, samToken, priyaToken] = await Promise.all([t.login(demo.manager), t.login(demo.auditor), t.login(demo.engineer), t.login(PRIYA)]);
  samId = decodeJwt(samToken).sub as string;
  priyaId = decodeJwt(priyaToken).sub as string;
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await t?.close();
});

const write = async (path: string, body: unknown, options: { token?: string; headers?: Record<string, string>; status?: number } = {}) =>
  expectWritten<{ _id: string; version: number }>(
    await t.request({ method: 'POST', url: path, token: options.token ?? managerToken, body: body as object, headers: options.headers }),
    options.status ?? 201,
  );
const summary = (events: LiveEvent[]) => events.map((e) => `${e.type} ${e.data.engineerId ?? e.data.projectId ?? e.data.holidayId}`);

describe('capacity facts on the live channel', () => {
  it("an engineer's socket gets their own TimeOffBooked but not a colleague's; holidays, tentative flags and placeholders reach everyone", async () => {
    await untilAllVisible(t.app.db);
    const start = (await t.request({ method: 'GET', url: '/api/time-off', token: managerToken })).headers['x-cursor'] as string;
    const [sam, priya, manager, auditor] = await Promise.all([samToken, priyaToken, managerToken, auditorToken].map((token) => connectSocketIo(url, { token, after: start })));
    clients.push(sam!, priya!, manager!, auditor!);
    await Promise.all(clients.map((client) => client.untilControl('live')));

    await write(`/api/engineers/${priyaId}/time-off`, { from: '2031-03-02', to: '2031-03-06', kind: 'vacation' });
    await write(`/api/engineers/${samId}/time-off`, { from: '2031-04-01', to: '2031-04-03', kind: 'sick' }, { token: samToken });
    const holiday = await write('/api/holidays', { date: '2031-12-25', name: 'Christmas Day' });
    const project = await write('/api/projects', validProjectPayload({ name: 'Live Pipeline' }));
    await write(`/api/projects/${project._id}/tentative`, {}, { headers: ifMatch(1), status: 200 });
    await write(`/api/projects/${project._id}/placeholders`, { role: 'SRE', allocationPercentage: 50, startDate: dayFromToday(3), endDate: dayFromToday(30) });
    const last = await write(`/api/engineers/${priyaId}/time-off`, { from: '2031-05-04', to: '2031-05-04', kind: 'other' });

    const hasPlaceholder = (client: LiveClient) => client.events.some((e) => e.type === 'PlaceholderAdded');
    await Promise.all([sam, priya].map((client) => client!.until(hasPlaceholder, 'the placeholder')));
    const hasLast = (client: LiveClient) => client.events.some((e) => e.data.timeOffId === last._id);
    await Promise.all([priya, manager, auditor].map((client) => client!.until(hasLast, "Priya's last booking")));

    const everything = await databaseEventsAfter(t.app.db, start);
    expect(cursorsOf(manager!.events)).toEqual(cursorsOf(everything));
    expect(cursorsOf(auditor!.events)).toEqual(cursorsOf(everything));
    expect(summary(sam!.events)).toEqual([
      `TimeOffBooked ${samId}`,
      `HolidayAdded ${holiday._id}`,
      `ProjectCreated ${project._id}`,
      `ProjectMarkedTentative ${project._id}`,
      `PlaceholderAdded ${project._id}`,
    ]);
    expect(summary(priya!.events).filter((s) => s.startsWith('TimeOff'))).toEqual([`TimeOffBooked ${priyaId}`, `TimeOffBooked ${priyaId}`]);
    expect(priya!.events.map((e) => e.type)).toEqual(['TimeOffBooked', 'HolidayAdded', 'ProjectCreated', 'ProjectMarkedTentative', 'PlaceholderAdded', 'TimeOffBooked']);
  });
});
