/**
 * POST /api/scenarios/resolve over HTTP and real PostgreSQL: the proposal is a draft scenario (the live
 * plan untouched) whose change hands the work to the only other person with the skill, with its reason;
 * what cannot be cleared is named with its blocker; a rejected change is undone like any drafted one;
 * publishing applies the rest, and the History marks those changes proposed, with their reasons; bad input is a 400 that writes nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromToday, eventually, validAssignmentPayload, validEngineerPayload, validProjectPayload } from '../support/api-helpers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { signInAll, type Who } from '../support/planning-helpers.ts';

type Change = { changeId: string; applied: boolean; command: { kind: string; assignmentId: string; input?: Record<string, unknown> }; reason?: string; sentences: string[] };
type Resolved = { _id: string; name: string; status: string; changes: Change[]; left: { engineerId: string; days: string[]; peak: number; blockedBy: string }[] };
type Assignment = { _id: string; engineerId: { _id: string }; version: number };

let t: TestApp;
let tokens: Record<Who, string>;
beforeAll(async () => {
  t = await startTestApp();
  ({ tokens } = await signInAll(t));
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, who: Who = 'manager') =>
  t.request({ method, url, token: tokens[who], body: body as object | undefined });
async function ok<T>(response: Awaited<ReturnType<typeof call>>, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

/** Days from today to next Monday (1 to 7), so two whole working weeks start there. */
const toMonday = (() => {
  const weekday = (new Date().getUTCDay() + 6) % 7;
  return 7 - weekday;
})();

/** Jordan at 110 % for two weeks from next Monday on Apollo (React, 60 %) and Zeus (Rust, 50 %); Lucas has React and room. */
async function givenWorld() {
  const tag = randomUUID().slice(0, 6);
  const engineer = async (name: string, skills: string[]) =>
    (await ok<{ _id: string }>(await call('POST', '/api/engineers', validEngineerPayload({ name: `${name} ${tag}`, skills })), 201))._id;
  const jordan = await engineer('Jordan', ['React', 'Rust']);
  const lucas = await engineer('Lucas', ['React']);
  const project = async (name: string, requiredSkills: string[]) =>
    (await ok<{ _id: string }>(await call('POST', '/api/projects', validProjectPayload({ name: `${name} ${tag}`, status: 'active', requiredSkills, startDate: dayFromToday(-10), endDate: dayFromToday(120) })), 201))._id;
  const apollo = await project('Apollo', ['React']);
  const zeus = await project('Zeus', ['Rust']);
  const assign = async (projectId: string, allocationPercentage: number) =>
    ok<Assignment>(await call('POST', '/api/assignments', validAssignmentPayload(jordan, projectId, { allocationPercentage, startDate: dayFromToday(toMonday), endDate: dayFromToday(toMonday + 11) })), 201);
  const onApollo = await assign(apollo, 60);
  const onZeus = await assign(zeus, 50);
  return { tag, jordan, lucas, onApollo, onZeus };
}

const window = { from: dayFromToday(0).slice(0, 10), to: dayFromToday(toMonday + 20).slice(0, 10) };
/** Jordan's overloaded days in the window, as GET /api/capacity counts them. */
async function overloadedDaysOf(engineerId: string): Promise<number> {
  const capacity = await ok<{ rows: { periods: { overloadedDays: number }[] }[] }>(
    await call('GET', `/api/capacity?engineerId=${engineerId}&from=${window.from}&to=${window.to}&step=week&includeTentative=true`));
  return capacity.rows[0]!.periods.reduce((sum, p) => sum + p.overloadedDays, 0);
}
const scenarioCount = async () => (await ok<unknown[]>(await call('GET', '/api/scenarios'))).length;

