/**
 * One change to many engineers, against real PostgreSQL: POST /api/engineers/bulk (the Engineers and
 * People & access selections). A work week, a holiday calendar or leaving from a date, per id
 * `{status, message?}`, all or none (a refusal names every engineer it is about and writes nothing),
 * and one undo for the lot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engineer } from '../../domain/index.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { expectWritten } from '../support/capacity-facts-helpers.ts';
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

type Result = { id: string; status: string; message?: string };
const bulk = (body: unknown, token = tokens.manager) => t.request({ method: 'POST', url: '/api/engineers/bulk', token, body });
const engineerList = async () => (await t.request({ method: 'GET', url: '/api/engineers', token: tokens.manager })).json() as Engineer[];
const eventCount = async () => Number((await t.app.db.selectFrom('events').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
/** The work week in force on a day, as the capacity model reads it (the standard week of maxCapacity without one). */
const weekOn = (e: Engineer, day: string) => (e.workWeeks ?? []).filter((w) => w.from <= day).at(-1)?.days ?? [e.maxCapacity, e.maxCapacity, e.maxCapacity, e.maxCapacity, e.maxCapacity, 0, 0];
const calendarOn = (e: Engineer, day: string) => (e.calendars ?? []).filter((c) => c.from <= day).at(-1)?.calendarId ?? 'default';

