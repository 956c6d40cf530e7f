/**
 * Scenarios over HTTP and real PostgreSQL: drafting touches nothing live; the scenario's views fold its
 * changes on the live plan; publishing is one transaction (all changes, each event carrying the
 * scenario id, or nothing); a stream moved since drafting is a conflict with both sides in sentences,
 * rebase resolves it; two publishes racing on one assignment give one success and one conflict; and
 * the read models rebuilt from the log equal the live ones afterwards.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackCapacity, type PackedCapacityResponse } from '../../domain/index.ts';
import { rebuildReadModels } from '../../server/projections/rebuild.ts';
import { dayFromToday, eventually, validAssignmentPayload, validEngineerPayload, validProjectPayload } from '../support/api-helpers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { eventTotal, expectRefused, ifMatch } from '../support/capacity-facts-helpers.ts';
import { dbStreamEvents, expectValidation, signInAll, type Who } from '../support/planning-helpers.ts';

type Change = { changeId: string; applied: boolean; error?: string; sentences: string[]; base: Record<string, number> };
type Scenario = { _id: string; name: string; ownerName: string; shared: boolean; status: string; version: number; changeCount: number; changes: Change[] };
type Assignment = { _id: string; engineerId: { _id: string; name: string }; projectId: { _id: string }; allocationPercentage: number; startDate: string; endDate: string; version: number };

let t: TestApp;
let tokens: Record<Who, string>;

beforeAll(async () => {
  t = await startTestApp();
  ({ tokens } = await signInAll(t));
});

afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, who: Who = 'manager', headers: Record<string, string> = {}) =>
  t.request({ method, url, token: tokens[who], body: body as object | undefined, headers });
async function ok<T>(response: Awaited<ReturnType<typeof call>>, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

/** A small plan of its own: two engineers, a live project with one of them on it at 60 %, and a tentative pipeline project. */
async function givenWorld() {
  const tag = randomUUID().slice(0, 6);
  const [ada, bo] = await Promise.all(['Ada', 'Bo'].map(async (name) =>
    ok<{ _id: string }>(await call('POST', '/api/engineers', validEngineerPayload({ name: `${name} ${tag}` })), 201)));
  const live = await ok<{ _id: string }>(await call('POST', '/api/projects', validProjectPayload({ name: `Live ${tag}`, status: 'active', startDate: dayFromToday(-10), endDate: dayFromToday(120) })), 201);
  const pipeline = await ok<{ _id: string }>(await call('POST', '/api/projects', validProjectPayload({ name: `Pipeline ${tag}`, startDate: dayFromToday(-10), endDate: dayFromToday(120) })), 201);
  await ok(await call('POST', `/api/projects/${pipeline._id}/tentative`, {}, 'manager', ifMatch(1)));
  const adaLive = await ok<Assignment>(await call('POST', '/api/assignments', validAssignmentPayload(ada!._id, live._id, { allocationPercentage: 60, startDate: dayFromToday(0), endDate: dayFromToday(60) })), 201);
  return { ada: ada!._id, bo: bo!._id, live: live._id, pipeline: pipeline._id, adaLive };
}

const newScenario = async (name = 'Win the pipeline', who: Who = 'manager') =>
  ok<Scenario>(await call('POST', '/api/scenarios', { name }, who), 201);
const draft = (scenario: Scenario, command: Record<string, unknown>, who: Who = 'manager') =>
  call('POST', `/api/scenarios/${scenario._id}/changes`, { command }, who);

/** "Win the tentative project, move one assignment, swap one person": four drafted changes. */
async function draftTheUsualPlan(world: Awaited<ReturnType<typeof givenWorld>>, scenario: Scenario) {
  const boOnPipeline = randomUUID();
  await ok(await draft(scenario, { kind: 'confirmProject', projectId: world.pipeline }), 201);
  await ok(await draft(scenario, { kind: 'updateAssignment', assignmentId: world.adaLive._id, input: { startDate: dayFromToday(14), endDate: dayFromToday(74) } }), 201);
  await ok(await draft(scenario, { kind: 'removeAssignment', assignmentId: world.adaLive._id }), 201);
  return ok<Scenario>(await draft(scenario, {
    kind: 'createAssignment', assignmentId: boOnPipeline,
    input: validAssignmentPayload(world.bo, world.live, { allocationPercentage: 60, startDate: dayFromToday(14), endDate: dayFromToday(74) }),
  }), 201);
}

