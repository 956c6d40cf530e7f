/**
 * The demo has a past (design section 15): its events are spread over the eight weeks before it is
 * seeded, so a new install has a plan a week ago that differs from today's, a "what changed since",
 * and past weeks confirmed by engineers. The recorded times follow commit order, the hash chains
 * verify, every event the seed dated says so (`metadata.demo`), and a write after it is recorded by
 * the clock again. Nothing here depends on whether a span's last day counts: the figures compared are
 * lists of entities and recorded hours, not loads.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekBefore, weekDates, weekOf } from '../../domain/actuals/weeks.ts';
import { verifyHistory } from '../../server/history/verify.ts';
import { dayFromToday, validProjectPayload } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';

const DAY = 86_400_000;
const seededAt = new Date();

type Named = { _id: string; name?: string };
type PlanState = {
  engineers: Named[]; projects: (Named & { tentative?: boolean })[]; assignments: Named[]; timeOff: Named[]; holidays: Named[]; placeholders: Named[];
  actuals: { engineerId: string; week: string }[];
};
type Row = { cursor: string; recorded_at: Date; type: string; metadata: { demo?: boolean; actorRole: string } };

let t: TestApp;
let manager: string;
let auditor: string;

beforeAll(async () => {
  t = await startTestApp({ now: seededAt });
  [manager, auditor] = await Promise.all([t.login(demo.manager), t.login(demo.auditor)]);
});

afterAll(async () => {
  await t?.close();
});

const get = async <T>(url: string, token = auditor): Promise<T> => {
  const response = await t.request({ method: 'GET', url, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};

const stateAt = (moment: Date) => get<PlanState>(`/api/history/state?at=${encodeURIComponent(moment.toISOString())}`);
const ids = (list: Named[]) => list.map((e) => e._id).sort();

/** The log in commit order, as every reader reads it. */
const log = async () => (await sql<Row>`
  select transaction_id::text || ':' || global_position as cursor, recorded_at, type, metadata from events
   order by transaction_id, global_position`.execute(t.app.db)).rows;

