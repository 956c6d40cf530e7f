/**
 * Actuals (design section 13) over HTTP and real PostgreSQL: every row of the contract with its 4xx,
 * the lock for everyone, variance equal to the capacity model, time travel, the rebuild, and the live
 * feed of an engineer carrying only their own actuals.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyHistory } from '../../server/history/verify.ts';
import { BATCH_SIZE } from '../../server/import/apply.ts';
import { rebuildReadModels } from '../../server/projections/rebuild.ts';
import { decodeJwt, validEngineerPayload, validProjectPayload } from '../support/api-helpers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { eventsOfType, expectRefused, expectWritten, ifMatch } from '../support/capacity-facts-helpers.ts';
import { connectSocketIo, listen, untilAllVisible, type LiveClient } from '../support/live-clients.ts';
import { csvOf, importCsv, postCsv, preview } from '../support/import-helpers.ts';
import { expectValidation, signInAll, type Who } from '../support/planning-helpers.ts';

type Week = { engineerId: string; week: string; entries: { projectId: string; hours: number }[]; note: string | null; locked: boolean; recorded: boolean; planned: { projectId: string; hours: number }[]; version: number };

const PRIYA = 'priya.patel@demo.test';
// Weeks long past, where the demo (dated around today) plans nothing.
const WEEK = '2024-W10'; // Monday 4 to Sunday 10 March 2024
const NEXT = '2024-W11';

let t: TestApp;
let tokens: Record<Who, string>;
let samId: string;
let priyaId: string;
let priyaToken: string;
let projectId: string;
let otherProjectId: string;
const clients: LiveClient[] = [];

beforeAll(async () => {
  t = await startTestApp();
  ({ tokens } = await signInAll(t));
  samId = decodeJwt(tokens.engineer).sub as string;
  priyaToken = await t.login(PRIYA);
  priyaId = decodeJwt(priyaToken).sub as string;
  const project = (name: string) => t.request({
    method: 'POST', url: '/api/projects', token: tokens.manager,
    body: validProjectPayload({ name, startDate: '2024-01-01T00:00:00.000Z', endDate: '2024-12-31T00:00:00.000Z', status: 'active' }),
  });
  projectId = expectWritten<{ _id: string }>(await project('Actuals Portal'), 201)._id;
  otherProjectId = expectWritten<{ _id: string }>(await project('Actuals Billing'), 201)._id;
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await t?.close();
});

const read = (engineerId: string, week = WEEK, token = tokens.manager) => t.request({ method: 'GET', url: `/api/engineers/${engineerId}/actuals/${week}`, token });
const put = (engineerId: string, body: Record<string, unknown>, options: { week?: string; token?: string; version?: number | null } = {}) =>
  t.request({
    method: 'PUT', url: `/api/engineers/${engineerId}/actuals/${options.week ?? WEEK}`, token: options.token ?? tokens.manager, body,
    headers: options.version === null ? {} : ifMatch(options.version ?? 0),
  });
const versionOf = async (engineerId: string, week = WEEK) => (read(engineerId, week).then((r) => (r.json() as Week).version));
const lock = (week: string, token = tokens.manager) => t.request({ method: 'POST', url: `/api/actuals/weeks/${week}/lock`, token });
const unlock = (week: string, body: unknown, token = tokens.manager) => t.request({ method: 'POST', url: `/api/actuals/weeks/${week}/unlock`, token, body: body as object });

describe('GET and PUT /api/engineers/:id/actuals/:week', () => {
  it('an engineer reads and fills their own week: entries, note, the lock, the plan beside it, the version as ETag', async () => {
    const empty = expectWritten<Week>(await read(samId, WEEK, tokens.engineer), 200);
    expect(empty).toMatchObject({ engineerId: samId, week: WEEK, entries: [], note: null, locked: false, recorded: false, planned: [] });
    const saved = expectWritten<Week>(await put(samId, { entries: [{ projectId, hours: 30 }, { projectId: otherProjectId, hours: 8 }], note: 'Release week' }, { token: tokens.engineer, version: empty.version }), 200);
    expect(saved).toMatchObject({ entries: [{ projectId, hours: 30 }, { projectId: otherProjectId, hours: 8 }], note: 'Release week', recorded: true, version: empty.version + 1 });
    expect(expectWritten<Week>(await read(samId, WEEK, tokens.engineer), 200)).toEqual(saved);
    // The demo's own confirmed weeks are recent ones; this week is long past.
    const [event] = (await eventsOfType(t, 'ActualsRecorded')).filter((e) => e.stream_id === `engineer-${samId}` && e.data.week === WEEK);
    expect(event).toMatchObject({ data: { engineerId: samId, week: WEEK, note: 'Release week' }, metadata: { actorRole: 'engineer' } });
  });

  it("403 for another engineer's week, read or written, before anything else is looked at; 403 for an auditor's write", async () => {
    expectRefused(await read(priyaId, WEEK, tokens.engineer), 403, 'FORBIDDEN');
    expectRefused(await put(priyaId, { entries: [] }, { token: tokens.engineer, version: null }), 403, 'FORBIDDEN', 'Engineers may record only their own actuals');
    expectRefused(await put(samId, { entries: [] }, { token: tokens.auditor }), 403, 'FORBIDDEN');
    expect((await read(samId, WEEK, tokens.auditor)).statusCode).toBe(200);
  });

  it('400 for negative hours, more than 24 a day, a project twice, an unknown project, a week that does not exist', async () => {
    const version = await versionOf(priyaId);
    expectValidation(await put(priyaId, { entries: [{ projectId, hours: -1 }] }, { version }), 'Hours must be a number of 0 or more', 'entries.0.hours');
    expectValidation(await put(priyaId, { entries: [{ projectId, hours: 100 }, { projectId: otherProjectId, hours: 69 }] }, { version }), 'A week has at most 168 hours (24 a day)', 'entries');
    expectValidation(await put(priyaId, { entries: [{ projectId, hours: 169 }] }, { version }), 'A week has at most 168 hours (24 a day)', 'entries.0.hours');
    expectValidation(await put(priyaId, { entries: [{ projectId, hours: 1 }, { projectId, hours: 2 }] }, { version }), 'Each project may appear once in a week', 'entries');
    expectValidation(await put(priyaId, { entries: [{ projectId: 'no-such-project', hours: 2 }] }, { version }), 'Project not found: no-such-project', 'entries.0.projectId');
    expectValidation(await put(priyaId, { entries: [] }, { version, week: '2025-W53' }), 'Week must be an ISO week such as 2026-W48', 'week');
    expectValidation(await read(priyaId, '2024-10'), 'Week must be an ISO week such as 2026-W48', 'week');
    expect((await eventsOfType(t, 'ActualsRecorded')).filter((e) => e.stream_id === `engineer-${priyaId}` && e.metadata.demo !== true)).toEqual([]);
  });

  it('428 without a version, 409 VERSION_CONFLICT with a stale one, 404 for an unknown engineer', async () => {
    expectRefused(await put(priyaId, { entries: [] }, { version: null }), 428, 'VERSION_REQUIRED');
    const version = await versionOf(priyaId);
    expectRefused(await put(priyaId, { entries: [] }, { version: version - 1 }), 409, 'VERSION_CONFLICT');
    expectRefused(await read('no-such-engineer'), 404, 'NOT_FOUND');
    expectRefused(await put('no-such-engineer', { entries: [] }), 404, 'NOT_FOUND');
  });
});

describe('POST /api/actuals/weeks/:week/lock and /unlock', () => {
  it('locks the week for every engineer in one transaction; then an engineer gets 409 WEEK_LOCKED and a manager needs a reason', async () => {
    const engineers = (await t.request({ method: 'GET', url: '/api/engineers', token: tokens.manager })).json() as unknown[];
    expectRefused(await lock(WEEK, tokens.engineer), 403, 'FORBIDDEN');
    const locked = await lock(WEEK);
    expect(locked.statusCode, locked.body).toBe(204);
    const events = (await eventsOfType(t, 'ActualsWeekLocked')).filter((e) => e.data.week === WEEK);
    expect(events).toHaveLength(engineers.length);
    expect(new Set(events.map((e) => e.transaction_id)).size).toBe(1);
    expect((await lock(WEEK)).statusCode).toBe(204);
    expect((await eventsOfType(t, 'ActualsWeekLocked')).filter((e) => e.data.week === WEEK)).toHaveLength(engineers.length);

    const sam = expectWritten<Week>(await read(samId, WEEK, tokens.engineer), 200);
    expect(sam.locked).toBe(true);
    expectRefused(await put(samId, { entries: [] }, { token: tokens.engineer, version: sam.version }), 409, 'WEEK_LOCKED', `Week ${WEEK} is locked: ask a manager to change it`);
    expectValidation(await put(samId, { entries: [{ projectId, hours: 38 }] }, { version: sam.version }), 'A reason is required to change a locked week', 'reason');
    const changed = expectWritten<Week>(await put(samId, { entries: [{ projectId, hours: 38 }], reason: 'Billing hours were Portal' }, { version: sam.version }), 200);
    expect(changed).toMatchObject({ entries: [{ projectId, hours: 38 }], locked: true });
    const [correction] = (await eventsOfType(t, 'ActualsRecorded')).filter((e) => e.stream_id === `engineer-${samId}`).slice(-1);
    expect(correction!.data).toMatchObject({ reason: 'Billing hours were Portal', previous: [{ projectId, hours: 30 }, { projectId: otherProjectId, hours: 8 }] });
  });

  it('unlocking needs a reason and opens the week to the engineer again', async () => {
    expectValidation(await unlock(WEEK, {}), 'A reason is required to unlock a week');
    expectValidation(await unlock(WEEK, { reason: '  ' }), 'A reason is required to unlock a week', 'reason');
    expect((await unlock(WEEK, { reason: 'Late timesheets' })).statusCode).toBe(204);
    const sam = expectWritten<Week>(await read(samId, WEEK, tokens.engineer), 200);
    expect(sam.locked).toBe(false);
    expect((await put(samId, { entries: [{ projectId, hours: 37 }] }, { token: tokens.engineer, version: sam.version })).statusCode).toBe(200);
    expectValidation(await t.request({ method: 'POST', url: '/api/actuals/weeks/2024-W99/lock', token: tokens.manager }), 'Week must be an ISO week such as 2026-W48', 'week');
  });
});

describe('GET /api/actuals: variance equals the capacity model', () => {
  it('planned hours are the model\'s booked load x 8 / 100, per project and week; actual and variance beside them; missing weeks named', async () => {
    const vera = expectWritten<{ _id: string; version: number }>(
      await t.request({ method: 'POST', url: '/api/engineers', token: tokens.manager, body: validEngineerPayload({ name: 'Vera Variance' }) }), 201);
    const assignment = await t.request({
      method: 'POST', url: '/api/assignments', token: tokens.manager,
      body: { engineerId: vera._id, projectId, role: 'Dev', allocationPercentage: 50, startDate: '2024-03-04T00:00:00.000Z', endDate: '2024-03-18T00:00:00.000Z' },
    });
    expect(assignment.statusCode, assignment.body).toBe(201);
    // A holiday on Wednesday of the second week takes its day away from the plan.
    expect((await t.request({ method: 'POST', url: '/api/holidays', token: tokens.manager, body: { date: '2024-03-13', name: 'Test Day' } })).statusCode).toBe(201);

    const week = expectWritten<Week>(await read(vera._id), 200);
    expect(week.planned).toEqual([{ projectId, hours: 20 }]);
    expectWritten<Week>(await put(vera._id, { entries: [{ projectId, hours: 25 }, { projectId: otherProjectId, hours: 5 }], note: 'Unplanned support' }, { version: week.version }), 200);

    const capacity = (await t.request({ method: 'GET', url: `/api/capacity?from=2024-03-04&to=2024-03-17&step=week&engineerId=${vera._id}`, token: tokens.manager })).json() as {
      rows: { periods: { key: string; booked: number }[] }[];
    };
    const modelHours = capacity.rows[0]!.periods.map((p) => (p.booked * 8) / 100);
    expect(modelHours).toEqual([20, 16]);

    const response = await t.request({ method: 'GET', url: `/api/actuals?from=2024-03-04&to=2024-03-17&by=engineer&engineerId=${vera._id}`, token: tokens.manager });
    expect(response.statusCode, response.body).toBe(200);
    const byEngineer = response.json() as { periods: { key: string }[]; rows: { engineer: { _id: string; name: string }; plannedHours: number; actualHours: number; varianceHours: number; periods: { key: string; plannedHours: number; actualHours: number; varianceHours: number }[] }[]; missing: { engineerId: string; week: string }[] };
    expect(byEngineer.periods.map((p) => p.key)).toEqual([WEEK, NEXT]);
    expect(byEngineer.rows).toEqual([{
      engineer: { _id: vera._id, name: 'Vera Variance' }, plannedHours: 36, actualHours: 30, varianceHours: -6,
      periods: [
        { key: WEEK, plannedHours: modelHours[0], actualHours: 30, varianceHours: 10 },
        { key: NEXT, plannedHours: modelHours[1], actualHours: 0, varianceHours: -16 },
      ],
    }]);
    expect(byEngineer.missing).toEqual([{ engineerId: vera._id, name: 'Vera Variance', week: NEXT }]);
    // The hours are counted in the server's HOURS_PER_DAY (8 by default), which a screen needs to set them against capacity.
    expect((response.json() as { hoursPerDay: number }).hoursPerDay).toBe(8);

    const byProject = (await t.request({ method: 'GET', url: '/api/actuals?from=2024-03-04&to=2024-03-17&by=project&step=month', token: tokens.manager })).json() as Omit<typeof byEngineer, 'rows'> & { rows: { project: { _id: string; name: string }; plannedHours: number }[] };
    expect(byProject.periods.map((p) => p.key)).toEqual(['2024-03']);
    const portal = byProject.rows.find((r) => r.project._id === projectId)!;
    // Portal: Vera's plan (36 h), Vera's 25 h and Sam's 37 h in WEEK.
    expect(portal).toMatchObject({ project: { name: 'Actuals Portal' }, plannedHours: 36, actualHours: 62, varianceHours: 26 });
    expect(byProject.rows.find((r) => r.project._id === otherProjectId)).toMatchObject({ plannedHours: 0, actualHours: 5, varianceHours: 5 });
    expect(byProject.missing).toContainEqual(expect.objectContaining({ engineerId: priyaId, week: WEEK }));
    expect(byProject.missing).not.toContainEqual(expect.objectContaining({ engineerId: samId, week: WEEK }));

    // The same view asked again after a write is worked out again, not the answer kept from before it.
    const again = expectWritten<Week>(await read(vera._id), 200);
    expectWritten<Week>(await put(vera._id, { entries: [{ projectId, hours: 20 }] }, { version: again.version }), 200);
    const after = (await t.request({ method: 'GET', url: `/api/actuals?from=2024-03-04&to=2024-03-17&by=engineer&engineerId=${vera._id}`, token: tokens.manager })).json() as typeof byEngineer;
    expect(after.rows[0]).toMatchObject({ actualHours: 20, varianceHours: -16 });
  });

  it('a range cut mid-week counts only its days: planned and recorded hours equal an independent sum over the days asked for', async () => {
    const cara = expectWritten<{ _id: string }>(
      await t.request({ method: 'POST', url: '/api/engineers', token: tokens.manager, body: validEngineerPayload({ name: 'Cara Cut' }) }), 201);
    // 60 % from well before the range to well after it: neither end of the span is inside it.
    const assignment = await t.request({
      method: 'POST', url: '/api/assignments', token: tokens.manager,
      body: { engineerId: cara._id, projectId, role: 'Dev', allocationPercentage: 60, startDate: '2024-03-25T00:00:00.000Z', endDate: '2024-05-20T00:00:00.000Z' },
    });
    expect(assignment.statusCode, assignment.body).toBe(201);
    // What Cara recorded, per whole ISO week (2024-W14 is Monday Apr 01 to Sunday Apr 07).
    const recorded: Record<string, number> = { '2024-W14': 40, '2024-W15': 30, '2024-W16': 24, '2024-W17': 24, '2024-W18': 20 };
    for (const [week, hours] of Object.entries(recorded)) {
      const current = expectWritten<Week>(await read(cara._id, week), 200);
      expectWritten<Week>(await put(cara._id, { entries: [{ projectId, hours }] }, { week, version: current.version }), 200);
    }

    // Wednesday Apr 03 to Tuesday Apr 30: the first and the last week are cut.
    const from = '2024-04-03';
    const to = '2024-04-30';
    // The independent sum: walk the days asked for; a working day (Monday to Friday, no holiday here) is
    // 60 % of 8 hours planned, and takes its fifth of what was recorded for its week.
    const expected = new Map<string, { planned: number; actual: number }>();
    for (let day = Date.parse(`${from}T00:00:00Z`); day <= Date.parse(`${to}T00:00:00Z`); day += 86_400_000) {
      const weekday = new Date(day).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      const monday = new Date(day - ((weekday + 6) % 7) * 86_400_000);
      const thursday = new Date(monday.getTime() + 3 * 86_400_000);
      const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
      const week = `${thursday.getUTCFullYear()}-W${String(Math.floor((thursday.getTime() - yearStart) / (7 * 86_400_000)) + 1).padStart(2, '0')}`;
      const sums = expected.get(week) ?? { planned: 0, actual: 0 };
      sums.planned += (60 * 8) / 100;
      sums.actual += recorded[week]! / 5;
      expected.set(week, sums);
    }
    const round = (hours: number) => Math.round(hours * 100) / 100;
    const url = (step: string) => `/api/actuals?from=${from}&to=${to}&by=engineer&step=${step}&engineerId=${cara._id}`;
    const byWeek = (await t.request({ method: 'GET', url: url('week'), token: tokens.manager })).json() as {
      periods: { key: string; start: string; end: string; toDate: boolean }[]; rows: { plannedHours: number; actualHours: number; periods: { key: string; plannedHours: number; actualHours: number }[] }[];
    };
    expect(byWeek.periods.map((p) => [p.key, p.start, p.end])).toEqual([
      ['2024-W14', '2024-04-03', '2024-04-07'], ['2024-W15', '2024-04-08', '2024-04-14'], ['2024-W16', '2024-04-15', '2024-04-21'],
      ['2024-W17', '2024-04-22', '2024-04-28'], ['2024-W18', '2024-04-29', '2024-04-30'],
    ]);
    expect(byWeek.periods.every((p) => !p.toDate)).toBe(true);
    expect(byWeek.rows[0]!.periods.map((c) => [c.key, c.plannedHours, c.actualHours])).toEqual(
      [...expected].map(([week, sums]) => [week, round(sums.planned), round(sums.actual)]),
    );
    const plannedTotal = round([...expected.values()].reduce((s, e) => s + e.planned, 0));
    const actualTotal = round([...expected.values()].reduce((s, e) => s + e.actual, 0));
    // 20 working days: 96 h planned (whole weeks made it 25 days, 120 h); recorded 110 h (whole weeks: 138 h).
    expect([plannedTotal, actualTotal]).toEqual([96, 110]);
    expect(byWeek.rows[0]).toMatchObject({ plannedHours: plannedTotal, actualHours: actualTotal });

    // By month: April's days asked for, one period, the same sums.
    const byMonth = (await t.request({ method: 'GET', url: url('month'), token: tokens.manager })).json() as typeof byWeek;
    expect(byMonth.periods).toEqual([{ key: '2024-04', start: from, end: to, toDate: false }]);
    expect(byMonth.rows[0]).toMatchObject({ plannedHours: plannedTotal, actualHours: actualTotal });
  });

  it('an engineer gets only their own; bad queries are 400', async () => {
    const own = (await t.request({ method: 'GET', url: '/api/actuals?from=2024-03-04&to=2024-03-17&by=project', token: tokens.engineer })).json() as { rows: { actualHours: number }[]; missing: { engineerId: string }[] };
    expect(own.rows.reduce((s, r) => s + r.actualHours, 0)).toBe(37);
    expect(own.missing.every((m) => m.engineerId === samId)).toBe(true);
    expectRefused(await t.request({ method: 'GET', url: `/api/actuals?from=2024-03-04&to=2024-03-17&engineerId=${priyaId}`, token: tokens.engineer }), 403, 'FORBIDDEN');
    expectValidation(await t.request({ method: 'GET', url: '/api/actuals?from=2024-03-17&to=2024-03-04', token: tokens.manager }), 'to must not be before from', 'to');
    expectValidation(await t.request({ method: 'GET', url: '/api/actuals?from=2024-03-04&to=2024-03-17&by=team', token: tokens.manager }), 'by must be engineer or project', 'by');
    expectValidation(await t.request({ method: 'GET', url: '/api/actuals?from=2024-03-04&to=2024-03-17&step=day', token: tokens.manager }), 'step must be week or month', 'step');
  });
});

describe('the event table path', () => {
  it('time travel shows the weeks; the rebuild equals the live read model', async () => {
    await untilAllVisible(t.app.db);
    const state = (await t.request({ method: 'GET', url: `/api/history/state?at=${new Date().toISOString()}`, token: tokens.auditor })).json() as { actuals: { engineerId: string; week: string; locked: boolean }[] };
    expect(state.actuals).toContainEqual(expect.objectContaining({ engineerId: samId, week: WEEK, locked: false }));
    const result = await rebuildReadModels(t.app.db, { swap: false });
    expect(result.tables.find((table) => table.table === 'actuals')).toMatchObject({ missing: 0, extra: 0, changed: 0 });
    expect(result.equal).toBe(true);
  });

  it("an engineer's live feed carries only their own actuals; a manager's carries everyone's", async () => {
    const url = await listen(t.app);
    await untilAllVisible(t.app.db);
    const start = (await t.request({ method: 'GET', url: '/api/engineers', token: tokens.manager })).headers['x-cursor'] as string;
    const [sam, priya, manager] = await Promise.all([tokens.engineer, priyaToken, tokens.manager].map((token) => connectSocketIo(url, { token, after: start })));
    clients.push(sam!, priya!, manager!);
    await Promise.all([sam, priya, manager].map((client) => client!.untilControl('live')));

    expect((await put(priyaId, { entries: [{ projectId, hours: 12 }] }, { week: NEXT, version: await versionOf(priyaId, NEXT) })).statusCode).toBe(200);
    expect((await put(samId, { entries: [{ projectId, hours: 40 }] }, { week: NEXT, token: tokens.engineer, version: await versionOf(samId, NEXT) })).statusCode).toBe(200);
    expect((await lock(NEXT)).statusCode).toBe(204);

    const lockedFor = (id: string) => (client: LiveClient) => client.events.some((e) => e.type === 'ActualsWeekLocked' && e.data.engineerId === id);
    await sam!.until(lockedFor(samId), "Sam's lock");
    await priya!.until(lockedFor(priyaId), "Priya's lock");
    await manager!.until(lockedFor(priyaId), "Priya's lock");
    const actualsOf = (client: LiveClient) => client.events.filter((e) => e.type.startsWith('Actuals')).map((e) => `${e.type} ${e.data.engineerId}`);
    expect(actualsOf(sam!)).toEqual([`ActualsRecorded ${samId}`, `ActualsWeekLocked ${samId}`]);
    expect(actualsOf(priya!)).toEqual([`ActualsRecorded ${priyaId}`, `ActualsWeekLocked ${priyaId}`]);
    expect(actualsOf(manager!)).toEqual(expect.arrayContaining([`ActualsRecorded ${priyaId}`, `ActualsRecorded ${samId}`, `ActualsWeekLocked ${samId}`]));
  });
});

describe('POST /api/import/actuals/preview and /api/import/actuals: a time tracker export', () => {
  const header = ['Date', 'Client', 'Project', 'Task', 'Notes', 'Hours', 'First name', 'Last name', 'Email'];
  const WEEK_12 = ['2024-03-18', '2024-03-19', '2024-03-20'];

  it('previews a Harvest-style file with its bad rows named by line, refuses it whole, then imports the good one summed per week', async () => {
    const priya = (await t.request({ method: 'GET', url: `/api/engineers/${priyaId}`, token: tokens.manager })).json() as { email: string; name: string };
    const good = WEEK_12.map((date) => [date, 'Acme', 'Actuals Portal', 'Dev', '', '7.5', '', '', priya.email]);
    const bad = [...good, ['2024-03-21', 'Acme', 'No Such Project', 'Dev', '', '2', '', '', priya.email], ['2024-03-21', 'Acme', 'Actuals Portal', 'Dev', '', '2', '', '', 'nobody@demo.test']];
    const shown = await preview(t, tokens.manager, 'actuals', csvOf([header, ...bad]));
    expect(shown.fileErrors).toEqual([]);
    expect(shown.rows.flatMap((r) => r.errors)).toEqual([
      { line: 5, column: 'project', message: 'Project not found: No Such Project' },
      { line: 6, column: 'email', message: 'Engineer not found: nobody@demo.test' },
    ]);
    const refused = await postCsv(t, tokens.manager, '/api/import/actuals', csvOf([header, ...bad]));
    expect(refused.statusCode, refused.body).toBe(400);
    expect((await postCsv(t, tokens.engineer, '/api/import/actuals', csvOf([header, ...good]))).statusCode).toBe(403);

    const job = await importCsv(t, tokens.manager, 'actuals', csvOf([header, ...good]));
    expect(job).toMatchObject({ state: 'done', created: 1 });
    const week = expectWritten<Week>(await read(priyaId, '2024-W12'), 200);
    expect(week.entries).toEqual([{ projectId, hours: 22.5 }]);
    const again = await importCsv(t, tokens.manager, 'actuals', csvOf([header, ...good]));
    expect(again).toMatchObject({ state: 'done', created: 0, updated: 0 });
    const exported = await t.request({ method: 'GET', url: '/api/export/actuals.csv', token: tokens.manager });
    expect(exported.body).toContain(`2024-03-18,${priya.email},,,Actuals Portal,22.5`);
  });
  it("imports more weeks than a batch holds, two batches at once with each engineer's weeks in one of them; a locked week refuses the file whole", async () => {
    const people = Array.from({ length: BATCH_SIZE / 10 + 10 }, (_, i) => ({ name: `Batch Person ${i}`, email: `batch.person.${i}@import.test` }));
    const engineersFile = csvOf([['name', 'email', 'seniority', 'maxCapacity'], ...people.map((p) => [p.name, p.email, 'mid', '100'])]);
    expect(await importCsv(t, tokens.manager, 'engineers', engineersFile)).toMatchObject({ state: 'done', created: people.length });
    // 2023-W01 to W10, week by week: each engineer's rows are spread over the whole file.
    const mondays = Array.from({ length: 10 }, (_, w) => new Date(Date.UTC(2023, 0, 2 + 7 * w)).toISOString().slice(0, 10));
    const fileOf = (hours: string) => csvOf([['date', 'email', 'project', 'hours'], ...mondays.flatMap((day) => people.map((p) => [day, p.email, 'Actuals Portal', hours]))]);
    const job = await importCsv(t, tokens.manager, 'actuals', fileOf('6'));
    expect(job).toMatchObject({ state: 'done', total: people.length * 10, done: people.length * 10, created: people.length * 10, updated: 0 });
    const { rows: streams } = await sql<{ stream_id: string; positions: number[]; weeks: string[]; version: number; commits: number }>`
      select e.stream_id, array_agg(e.stream_position::int order by e.stream_position) as positions,
             array_agg(e.data ->> 'week' order by e.stream_position) as weeks, max(s.version)::int as version,
             count(distinct e.transaction_id)::int as commits
        from events e join streams s using (stream_id)
       where e.metadata ->> 'commandId' = ${job.id} group by e.stream_id`.execute(t.app.db);
    expect(streams).toHaveLength(people.length);
    for (const stream of streams) {
      // Ten weeks in file order, one after the other on the stream, the stream's version at the last.
      expect(stream.weeks).toEqual(mondays.map((_, w) => `2023-W${String(w + 1).padStart(2, '0')}`));
      expect(stream.positions).toEqual(stream.positions.map((_, i) => stream.positions[0]! + i));
      expect(stream.version).toBe(stream.positions.at(-1));
      expect(stream.commits).toBe(1);
    }
    const { rows: commits } = await sql<{ n: number }>`
      select count(distinct transaction_id)::int as n from events where metadata ->> 'commandId' = ${job.id}`.execute(t.app.db);
    expect(commits[0]!.n).toBe(2);
    const someone = streams[0]!.stream_id.slice('engineer-'.length);
    expect(expectWritten<Week>(await read(someone, '2023-W10'), 200)).toMatchObject({ entries: [{ projectId, hours: 6 }], recorded: true, version: streams[0]!.version });
    expect(await verifyHistory(t.app.db)).toMatchObject({ ok: true });
    expect((await rebuildReadModels(t.app.db, { swap: false })).equal).toBe(true);

    expect(await importCsv(t, tokens.manager, 'actuals', fileOf('6'))).toMatchObject({ state: 'done', created: 0, updated: 0, unchanged: people.length * 10 });
    expect((await lock('2023-W05')).statusCode).toBe(204);
    const before = await sql<{ n: number }>`select count(*)::int as n from events`.execute(t.app.db);
    const refused = await postCsv(t, tokens.manager, '/api/import/actuals', fileOf('7'));
    expect(refused.statusCode, refused.body).toBe(400);
    const firstLocked = 2 + 4 * people.length;
    expect(refused.json()).toMatchObject({ code: 'IMPORT_HAS_ERRORS', message: `Nothing was imported: ${people.length} rows have errors (first, line ${firstLocked}: A reason is required to change a locked week)` });
    const after = await sql<{ n: number }>`select count(*)::int as n from events`.execute(t.app.db);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });
});
