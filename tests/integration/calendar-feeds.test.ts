/**
 * Calendar feeds read back by a real iCalendar parser (ical.js): a person's feed equals their
 * assignments (the project's name and their share) and time off; a revoked feed answers 404; the
 * holiday calendar's feed is public.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, startTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
let engineer: string;
let engineerId: string;

beforeAll(async () => {
  t = await startTestApp({ publicUrl: 'https://plan.example.com' });
  engineer = await t.login(demo.engineer);
  engineerId = (await t.request({ method: 'GET', url: '/api/auth/profile', token: engineer })).json()._id;
});
afterAll(async () => {
  await t?.close();
});

type Parsed = { uid: string; summary: string; start: string; end: string };

function parse(text: string): Parsed[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    expect(event.startDate.isDate).toBe(true);
    return { uid: event.uid, summary: event.summary, start: event.startDate.toString(), end: event.endDate.toString() };
  }).sort((a, b) => a.uid.localeCompare(b.uid));
}

const feedPath = (url: string) => new URL(url).pathname;
const myFeed = async (token = engineer) => {
  const response = await t.request({ method: 'POST', url: '/api/calendar-feeds/me', token });
  expect(response.statusCode).toBe(200);
  return (response.json() as { url: string }).url;
};

describe('a person\'s feed', () => {
  it('equals their assignments (project and share, all-day) and time off, parsed by ical.js; the URL is the same until revoked', async () => {
    const booked = await t.request({ method: 'POST', url: `/api/engineers/${engineerId}/time-off`, token: engineer, body: { from: '2031-07-01', to: '2031-07-04', kind: 'vacation' } });
    expect(booked.statusCode, booked.body).toBe(201);
    const url = await myFeed();
    expect(url).toMatch(/^https:\/\/plan\.example\.com\/ical\/[\w-]{43}\.ics$/);
    expect(await myFeed()).toBe(url);

    const response = await t.request({ method: 'GET', url: feedPath(url) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);

    const assignments = (await t.request({ method: 'GET', url: '/api/assignments', token: engineer })).json() as
      { _id: string; allocationPercentage: number; startDate: string; endDate: string; projectId: { name: string } }[];
    const timeOff = (await t.request({ method: 'GET', url: `/api/time-off?engineerId=${engineerId}`, token: engineer })).json() as { _id: string; from: string; to: string; kind: string }[];
    expect(assignments.length).toBeGreaterThan(1);
    expect(timeOff.length).toBeGreaterThan(0);
    const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const expected: Parsed[] = [
      // The demo's assignments are stored at midnight (UTC, the organisation's zone here): from the start's
      // day through the end's day, both worked, so the all-day event's DTEND is the day after the last.
      ...assignments.map((a) => {
        expect(a.startDate.slice(10)).toBe('T00:00:00.000Z');
        return { uid: `assignment-${a._id}`, summary: `${a.projectId.name} (${a.allocationPercentage}%)`, start: a.startDate.slice(0, 10), end: nextDay(a.endDate.slice(0, 10)) };
      }),
      ...timeOff.map((o) => ({ uid: `time-off-${o._id}`, summary: { vacation: 'Vacation', sick: 'Sick leave', other: 'Time off' }[o.kind]!, start: o.from, end: nextDay(o.to) })),
    ].sort((a, b) => a.uid.localeCompare(b.uid));
    expect(parse(response.body)).toEqual(expected);
    expect(parse(response.body)).toContainEqual({ uid: expect.stringMatching(/^time-off-/), summary: 'Vacation', start: '2031-07-01', end: '2031-07-05' });
  });

  it('a revoked feed answers 404; asking again gives a new URL; nobody signed in cannot ask', async () => {
    const old = await myFeed();
    expect((await t.request({ method: 'DELETE', url: '/api/calendar-feeds/me', token: engineer })).statusCode).toBe(204);
    const gone = await t.request({ method: 'GET', url: feedPath(old) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'NOT_FOUND' });
    const fresh = await myFeed();
    expect(fresh).not.toBe(old);
    expect((await t.request({ method: 'GET', url: feedPath(fresh) })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/ical/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics' })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: '/api/calendar-feeds/me' })).statusCode).toBe(401);
  });

  it('each person has their own feed: a manager\'s differs and holds no one else\'s work', async () => {
    const manager = await t.login(demo.manager);
    const url = await myFeed(manager);
    expect(url).not.toBe(await myFeed());
    const entries = parse((await t.request({ method: 'GET', url: feedPath(url) })).body);
    expect(entries.filter((e) => e.uid.startsWith('time-off-') && e.start === '2031-07-01')).toEqual([]);
  });
});

describe('holiday calendars', () => {
  it('the default calendar is public and holds the organisation\'s holidays; an unknown calendar is 404', async () => {
    const holidays = (await t.request({ method: 'GET', url: '/api/holidays', token: engineer })).json() as { _id: string; date: string; name: string }[];
    expect(holidays.length).toBeGreaterThan(0);
    const response = await t.request({ method: 'GET', url: '/ical/holidays/default.ics' });
    expect(response.statusCode).toBe(200);
    expect(parse(response.body)).toEqual(holidays.map((h) => ({
      uid: `holiday-${h._id}`, summary: h.name, start: h.date, end: new Date(Date.parse(`${h.date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10),
    })).sort((a, b) => a.uid.localeCompare(b.uid)));
    expect((await t.request({ method: 'GET', url: '/ical/holidays/no-such-calendar.ics' })).statusCode).toBe(404);
  });

  it('each holiday calendar has its own feed: a named one holds only its holidays; an unknown one is 404', async () => {
    const manager = await t.login(demo.manager);
    const created = await t.request({ method: 'POST', url: '/api/holiday-calendars', token: manager, body: { name: 'Bavaria' } });
    expect(created.statusCode, created.body).toBe(201);
    const bavariaId = created.json()._id as string;
    expect(parse((await t.request({ method: 'GET', url: `/ical/holidays/${bavariaId}.ics` })).body)).toEqual([]);
    const added = await t.request({ method: 'POST', url: '/api/holidays', token: manager, body: { date: '2031-08-15', name: 'Assumption Day', calendarId: bavariaId } });
    expect(added.statusCode, added.body).toBe(201);
    const bavaria = await t.request({ method: 'GET', url: `/ical/holidays/${bavariaId}.ics` });
    expect(bavaria.statusCode).toBe(200);
    expect(parse(bavaria.body)).toEqual([{ uid: `holiday-${added.json()._id}`, summary: 'Assumption Day', start: '2031-08-15', end: '2031-08-16' }]);
    const fallback = parse((await t.request({ method: 'GET', url: '/ical/holidays/default.ics' })).body);
    expect(fallback.map((e) => e.summary)).not.toContain('Assumption Day');
    expect(fallback.length).toBeGreaterThan(0);
    expect((await t.request({ method: 'GET', url: '/ical/holidays/nowhere.ics' })).statusCode).toBe(404);
  });

  it("a calendar made from a country holds its public holidays of every year the plan reaches, the rule's days as the API lists them", async () => {
    const manager = await t.login(demo.manager);
    const created = await t.request({ method: 'POST', url: '/api/holiday-calendars', token: manager, body: { name: 'Germany', country: 'DE' } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id as string;
    const feed = parse((await t.request({ method: 'GET', url: `/ical/holidays/${id}.ics` })).body);
    const year = new Date().getUTCFullYear();
    for (const y of [year, year + 1]) {
      expect(feed).toContainEqual({ uid: `holiday-${id}@${y}-12-25`, summary: 'Christmas Day', start: `${y}-12-25`, end: `${y}-12-26` });
    }
    const listed = ((await t.request({ method: 'GET', url: '/api/holidays', token: manager })).json() as { _id: string; calendarId: string }[]).filter((h) => h.calendarId === id);
    expect(feed.map((e) => e.uid).sort()).toEqual(listed.map((h) => `holiday-${h._id}`).sort());
  });
});