describe('the demo has a past', () => {
  it('the plan as of 7 days ago is not empty, and differs from the plan now', async () => {
    const weekAgo = await stateAt(new Date(seededAt.getTime() - 7 * DAY));
    const now = await stateAt(seededAt);
    expect(weekAgo.engineers).toHaveLength(8);
    expect(weekAgo.projects).toHaveLength(6);
    expect(weekAgo.assignments.length).toBeGreaterThanOrEqual(10);
    expect(weekAgo.actuals.length).toBeGreaterThan(0);

    // What the last week brought: an assignment, two bookings of time off, a holiday, two open roles, a tentative project.
    expect(now.assignments).toHaveLength(weekAgo.assignments.length + 1);
    expect(ids(now.assignments)).toEqual(expect.arrayContaining(ids(weekAgo.assignments)));
    expect([weekAgo.timeOff.length, now.timeOff.length]).toEqual([0, 2]);
    expect([weekAgo.holidays.length, now.holidays.length]).toEqual([0, 1]);
    expect([weekAgo.placeholders.length, now.placeholders.length]).toEqual([0, 2]);
    const tentative = (state: PlanState) => state.projects.filter((p) => p.tentative).map((p) => p.name);
    expect([tentative(weekAgo), tentative(now)]).toEqual([[], ['Mobile App v2']]);

    // And the plan now is the live one.
    const live = await get<Named[]>('/api/assignments', manager);
    expect(ids(now.assignments)).toEqual(ids(live));
  });

  it('earlier moments hold less: eight weeks ago nothing, four weeks ago part of the plan', async () => {
    const before = await stateAt(new Date(seededAt.getTime() - 57 * DAY));
    expect([before.engineers, before.projects, before.assignments]).toEqual([[], [], []]);
    const fourWeeks = await stateAt(new Date(seededAt.getTime() - 28 * DAY));
    const weekAgo = await stateAt(new Date(seededAt.getTime() - 7 * DAY));
    expect(fourWeeks.engineers).toHaveLength(8);
    expect(fourWeeks.assignments.length).toBeGreaterThan(0);
    expect(fourWeeks.assignments.length).toBeLessThan(weekAgo.assignments.length);
  });

  it('"what changed since" a week ago names the last week\'s changes', async () => {
    const from = new Date(seededAt.getTime() - 7 * DAY).toISOString();
    const diff = await get<{ changes: { type: string; summary: string }[]; assignments: { created: Named[] } }>(
      `/api/history/diff?from=${encodeURIComponent(from)}&to=${encodeURIComponent(seededAt.toISOString())}`);
    expect(diff.assignments.created).toHaveLength(1);
    expect(diff.changes.map((e) => e.type).sort()).toEqual(
      ['AssignmentCreated', 'HolidayAdded', 'PlaceholderAdded', 'PlaceholderAdded', 'ProjectMarkedTentative', 'TimeOffBooked', 'TimeOffBooked'],
    );
  });

  it('recorded times never go back in commit order, span seven weeks and more, and end before the seed ran; the seed marks them demo', async () => {
    const events = await log();
    const times = events.map((e) => e.recorded_at.getTime());
    const backwards = times.flatMap((time, i) => (i > 0 && time < times[i - 1]! ? [events[i]!.cursor] : []));
    expect(backwards).toEqual([]);
    expect(times[0]!).toBeLessThanOrEqual(seededAt.getTime() - 7 * 7 * DAY);
    expect(times.at(-1)!).toBeLessThanOrEqual(seededAt.getTime());
    // Spread, not bunched: the events fall on many different days.
    expect(new Set(events.map((e) => e.recorded_at.toISOString().slice(0, 10))).size).toBeGreaterThanOrEqual(15);
    expect(events.filter((e) => e.metadata.demo !== true)).toEqual([]);
  });

  it('the hash chains verify, through the API and as `npm run verify-history` does', async () => {
    const response = await t.request({ method: 'POST', url: '/api/history/verify', token: auditor });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ ok: true, altered: [], gaps: [] });
    expect(await verifyHistory(t.app.db)).toMatchObject({ ok: true, altered: [], gaps: [] });
  });

  it('engineers confirmed past weeks: actuals beside the plan show recorded hours; the last two weeks are still open', async () => {
    const today = dayFromToday(0, seededAt).slice(0, 10);
    const lastWeek = weekBefore(today);
    const from = weekDates(weekOf(dayFromToday(-42, seededAt).slice(0, 10))).from;
    const answer = await get<{ rows: { engineer: { name: string }; actualHours: number; periods: { key: string; actualHours: number }[] }[]; missing: { name: string; week: string }[] }>(
      `/api/actuals?from=${from}&to=${today}&by=engineer`, manager);
    const recorded = answer.rows.filter((row) => row.actualHours > 0).map((row) => row.engineer.name);
    expect(recorded.length).toBeGreaterThanOrEqual(5);
    expect(recorded).not.toContain('Jordan Lee');
    const weeks = new Set(answer.rows.flatMap((row) => row.periods.filter((p) => p.actualHours > 0).map((p) => p.key)));
    expect(weeks.size).toBeGreaterThanOrEqual(3);
    expect(weeks.has(lastWeek)).toBe(false);
    expect(weeks.has(weekBefore(weekDates(lastWeek).from))).toBe(false);
    expect(answer.missing.some((m) => m.name === 'Jordan Lee')).toBe(true);

    const confirmations = (await log()).filter((e) => e.type === 'ActualsRecorded');
    expect(confirmations.length).toBeGreaterThan(0);
    expect(confirmations.every((e) => e.metadata.actorRole === 'engineer')).toBe(true);
  });

  it('a write after the seed is recorded by the clock, after the demo\'s events, and not marked demo', async () => {
    const before = Date.now();
    const created = await t.request({ method: 'POST', url: '/api/projects', token: manager, body: validProjectPayload({ name: 'After the demo' }) });
    expect(created.statusCode, created.body).toBe(201);
    const events = await log();
    const last = events.at(-1)!;
    expect(last.type).toBe('ProjectCreated');
    expect(last.metadata.demo).toBeUndefined();
    expect(last.recorded_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(last.recorded_at.getTime()).toBeGreaterThanOrEqual(events.at(-2)!.recorded_at.getTime());
  });
});
