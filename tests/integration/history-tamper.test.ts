/**
 * Tamper evidence: every event stores a hash chained to the previous event of its stream.
 * An untouched history verifies; an event row altered behind the append-only guard (lifted here, in the
 * test, for one transaction) is named, alone, by POST /api/history/verify, by verifyHistory and by
 * `npm run verify-history` (exit code 1).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Verification } from '../../domain/history-contracts.ts';
import { verifyHistory } from '../../server/history/verify.ts';
import { validAssignmentPayload, validProjectPayload } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { dbEventCount } from '../support/history-helpers.ts';

type EventRow = { event_id: string; stream_id: string; stream_position: number; type: string; recorded_at: Date; hash: string };

let t: TestApp;
let manager: string;
let auditor: string;
let assignmentId: string;
let projectId: string;

beforeAll(async () => {
  t = await startTestApp();
  [manager, auditor] = await Promise.all([t.login(demo.manager), t.login(demo.auditor)]);
  const engineers = (await t.request({ method: 'GET', url: '/api/engineers', token: manager })).json() as { _id: string; email: string }[];
  const lucas = engineers.find((e) => e.email === 'lucas.silva@demo.test')!._id;
  const project = await t.request({ method: 'POST', url: '/api/projects', token: manager, body: validProjectPayload({ name: 'Tamper Target' }) });
  expect(project.statusCode, project.body).toBe(201);
  projectId = project.json()._id;
  const created = await t.request({ method: 'POST', url: '/api/assignments', token: manager, body: validAssignmentPayload(lucas, projectId, { allocationPercentage: 50 }) });
  expect(created.statusCode, created.body).toBe(201);
  assignmentId = created.json()._id;
  for (const [version, allocationPercentage] of [[1, 80], [2, 60]] as const) {
    const patched = await t.request({ method: 'PATCH', url: `/api/assignments/${assignmentId}`, token: manager, body: { allocationPercentage }, headers: { 'if-match': `"${version}"` } });
    expect(patched.statusCode, patched.body).toBe(200);
  }
});

afterAll(async () => {
  await t?.close();
});

const streamRows = async (streamId: string) =>
  (await sql<EventRow>`select event_id, stream_id, stream_position, type, recorded_at, hash from events where stream_id = ${streamId} order by stream_position`.execute(t.app.db)).rows;

const verifyOverHttp = async (token = auditor): Promise<Verification> => {
  const response = await t.request({ method: 'POST', url: '/api/history/verify', token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const runCli = async (): Promise<{ code: number; stdout: string }> => {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/cli/verify-history.ts'], {
      env: { ...process.env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' },
      timeout: 60_000,
    });
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code?: number; stdout?: string };
    if (typeof e.code !== 'number') throw error;
    return { code: e.code, stdout: e.stdout ?? '' };
  }
};

/** Alters stored events the way an attacker with table access would: the guard lifted for one transaction. */
async function tamper(statement: ReturnType<typeof sql>): Promise<void> {
  await t.app.db.transaction().execute(async (trx) => {
    await sql`alter table events disable trigger events_no_update_or_delete`.execute(trx);
    const result = await statement.execute(trx);
    expect(Number(result.numAffectedRows)).toBe(1);
    await sql`alter table events enable trigger events_no_update_or_delete`.execute(trx);
  });
}

const named = (row: EventRow) => ({
  eventId: row.event_id, streamId: row.stream_id, streamPosition: Number(row.stream_position), type: row.type, recordedAt: row.recorded_at.toISOString(),
});