describe('drafting', () => {
  it('drafts changes without touching the live plan, and lists them in sentences', async () => {
    const world = await givenWorld();
    const before = await eventTotal(t);
    const liveBefore = (await call('GET', '/api/assignments')).body;
    const scenario = await draftTheUsualPlan(world, await newScenario());
    expect(await eventTotal(t)).toBe(before);
    expect((await call('GET', '/api/assignments')).body).toBe(liveBefore);
    expect(scenario).toMatchObject({ status: 'draft', changeCount: 4, version: 5, shared: false, ownerName: 'Dana Whitfield' });
    expect(scenario.changes.map((c) => c.applied)).toEqual([true, true, true, true]);
    expect(scenario.changes[0]!.sentences).toEqual([expect.stringMatching(/^Dana Whitfield confirmed Pipeline /)]);
    expect(scenario.changes[2]!.sentences).toEqual([expect.stringMatching(/^Dana Whitfield removed Ada .* from Live /)]);
    expect(scenario.changes[1]!.base).toEqual({ [`assignment-${world.adaLive._id}`]: 1 });
  });

  it('shows the scenario folded on the live plan: the plan, the capacity grid and the comparison', async () => {
    const world = await givenWorld();
    const scenario = await draftTheUsualPlan(world, await newScenario());
    const { plan } = await ok<{ plan: { assignments: Assignment[]; projects: { _id: string; tentative: boolean }[] } }>(await call('GET', `/api/scenarios/${scenario._id}/plan`));
    expect(plan.assignments.some((a) => a._id === world.adaLive._id)).toBe(false);
    expect(plan.assignments.find((a) => a.engineerId._id === world.bo)).toMatchObject({ allocationPercentage: 60 });
    expect(plan.projects.find((p) => p._id === world.pipeline)?.tentative).toBe(false);

    const range = `from=${dayFromToday(0).slice(0, 10)}&to=${dayFromToday(83).slice(0, 10)}`;
    const grid = await ok<{ rows: { engineer: { _id: string }; periods: { booked: number }[] }[] }>(await call('GET', `/api/scenarios/${scenario._id}/capacity?${range}&q=${encodeURIComponent('Bo ')}`));
    const bo = grid.rows.find((r) => r.engineer._id === world.bo)!;
    expect(bo.periods.some((p) => p.booked > 0)).toBe(true);
    const packed = await ok<PackedCapacityResponse>(await call('GET', `/api/scenarios/${scenario._id}/capacity?${range}&q=${encodeURIComponent('Bo ')}&shape=columns`));
    expect(unpackCapacity(packed)).toEqual(grid);
    const liveGrid = await ok<typeof grid>(await call('GET', `/api/capacity?${range}&engineerId=${world.bo}`));
    expect(liveGrid.rows[0]!.periods.every((p) => p.booked === 0)).toBe(true);

    const compare = await ok<{ periods: { live: { confirmed: number }; scenario: { confirmed: number } }[]; statusChanges: { engineerId: string; sentence: string }[] }>(
      await call('GET', `/api/scenarios/${scenario._id}/compare?${range}`));
    expect(compare.statusChanges.filter((c) => c.engineerId === world.bo).map((c) => c.sentence)).toEqual([expect.stringMatching(/^Bo .*: underutilized -> optimal in weeks \d+-\d+$/)]);
    expect(compare.statusChanges.filter((c) => c.engineerId === world.ada).map((c) => c.sentence)).toEqual([expect.stringMatching(/^Ada .*: optimal -> underutilized in weeks? /)]);
  });

  it('undoes one change, and answers each bad input with its 4xx', async () => {
    const world = await givenWorld();
    const scenario = await draftTheUsualPlan(world, await newScenario());
    const undone = await ok<Scenario>(await call('DELETE', `/api/scenarios/${scenario._id}/changes/${scenario.changes[3]!.changeId}`));
    expect(undone.changes.map((c) => c.changeId)).toEqual(scenario.changes.slice(0, 3).map((c) => c.changeId));

    expectRefused(await draft(scenario, { kind: 'updateAssignment', assignmentId: world.adaLive._id, input: { allocationPercentage: 10 } }), 404, 'NOT_FOUND', 'Assignment not found');
    expectValidation(await draft(scenario, { kind: 'confirmProject', projectId: world.pipeline }), 'This change would change nothing in the scenario');
    expectRefused(await draft(scenario, { kind: 'teleport', projectId: world.pipeline }), 400, 'VALIDATION_FAILED');
    expectValidation(await draft(scenario, { kind: 'updateAssignment', assignmentId: randomUUID(), input: { allocationPercentage: 150 } }), 'Allocation must be between 1 and 100', 'command.input.allocationPercentage');
    expectValidation(await call('POST', '/api/scenarios', { name: ' ' }), 'Scenario name is required', 'name');
    expectRefused(await call('DELETE', `/api/scenarios/${scenario._id}/changes/nope`), 404, 'NOT_FOUND', 'This change is not in the scenario');
    expectRefused(await call('POST', `/api/scenarios/${scenario._id}/changes`, { command: { kind: 'confirmProject', projectId: world.live }, version: 1 }), 409, 'VERSION_CONFLICT');
    expectRefused(await call('POST', `/api/scenarios/${randomUUID()}/changes`, { command: { kind: 'confirmProject', projectId: world.live } }), 404, 'NOT_FOUND', 'Scenario not found');
    expectValidation(await call('POST', `/api/scenarios/${(await newScenario('Empty'))._id}/publish`, {}), 'The scenario has no changes to publish');
  });

  it('belongs to its manager: private until shared, read-only for the others, closed to engineers', async () => {
    const scenario = await newScenario('Private plans');
    expectRefused(await call('GET', `/api/scenarios/${scenario._id}`, undefined, 'manager2'), 404, 'NOT_FOUND', 'Scenario not found');
    expect((await ok<{ _id: string }[]>(await call('GET', '/api/scenarios', undefined, 'auditor'))).some((s) => s._id === scenario._id)).toBe(false);
    await ok(await call('PATCH', `/api/scenarios/${scenario._id}`, { shared: true }));
    expect(await ok<Scenario>(await call('GET', `/api/scenarios/${scenario._id}`, undefined, 'manager2'))).toMatchObject({ shared: true, name: 'Private plans' });
    expect((await ok<{ _id: string }[]>(await call('GET', '/api/scenarios', undefined, 'auditor'))).some((s) => s._id === scenario._id)).toBe(true);
    const world = await givenWorld();
    expectRefused(await draft(scenario, { kind: 'confirmProject', projectId: world.pipeline }, 'manager2'), 403, 'FORBIDDEN', 'Only the manager who made this scenario can change it');
    expectRefused(await call('POST', '/api/scenarios', { name: 'Mine' }, 'engineer'), 403, 'FORBIDDEN');
    expectRefused(await call('GET', '/api/scenarios', undefined, 'engineer'), 403, 'FORBIDDEN');
    expectRefused(await call('POST', '/api/scenarios', { name: 'Mine' }, 'auditor'), 403, 'FORBIDDEN');
  });
});

