/**
 * POST /api/scenarios/resolve solves on the levelling worker thread: while a resolve of a plan big
 * enough to take seconds is solving, the process keeps answering other requests. GET /api/health is
 * asked again and again during the resolve; answers must keep coming all along it (with the solver on
 * the request thread, nothing is answered for the whole solve).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromToday } from '../support/api-helpers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { csvOf, importCsv } from '../support/import-helpers.ts';
import { signInAll, type Who } from '../support/planning-helpers.ts';

let t: TestApp;
let tokens: Record<Who, string>;
beforeAll(async () => {
  t = await startTestApp();
  ({ tokens } = await signInAll(t));
});
afterAll(async () => {
  await t?.close();
});

const ENGINEERS = 240;
const day = (n: number) => dayFromToday(n).slice(0, 10);
/** Days from today to next Monday (1 to 7). */
const toMonday = 7 - ((new Date().getUTCDay() + 6) % 7);

/** Everyone on Go work at 50 to 80 % for months; every fourth person also on two to three weeks of extra work that overbooks them. */
async function givenBigPlan() {
  const engineers = Array.from({ length: ENGINEERS }, (_, i) => [`Level ${i}`, `level.${i}@offthread.test`, 'Engineering', 'mid', '100', 'Go']);
  await importCsv(t, tokens.manager, 'engineers', csvOf([['name', 'email', 'department', 'seniority', 'maxCapacity', 'skills'], ...engineers]));
  const projects = Array.from({ length: 12 }, (_, i) => [`Offthread ${i}`, 'Work for the levelling load test', day(-10), day(180), '20', 'Go', 'active']);
  await importCsv(t, tokens.manager, 'projects', csvOf([['name', 'description', 'startDate', 'endDate', 'teamSize', 'requiredSkills', 'status'], ...projects]));
  const assignments: string[][] = [];
  for (let i = 0; i < ENGINEERS; i += 1) {
    const email = `level.${i}@offthread.test`;
    assignments.push([email, `Offthread ${i % 12}`, 'Developer', String(50 + (i % 4) * 10), day(toMonday), day(toMonday + 90)]);
    if (i % 4 !== 0) continue;
    const first = toMonday + 7 * (i % 6);
    assignments.push([email, `Offthread ${(i + 1) % 12}`, 'Developer', String(60 - (i % 4) * 10 + 20), day(first), day(first + 7 * (2 + (i % 2)) - 3)]);
  }
  const job = await importCsv(t, tokens.manager, 'assignments', csvOf([['engineerEmail', 'projectName', 'role', 'allocationPercentage', 'startDate', 'endDate'], ...assignments]));
  expect(job.state, job.message).toBe('done');
}

describe('POST /api/scenarios/resolve off the request thread', () => {
  it('keeps answering GET /api/health while a big resolve solves', async () => {
    await givenBigPlan();
    const started = performance.now();
    let finishedAt = 0;
    const resolving = t.request({
      method: 'POST', url: '/api/scenarios/resolve', token: tokens.manager,
      body: { from: day(0), to: day(toMonday + 60), scope: 'all', allow: { shiftDays: 14, reassign: true, reassignConfirmed: true } },
    }).then((response) => {
      finishedAt = performance.now();
      return response;
    });
    const probes: { sent: number; answered: number }[] = [];
    while (finishedAt === 0) {
      const sent = performance.now();
      const health = await t.request({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      probes.push({ sent, answered: performance.now() });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const resolved = await resolving;
    expect(resolved.statusCode, resolved.body).toBe(201);
    const body = resolved.json() as { changes: unknown[] };
    expect(body.changes.length).toBeGreaterThan(0);

    const during = probes.filter((p) => p.answered < finishedAt);
    const resolveMs = finishedAt - started;
    // The test shares the server's thread, so a solve there stalls the probing loop too: what shows it is
    // the longest stretch of the resolve with no probe answered, not one probe's own round trip.
    const moments = [started, ...during.map((p) => p.answered), finishedAt];
    const longestGap = Math.max(...moments.slice(1).map((m, i) => m - moments[i]!));
    console.info(`resolve ${Math.round(resolveMs)} ms; ${during.length} health probes answered during it; longest stretch without one ${Math.round(longestGap)} ms`);
    expect(during.length).toBeGreaterThan(1);
    expect(longestGap).toBeLessThan(resolveMs / 2);
  });
});