describe('verification of the hash chains', () => {
  it('every event has a 64-hex hash, each stream chained from its first event', async () => {
    const rows = await streamRows(`assignment-${assignmentId}`);
    expect(rows.map((r) => r.type)).toEqual(['AssignmentCreated', 'AssignmentUpdated', 'AssignmentUpdated']);
    for (const row of rows) expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(rows.map((r) => r.hash)).size).toBe(3);
  });

  it('an untouched history verifies: HTTP (auditor and manager), verifyHistory and the CLI agree', async () => {
    const total = await dbEventCount(t);
    const streams = Number((await sql<{ n: number }>`select count(*)::int as n from streams`.execute(t.app.db)).rows[0]!.n);
    const expected = { events: total, streams, altered: [], gaps: [], ok: true };
    expect(await verifyOverHttp()).toEqual(expected);
    expect(await verifyOverHttp(manager)).toEqual(expected);
    const progress: number[] = [];
    expect(await verifyHistory(t.app.db, (checked) => progress.push(checked))).toEqual(expected);
    expect(progress.at(-1)).toBe(total);
    const cli = await runCli();
    expect(cli.code).toBe(0);
    expect(cli.stdout).toContain(`History intact: ${total} events in ${streams} streams`);
  });

  it('the append-only guard is in force outside the test\'s lifted transaction', async () => {
    await expect(sql`update events set data = data where stream_id = ${`assignment-${assignmentId}`}`.execute(t.app.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from events where stream_id = ${`assignment-${assignmentId}`}`.execute(t.app.db)).rejects.toThrow(/append-only/);
  });

  it('an altered event (its data) is named, alone, by every verifier', async () => {
    const [, moved] = await streamRows(`assignment-${assignmentId}`);
    await tamper(sql`update events set data = jsonb_set(data, '{changes,allocationPercentage}', '95') where event_id = ${moved!.event_id}`);
    // The guard is back.
    await expect(sql`update events set data = data where event_id = ${moved!.event_id}`.execute(t.app.db)).rejects.toThrow(/append-only/);

    const result = await verifyOverHttp();
    expect(result).toMatchObject({ ok: false, events: await dbEventCount(t) });
    expect(result.altered).toEqual([named(moved!)]);
    expect(await verifyHistory(t.app.db)).toEqual(result);
    const cli = await runCli();
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain('History ALTERED: 1 event(s)');
    expect(cli.stdout).toContain(moved!.event_id);
  });

  it('a second alteration in another stream (who did it: the metadata) is named too, each event once', async () => {
    const [created] = await streamRows(`project-${projectId}`);
    const [, moved] = await streamRows(`assignment-${assignmentId}`);
    const auditorId = JSON.parse(Buffer.from(auditor.split('.')[1]!, 'base64url').toString()).sub as string;
    await tamper(sql`update events set metadata = jsonb_set(metadata, '{actorId}', ${JSON.stringify(auditorId)}::jsonb) where event_id = ${created!.event_id}`);
    const result = await verifyOverHttp();
    expect(result.ok).toBe(false);
    expect(result.altered).toHaveLength(2);
    expect(result.altered).toEqual(expect.arrayContaining([named(created!), named(moved!)]));
    expect(await verifyHistory(t.app.db)).toEqual(result);
  });

  it('an altered recorded time is detected as well', async () => {
    const [, , last] = await streamRows(`assignment-${assignmentId}`);
    await tamper(sql`update events set recorded_at = recorded_at - interval '1 day' where event_id = ${last!.event_id}`);
    const [, , altered] = await streamRows(`assignment-${assignmentId}`);
    const result = await verifyHistory(t.app.db);
    expect(result.altered).toHaveLength(3);
    expect(result.altered).toEqual(expect.arrayContaining([named(altered!)]));
  });

  it('a deleted event (the last of its stream) is reported as a gap against the stream version', async () => {
    const rows = await streamRows(`project-${projectId}`);
    const last = rows.at(-1)!;
    await tamper(sql`delete from events where event_id = ${last.event_id}`);
    const result = await verifyHistory(t.app.db);
    expect(result.ok).toBe(false);
    expect(result.gaps).toEqual([{ streamId: `project-${projectId}`, expectedVersion: rows.length, positions: rows.length - 1 }]);
    const cli = await runCli();
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain('History INCOMPLETE: 1 stream(s)');
  });
});