describe('POST /api/scenarios/resolve', () => {
  it('proposes the one reassignment as a draft scenario with its reason, and publishes it', async () => {
    const w = await givenWorld();
    const resolved = await ok<Resolved>(await call('POST', '/api/scenarios/resolve', {
      ...window, scope: { engineerIds: [w.jordan, w.lucas] }, allow: { reassign: true, reassignConfirmed: true },
    }), 201);
    expect(resolved.status).toBe('draft');
    expect(resolved.changes.map((c) => [c.command.kind, c.command.assignmentId, c.command.input, c.applied])).toEqual([
      ['updateAssignment', w.onApollo._id, { engineerId: w.lucas }, true],
    ]);
    const weeks = resolved.changes[0]!.reason!.match(/in (W\d\d-W\d\d);/)?.[1];
    expect(resolved.changes[0]!.reason).toBe(`Jordan ${w.tag} is at 110 % in ${weeks}; Lucas ${w.tag} is free then and has React`);
    expect(resolved.left).toEqual([]);
    // The live plan is untouched until it is published.
    expect((await ok<Assignment>(await call('GET', `/api/assignments/${w.onApollo._id}`))).engineerId._id).toBe(w.jordan);

    await ok(await call('POST', `/api/scenarios/${resolved._id}/publish`, {}));
    expect((await ok<Assignment>(await call('GET', `/api/assignments/${w.onApollo._id}`))).engineerId._id).toBe(w.lucas);
    expect(await overloadedDaysOf(w.jordan)).toBe(0);

    // The History marks the published change as proposed, with the proposal's reason.
    const reason = resolved.changes[0]!.reason!;
    const stream = `assignment-${w.onApollo._id}`;
    type Logged = { streamId: string; type: string; summary: string; metadata: Record<string, unknown>; scenario?: { id: string }; proposed?: { reason: string } };
    const log = await eventually(
      async () => ok<{ events: Logged[] }>(await call('GET', '/api/history/events?entity=assignment&type=AssignmentUpdated&limit=50', undefined, 'auditor')),
      (page) => page.events.some((e) => e.streamId === stream && e.scenario?.id === resolved._id),
    );
    const handed = log.events.find((e) => e.streamId === stream && e.scenario?.id === resolved._id)!;
    expect(handed.metadata).toMatchObject({ scenarioId: resolved._id, proposed: { reason } });
    expect(handed.proposed).toEqual({ reason });
    expect(handed.summary.endsWith(`(published from scenario ${resolved.name} by Dana Whitfield; proposed: ${reason})`), handed.summary).toBe(true);
  });

  it('names what it cannot clear with its blocker, and a rejected change is undone like any drafted one', async () => {
    const w = await givenWorld();
    // Ten working days at 110 %, fewer when a holiday falls in those two weeks: the capacity model says how many.
    const over = await overloadedDaysOf(w.jordan);
    expect(over).toBeGreaterThanOrEqual(8);
    const pinned = await ok<Resolved>(await call('POST', '/api/scenarios/resolve', {
      ...window, scope: { engineerIds: [w.jordan, w.lucas] }, allow: { reassign: true, reassignConfirmed: true }, pins: [w.onApollo._id],
    }), 201);
    expect(pinned.changes).toEqual([]);
    expect(pinned.left.map((l) => [l.engineerId, l.days.length, l.peak, l.blockedBy])).toEqual([
      [w.jordan, over, 110, `Apollo ${w.tag}: pinned; Zeus ${w.tag}: no one in scope with Rust has room then, shifting is not allowed, lowering allocations is not allowed`],
    ]);

    const resolved = await ok<Resolved>(await call('POST', '/api/scenarios/resolve', {
      ...window, scope: { engineerIds: [w.jordan, w.lucas] }, allow: { reassign: true, reassignConfirmed: true },
    }), 201);
    const rejected = await ok<Resolved>(await call('DELETE', `/api/scenarios/${resolved._id}/changes/${resolved.changes[0]!.changeId}`));
    expect(rejected.changes).toEqual([]);
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const w = await givenWorld();
    const before = await scenarioCount();
    const refused = async (body: unknown, message: string) => {
      const response = await call('POST', '/api/scenarios/resolve', body);
      expect(response.statusCode, response.body).toBe(400);
      expect((response.json() as { message: string }).message).toContain(message);
    };
    const allow = { reassign: true };
    await refused({ ...window, scope: { teamIds: ['t1'] }, allow }, 'No such team: t1');
    await refused({ ...window, scope: { engineerIds: [w.jordan, 'nobody'] }, allow }, 'Unknown engineers in scope: nobody');
    await refused({ ...window, allow: {} }, 'Allow at least one kind of change');
    await refused({ from: window.to, to: window.from, allow }, 'The window must end on or after its first day');
    await refused({ from: dayFromToday(-30).slice(0, 10), to: dayFromToday(-2).slice(0, 10), allow }, 'The window ends before today');
    await refused({ ...window, allow: { shiftDays: 400 } }, 'shiftDays must be a whole number of days from 0 to 60');
    expect(await scenarioCount()).toBe(before);
    expect((await call('POST', '/api/scenarios/resolve', { ...window, allow }, 'engineer')).statusCode).toBe(403);
  });
});