describe('POST /api/engineers/bulk', () => {
  it('sets a four-day week and a calendar for three engineers from a date, one command id; again it changes nothing; one undo brings every day back', async () => {
    const chosen = engineers.slice(0, 3);
    const ids = chosen.map((e) => e._id);
    const fourDays = [100, 100, 100, 100, 0, 0, 0];
    const response = await bulk({ ids, workWeek: fourDays, calendarId: germany._id, from: '2027-01-04' });
    expect(response.statusCode, response.body).toBe(200);
    const commandId = response.headers['x-command-id'] as string;
    expect(commandId).toEqual(expect.any(String));
    expect((response.json() as { results: Result[] }).results).toEqual(ids.map((id) => ({ id, status: 'changed' })));

    const after = new Map((await engineerList()).map((e) => [e._id, e]));
    for (const before of chosen) {
      const now = after.get(before._id)!;
      expect(weekOn(now, '2027-01-04')).toEqual(fourDays);
      expect(calendarOn(now, '2027-01-04')).toBe(germany._id);
      // The days before the date keep what they were.
      expect(weekOn(now, '2027-01-03')).toEqual(weekOn(before, '2027-01-03'));
      expect(calendarOn(now, '2027-01-03')).toBe(calendarOn(before, '2027-01-03'));
    }
    // Every event of the write carries the one command id.
    const written = await t.app.db.selectFrom('events').select(['type', 'metadata']).where(({ eb }) => eb('metadata', '@>', JSON.stringify({ commandId }) as never)).execute();
    expect(written.map((e) => e.type).sort()).toEqual([...Array(3).fill('EngineerCalendarChanged'), ...Array(3).fill('EngineerWorkWeekChanged')]);

    const events = await eventCount();
    const again = await bulk({ ids, workWeek: fourDays, calendarId: germany._id, from: '2027-01-04' });
    expect((again.json() as { results: Result[] }).results.map((r) => r.status)).toEqual(['unchanged', 'unchanged', 'unchanged']);
    expect(await eventCount()).toBe(events);

    const undone = await t.request({ method: 'POST', url: `/api/undo/${commandId}`, token: tokens.manager, body: {} });
    expect(undone.statusCode, undone.body).toBe(200);
    const back = new Map((await engineerList()).map((e) => [e._id, e]));
    for (const before of chosen) {
      const now = back.get(before._id)!;
      for (const day of ['2027-01-03', '2027-01-04', '2027-06-01']) {
        expect(weekOn(now, day)).toEqual(weekOn(before, day));
        expect(calendarOn(now, day)).toBe(calendarOn(before, day));
      }
      expect(now.maxCapacity).toBe(before.maxCapacity);
    }
  });

  it('deactivate: each one leaves on the date (no capacity from it); undone, they stay', async () => {
    const chosen = engineers.slice(3, 5).map((e) => e._id);
    const response = await bulk({ ids: chosen, deactivate: true, from: '2027-03-01' });
    expect(response.statusCode, response.body).toBe(200);
    const list = await engineerList();
    expect(chosen.map((id) => list.find((e) => e._id === id)!.leaveDate)).toEqual(['2027-03-01', '2027-03-01']);
    expect((await t.request({ method: 'POST', url: `/api/undo/${response.headers['x-command-id']}`, token: tokens.manager, body: {} })).statusCode).toBe(200);
    const back = await engineerList();
    expect(chosen.map((id) => back.find((e) => e._id === id)!.leaveDate)).toEqual([undefined, undefined]);
  });

  it('all or none: an unknown engineer, or one who cannot take the change, refuses the lot, each named, and nothing is written', async () => {
    const events = await eventCount();
    const [first, second] = await engineerList();
    const unknown = await bulk({ ids: [first!._id, 'no-such-engineer'], workWeek: [50, 50, 50, 50, 50, 0, 0], from: '2027-05-03' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      message: 'Nothing was changed: 1 engineer could not take this change (first: Engineer not found)',
      results: [{ id: first!._id, status: 'changed' }, { id: 'no-such-engineer', status: 'refused', message: 'Engineer not found' }],
    });

    // A leave date must come after the start date.
    const started = expectWritten<Engineer>(await t.request({
      method: 'PUT', url: `/api/engineers/${second!._id}/employment`, token: tokens.manager, body: { startDate: '2027-06-01', version: second!.version },
    }), 200);
    const writtenSoFar = await eventCount();
    const refused = await bulk({ ids: [first!._id, started._id], deactivate: true, from: '2027-05-03' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().results).toEqual([
      { id: first!._id, status: 'changed' },
      { id: started._id, status: 'refused', message: 'Leave date must be after the start date' },
    ]);
    expect(await eventCount()).toBe(writtenSoFar);
    expect(writtenSoFar).toBe(events + 1);
  });

  it('puts a selection in a team from a date, in one request: the department then reads as the team', async () => {
    const team = expectWritten(await t.request({ method: 'POST', url: '/api/teams', token: tokens.manager, body: { name: 'Guild of Builders' } }), 201) as { _id: string };
    const ids = [engineers[1]!._id, engineers[2]!._id];
    const before = await eventCount();
    const answer = await bulk({ ids, teamId: team._id, from: '2026-01-05' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().results).toEqual(ids.map((id) => ({ id, status: 'changed' })));
    expect(await eventCount()).toBe(before + 2);
    const listed = (await engineerList()).filter((e) => ids.includes(e._id));
    expect(listed.map((e) => e.department)).toEqual(['Guild of Builders', 'Guild of Builders']);
    expect(answer.json().engineers.map((e: Engineer) => e.department)).toEqual(['Guild of Builders', 'Guild of Builders']);
  });

  it('one undo takes a team and a work week set together back off every engineer: teams and departments as before, named in the history', async () => {
    const team = expectWritten(await t.request({ method: 'POST', url: '/api/teams', token: tokens.manager, body: { name: 'Undo Guild' } }), 201) as { _id: string };
    const chosen = engineers.slice(5, 8).map((e) => e._id);
    const before = (await engineerList()).filter((e) => chosen.includes(e._id));
    const answer = await bulk({ ids: chosen, teamId: team._id, workWeek: [8, 8, 8, 8, 0, 0, 0], from: '2027-05-03' });
    expect(answer.statusCode, answer.body).toBe(200);
    const moved = (await engineerList()).filter((e) => chosen.includes(e._id));
    expect(moved.map((e) => e.department)).toEqual(['Undo Guild', 'Undo Guild', 'Undo Guild']);
    const commandId = answer.headers['x-command-id'] as string;
    const undone = await t.request({ method: 'POST', url: `/api/undo/${commandId}`, token: tokens.manager, body: {} });
    expect(undone.statusCode, undone.body).toBe(200);
    const back = (await engineerList()).filter((e) => chosen.includes(e._id));
    expect(back.map((e) => [e.department, e.teams ?? [], weekOn(e, '2027-05-03')])).toEqual(
      before.map((e) => [e.department, e.teams ?? [], weekOn(e, '2027-05-03')]),
    );
    // Undone once is enough: a second undo is refused and writes nothing.
    const events = await eventCount();
    const again = await t.request({ method: 'POST', url: `/api/undo/${commandId}`, token: tokens.manager, body: {} });
    expect(again.statusCode).toBe(409);
    expect(await eventCount()).toBe(events);
    const history = await t.app.db.selectFrom('events').select('type').where('type', '=', 'EngineerTeamChangeUndone').execute();
    expect(history.length).toBe(3);
  });

  it('refuses with a clear 4xx: nothing to change, an unknown calendar, an unknown team, and for engineers and auditors', async () => {
    const ids = [engineers[0]!._id];
    const nothing = await bulk({ ids, from: '2027-01-04' });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toContain('Choose what to change');
    expect((await bulk({ ids, calendarId: 'atlantis', from: '2027-01-04' })).json()).toMatchObject({ message: 'Holiday calendar not found' });
    const before = await eventCount();
    const team = await bulk({ ids, teamId: 'atlantis', from: '2027-01-04' });
    expect(team.statusCode).toBe(404);
    expect(team.json().message).toBe('Team not found');
    expect(await eventCount()).toBe(before);
    expect((await bulk({ ids, workWeek: [100, 100], from: '2027-01-04' })).statusCode).toBe(400);
    expect((await bulk({ ids, workWeek: [100, 100, 100, 100, 100, 0, 0], from: '2027-01-04' }, tokens.engineer)).statusCode).toBe(403);
    expect((await bulk({ ids, workWeek: [100, 100, 100, 100, 100, 0, 0], from: '2027-01-04' }, tokens.auditor)).statusCode).toBe(403);
  });
});