describe('publishing', () => {
  it('appends every change as its live command, each event carrying the scenario id; then the scenario is closed', async () => {
    const world = await givenWorld();
    const scenario = await draftTheUsualPlan(world, await newScenario());
    const published = await ok<Scenario>(await call('POST', `/api/scenarios/${scenario._id}/publish`, {}));
    expect(published.status).toBe('published');
    const adaStream = await dbStreamEvents(t, `assignment-${world.adaLive._id}`);
    expect(adaStream.map((e) => e.type)).toEqual(['AssignmentCreated', 'AssignmentUpdated', 'AssignmentRemoved']);
    expect(adaStream.slice(1).map((e) => e.metadata.scenarioId)).toEqual([scenario._id, scenario._id]);
    const pipeline = await dbStreamEvents(t, `project-${world.pipeline}`);
    expect(pipeline.at(-1)).toMatchObject({ type: 'ProjectConfirmed', metadata: { scenarioId: scenario._id } });
    const boId = (scenario.changes[3]! as unknown as { command: { assignmentId: string } }).command.assignmentId;
    expect(await dbStreamEvents(t, `assignment-${boId}`)).toMatchObject([{ type: 'AssignmentCreated', metadata: { scenarioId: scenario._id } }]);
    const live = await ok<Assignment[]>(await call('GET', '/api/assignments'));
    expect(live.find((a) => a._id === boId)).toMatchObject({ engineerId: { _id: world.bo }, allocationPercentage: 60 });
    expect(live.some((a) => a._id === world.adaLive._id)).toBe(false);
    expectRefused(await call('POST', `/api/scenarios/${scenario._id}/publish`, {}), 409, 'CONFLICT', 'This scenario was published: it can no longer change');

    const log = await eventually(
      async () => ok<{ events: { type: string; streamId: string; summary: string; scenario?: { id: string; name: string } }[] }>(
        await call('GET', `/api/history/events?entity=project&type=ProjectConfirmed&limit=50`, undefined, 'auditor')),
      (page) => page.events.some((e) => e.streamId === `project-${world.pipeline}`),
    );
    const confirmed = log.events.find((e) => e.streamId === `project-${world.pipeline}`)!;
    expect(confirmed.scenario).toEqual({ id: scenario._id, name: 'Win the pipeline' });
    expect(confirmed.summary).toMatch(/^Dana Whitfield confirmed Pipeline .* \(published from scenario Win the pipeline by Dana Whitfield\)$/);

    const rebuilt = await rebuildReadModels(t.app.db, { swap: false });
    expect(rebuilt.equal).toBe(true);
  });

  it('names the publish as one command (X-Command-Id) that one undo takes back whole', async () => {
    const world = await givenWorld();
    const scenario = await draftTheUsualPlan(world, await newScenario());
    const before = await eventTotal(t);
    const published = await call('POST', `/api/scenarios/${scenario._id}/publish`, {});
    expect(published.statusCode, published.body).toBe(200);
    const commandId = published.headers['x-command-id'];
    expect(commandId).toMatch(/^[0-9a-f-]{36}$/);
    const appended = (await eventTotal(t)) - before;
    const undone = await call('POST', `/api/undo/${commandId}`, {});
    expect(undone.statusCode, undone.body).toBe(200);
    expect((undone.json() as { reversed: number }).reversed).toBeGreaterThan(0);
    expect(await eventTotal(t)).toBeGreaterThan(before + appended);
    const boId = (scenario.changes[3]! as unknown as { command: { assignmentId: string } }).command.assignmentId;
    expect((await call('GET', `/api/assignments/${boId}`)).statusCode).toBe(404);
  });

  it('keeps its record once published: each change in the sentences it was published with, not run again on the plan that now holds it', async () => {
    const world = await givenWorld();
    const scenario = await draftTheUsualPlan(world, await newScenario());
    const drafted = scenario.changes.map((c) => ({ changeId: c.changeId, applied: true, sentences: c.sentences }));
    expect(drafted.every((c) => c.sentences.length > 0)).toBe(true);
    const published = await ok<Scenario>(await call('POST', `/api/scenarios/${scenario._id}/publish`, {}));
    // The answer to the publish itself: no "no longer applies: Assignment already exists" for its own change.
    expect(published.changes.map(({ changeId, applied, sentences }) => ({ changeId, applied, sentences }))).toEqual(drafted);
    expect(published.changes.some((c) => c.error !== undefined)).toBe(false);

    // Later live writes, even to the streams it wrote, leave the record as it was published.
    const boId = (scenario.changes[3]! as unknown as { command: { assignmentId: string } }).command.assignmentId;
    await ok(await call('PATCH', `/api/assignments/${boId}`, { allocationPercentage: 20 }, 'manager2', ifMatch(1)));
    const read = await ok<Scenario>(await call('GET', `/api/scenarios/${scenario._id}`, undefined, 'manager'));
    expect(read.changes.map(({ changeId, applied, sentences }) => ({ changeId, applied, sentences }))).toEqual(drafted);

    // Its views are the publish: the plan it made, compared with the plan it was published on.
    const { plan } = await ok<{ plan: { assignments: Assignment[] } }>(await call('GET', `/api/scenarios/${scenario._id}/plan`));
    expect(plan.assignments.find((a) => a._id === boId)).toMatchObject({ allocationPercentage: 60 });
    expect(plan.assignments.some((a) => a._id === world.adaLive._id)).toBe(false);
    const range = `from=${dayFromToday(0).slice(0, 10)}&to=${dayFromToday(83).slice(0, 10)}`;
    const compare = await ok<{ statusChanges: { engineerId: string; sentence: string }[] }>(await call('GET', `/api/scenarios/${scenario._id}/compare?${range}`));
    expect(compare.statusChanges.filter((c) => c.engineerId === world.bo).map((c) => c.sentence)).toEqual([expect.stringMatching(/^Bo .*: underutilized -> optimal in weeks \d+-\d+$/)]);
  });

  it('answers a publish with its record even while a transaction open elsewhere holds back the events it was decided on', async () => {
    // An older transaction still open: nothing written after it is visible to every reader until it ends.
    const blocker = new pg.Client({ connectionString: t.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select pg_current_xact_id()');
      const world = await givenWorld();
      const scenario = await draftTheUsualPlan(world, await newScenario());
      const drafted = scenario.changes.map((c) => ({ changeId: c.changeId, applied: true, sentences: c.sentences }));
      const ends = new Promise((resolve) => setTimeout(resolve, 300)).then(() => blocker.query('commit'));
      const published = await call('POST', `/api/scenarios/${scenario._id}/publish`, {});
      await ends;
      expect(published.statusCode, published.body).toBe(200);
      expect((published.json() as Scenario).changes.map(({ changeId, applied, sentences }) => ({ changeId, applied, sentences }))).toEqual(drafted);
    } finally {
      await blocker.end();
    }
  });

  it('publishes nothing when another manager moved a stream meanwhile, shows both sides, and publishes after a rebase', async () => {
    const world = await givenWorld();
    const scenario = await draftTheUsualPlan(world, await newScenario());
    await ok(await call('PATCH', `/api/assignments/${world.adaLive._id}`, { allocationPercentage: 70 }, 'manager2', ifMatch(1)));
    const before = await eventTotal(t);
    const refused = await call('POST', `/api/scenarios/${scenario._id}/publish`, {});
    expect(refused.statusCode, refused.body).toBe(409);
    const body = refused.json() as { code: string; message: string; conflicts: { changeId: string; drafted: number; current: number; theirs: string[]; ours: string[] }[] };
    expect(body).toMatchObject({ code: 'SCENARIO_CONFLICT', message: '2 drafted changes conflict with the live plan: rebase the scenario, then publish again' });
    expect(body.conflicts.map((c) => [c.changeId, c.drafted, c.current])).toEqual([
      [scenario.changes[1]!.changeId, 1, 2],
      [scenario.changes[2]!.changeId, 1, 2],
    ]);
    expect(body.conflicts[0]!.theirs).toEqual([expect.stringMatching(/^Chris Okafor changed Ada .*'s allocation on Live .* from 60% to 70%$/)]);
    expect(body.conflicts[0]!.ours).toEqual([expect.stringMatching(/^Dana Whitfield (changed Ada .* on Live .*: end date from .* to .*, start date from .* to .*|moved Ada .* on Live .* \d+ days? (later|earlier), to .* - .*)$/)]);
    expect(await eventTotal(t)).toBe(before);

    const rebased = await ok<Scenario & { dropped: unknown[] }>(await call('POST', `/api/scenarios/${scenario._id}/rebase`, {}));
    expect(rebased.dropped).toEqual([]);
    expect(rebased.changes[1]!.base).toEqual({ [`assignment-${world.adaLive._id}`]: 2 });
    expect(await ok<Scenario>(await call('POST', `/api/scenarios/${scenario._id}/publish`, {}))).toMatchObject({ status: 'published' });
  });

  it('is atomic: a change the live rules now refuse, last in the scenario, leaves nothing written', async () => {
    const world = await givenWorld();
    const scenario = await newScenario();
    await ok(await draft(scenario, { kind: 'updateAssignment', assignmentId: world.adaLive._id, input: { allocationPercentage: 30 } }), 201);
    const second = await ok<Scenario>(await draft(scenario, {
      kind: 'createAssignment', assignmentId: randomUUID(), input: validAssignmentPayload(world.bo, world.pipeline, { startDate: dayFromToday(5), endDate: dayFromToday(40) }),
    }), 201);
    // The pipeline project is completed live: the drafted assignment on it no longer passes the live rule.
    await ok(await call('PATCH', `/api/projects/${world.pipeline}`, { status: 'active' }, 'manager2', ifMatch(2)));
    await ok(await call('PATCH', `/api/projects/${world.pipeline}`, { status: 'completed' }, 'manager2', ifMatch(3)));
    const before = await eventTotal(t);
    expectValidation(await call('POST', `/api/scenarios/${second._id}/publish`, {}), 'Cannot assign engineers to a completed project');
    expect(await eventTotal(t)).toBe(before);
    expect((await dbStreamEvents(t, `assignment-${world.adaLive._id}`)).map((e) => e.type)).toEqual(['AssignmentCreated']);
    expect(await ok<Scenario>(await call('GET', `/api/scenarios/${second._id}`))).toMatchObject({ status: 'draft', changeCount: 2 });
  });

  it('two scenarios published at once over one assignment: one succeeds, the other gets the conflict', async () => {
    const world = await givenWorld();
    const [a, b] = await Promise.all([newScenario('A'), newScenario('B', 'manager2')]);
    await ok(await draft(a, { kind: 'updateAssignment', assignmentId: world.adaLive._id, input: { allocationPercentage: 20 } }), 201);
    await ok(await draft(b, { kind: 'updateAssignment', assignmentId: world.adaLive._id, input: { allocationPercentage: 90 } }, 'manager2'), 201);
    const answers = await Promise.all([
      call('POST', `/api/scenarios/${a._id}/publish`, {}),
      call('POST', `/api/scenarios/${b._id}/publish`, {}, 'manager2'),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json()).toMatchObject({ code: 'SCENARIO_CONFLICT' });
    const stream = await dbStreamEvents(t, `assignment-${world.adaLive._id}`);
    expect(stream.map((e) => e.type)).toEqual(['AssignmentCreated', 'AssignmentUpdated']);
  });
});
