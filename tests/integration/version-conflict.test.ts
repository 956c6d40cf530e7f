/**
 * 409 for a stale version: the command layer throws one ConcurrencyError with the
 * stream's current version, and the error handler turns it into
 * 409 {message: 'This project was changed by someone else. Reload to see the latest version.', code: 'VERSION_CONFLICT', currentVersion},
 * and `changedBy` {id, name}: who made the newest change the writer had not seen, as the History names them.
 *
 * This file checks the mapping itself on a test-only route of its own app, built from the same pieces
 * the real PATCH routes use (requireRole, If-Match/version, runCommand, updateProject); the real routes'
 * 409s are tested in planning-*.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../server/commands/transaction.ts';
import { updateProject } from '../../server/commands/planning.ts';
import { ConcurrencyError } from '../../server/event-store/errors.ts';
import { etag, expectedVersionOf, metadataOf } from '../../server/routes/request-context.ts';
import { decodeJwt, validProjectPayload } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';

const PROJECT_CONFLICT = 'This project was changed by someone else. Reload to see the latest version.';
const MANAGER_NAME = 'Dana Whitfield';

let t: TestApp;
let managerToken: string;
let managerId: string;

beforeAll(async () => {
  t = await startTestApp();
  const { app } = t;
  // Test-only routes, registered before the app is ready (the first request readies it).
  app.patch('/api/test-only/projects/:id', { onRequest: app.requireRole('manager') }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const body = request.body as { name: string; version?: number };
    const outcome = await runCommand(app.db, null, async (trx) => {
      const result = await updateProject(trx, id, { name: body.name }, metadataOf(request), expectedVersionOf(request, body.version));
      return { status: 200, body: { ...result.state!, version: result.version } };
    });
    const project = outcome.body as { version: number };
    return reply.code(outcome.status).header('etag', etag(project.version)).send(project);
  });
  app.get('/api/test-only/conflict/:thing', async (request) => {
    const { thing } = request.params as { thing: string };
    throw new ConcurrencyError(`${thing}-${randomUUID()}`, 2, 5);
  });

  managerToken = await t.login(demo.manager);
  managerId = decodeJwt(managerToken).sub as string;
});

afterAll(async () => {
  await t?.close();
});

const createProject = async (name: string) => {
  const response = await t.request({ method: 'POST', url: '/api/projects', token: managerToken, body: validProjectPayload({ name }) });
  expect(response.statusCode).toBe(201);
  return response.json() as { _id: string; version: number };
};

const streamEvents = async (projectId: string) =>
  (await sql<{ stream_position: number; type: string }>`
     select stream_position, type from events where stream_id = ${`project-${projectId}`} order by stream_position`.execute(t.app.db)).rows;

const metadata = () => ({ actorId: managerId, actorRole: 'manager', correlationId: `test-${randomUUID()}` });

describe('the command layer', () => {
  it('throws ConcurrencyError with the current version for a stale expected version, and appends nothing', async () => {
    const project = await createProject('Command Layer Conflict');
    expect(project.version).toBe(1);

    const stale = t.app.db.transaction().execute((trx) => updateProject(trx, project._id, { name: 'x' }, metadata(), 0));
    await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(stale).rejects.toMatchObject({ streamId: `project-${project._id}`, expectedVersion: 0, currentVersion: 1 });
    expect(await streamEvents(project._id)).toEqual([{ stream_position: 1, type: 'ProjectCreated' }]);
  });

  it('applies the change for the right version; the old version is then stale', async () => {
    const project = await createProject('Command Layer Update');
    const result = await t.app.db.transaction().execute((trx) => updateProject(trx, project._id, { name: 'Renamed' }, metadata(), 1));
    expect(result.version).toBe(2);

    const response = await t.request({ method: 'GET', url: `/api/projects/${project._id}`, token: managerToken });
    expect(response.json()).toMatchObject({ name: 'Renamed', version: 2 });
    expect(response.headers.etag).toBe('"2"');

    const stale = t.app.db.transaction().execute((trx) => updateProject(trx, project._id, { name: 'Again' }, metadata(), 1));
    await expect(stale).rejects.toMatchObject({ name: 'ConcurrencyError', expectedVersion: 1, currentVersion: 2 });
    expect(await streamEvents(project._id)).toEqual([
      { stream_position: 1, type: 'ProjectCreated' },
      { stream_position: 2, type: 'ProjectUpdated' },
    ]);
    // The read model kept the winning write.
    const after = await t.request({ method: 'GET', url: `/api/projects/${project._id}`, token: managerToken });
    expect(after.json()).toMatchObject({ name: 'Renamed', version: 2 });
  });
});

describe('HTTP: 409 VERSION_CONFLICT', () => {
  const patch = (id: string, body: unknown, headers: Record<string, string> = {}) =>
    t.request({ method: 'PATCH', url: `/api/test-only/projects/${id}`, token: managerToken, body, headers });

  it('maps a ConcurrencyError to 409 {message, code, currentVersion}', async () => {
    const response = await t.request({ method: 'GET', url: '/api/test-only/conflict/project' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: PROJECT_CONFLICT, code: 'VERSION_CONFLICT', currentVersion: 5 });
  });

  it.each([
    ['assignment', 'This assignment was changed by someone else. Reload to see the latest version.'],
    ['engineer', 'This engineer was changed by someone else. Reload to see the latest version.'],
  ])('names the %s in the message for its streams', async (thing, message) => {
    const response = await t.request({ method: 'GET', url: `/api/test-only/conflict/${thing}` });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message, code: 'VERSION_CONFLICT', currentVersion: 5 });
  });

  it('a stale If-Match -> 409 with the current version and who changed it; the fresh one -> 200 with the new ETag', async () => {
    const project = await createProject('Stale If-Match');
    const ok = await patch(project._id, { name: 'First Rename' }, { 'if-match': '"1"' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers.etag).toBe('"2"');

    const stale = await patch(project._id, { name: 'Second Rename' }, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: PROJECT_CONFLICT, code: 'VERSION_CONFLICT', currentVersion: 2, changedBy: { id: managerId, name: MANAGER_NAME } });

    const get = await t.request({ method: 'GET', url: `/api/projects/${project._id}`, token: managerToken });
    expect(get.json()).toMatchObject({ name: 'First Rename', version: 2 });
  });

  it('a stale `version` in the body -> 409 as well', async () => {
    const project = await createProject('Stale Body Version');
    const response = await patch(project._id, { name: 'x', version: 7 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: PROJECT_CONFLICT, code: 'VERSION_CONFLICT', currentVersion: 1 });
  });

  it('two writers with the same version race: one 200, one 409, and the stream stays gapless', async () => {
    const project = await createProject('Racing Writers');
    const responses = await Promise.all([
      patch(project._id, { name: 'Writer A' }, { 'if-match': '"1"' }),
      patch(project._id, { name: 'Writer B' }, { 'if-match': '"1"' }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = responses.find((r) => r.statusCode === 409)!;
    expect(loser.json()).toEqual({ message: PROJECT_CONFLICT, code: 'VERSION_CONFLICT', currentVersion: 2, changedBy: { id: managerId, name: MANAGER_NAME } });
    expect((await streamEvents(project._id)).map((e) => e.stream_position)).toEqual([1, 2]);
  });

  it('a malformed If-Match -> 400', async () => {
    const project = await createProject('Bad If-Match');
    const response = await patch(project._id, { name: 'x' }, { 'if-match': 'yesterday' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: expect.stringMatching(/If-Match/), code: expect.any(String) });
  });
});
