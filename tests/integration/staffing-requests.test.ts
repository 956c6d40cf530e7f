/**
 * Staffing requests on real PostgreSQL: a manager scoped to one team asks for someone of another; that
 * person's manager approves, which makes the assignment in the same command, once even when two
 * approvals race; propose, decline and withdraw; both inboxes; every step in the History.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Engineer, Project } from '../../domain/entities.ts';
import { recordDepartmentTeams } from '../../server/runtime/first-run.ts';
import { dayFromToday, decodeJwt, eventually } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { dbEventCount } from '../support/history-helpers.ts';

let t: TestApp;
let dana: string; // org-wide manager
let chris: string; // manages Product Engineering
let engineers: Engineer[];
let project: Project;
const person = (name: string) => engineers.find((e) => e.name === name)!;

beforeAll(async () => {
  t = await startTestApp();
  [dana, chris] = await Promise.all([t.login(demo.manager), t.login(demo.manager2)]);
  await recordDepartmentTeams(t.app.db);
  engineers = (await t.request({ method: 'GET', url: '/api/engineers', token: dana })).json();
  const teams = (await t.request({ method: 'GET', url: '/api/teams', token: dana })).json() as { _id: string; name: string }[];
  const chrisId = decodeJwt(chris).sub as string;
  const account = (await t.request({ method: 'GET', url: '/api/accounts', token: dana })).json().find((a: { _id: string }) => a._id === chrisId);
  const productTeam = teams.find((x) => x.name === 'Product Engineering')!._id;
  expect((await t.request({ method: 'PATCH', url: `/api/accounts/${chrisId}`, token: dana, body: { scope: [productTeam], version: account.version } })).statusCode).toBe(200);
  project = (await t.request({ method: 'GET', url: '/api/projects', token: dana })).json().find((p: Project) => p.name === 'Customer Portal Redesign');
});

afterAll(async () => {
  await t?.close();
});

const ask = (body: Record<string, unknown>, token = chris) => t.request({
  method: 'POST', url: '/api/staffing-requests', token,
  body: { projectId: project._id, role: 'Data Engineer', allocationPercentage: 20, startDate: dayFromToday(40), endDate: dayFromToday(49), ...body },
});
const act = (id: string, step: string, token: string, body: unknown = {}) => t.request({ method: 'POST', url: `/api/staffing-requests/${id}/${step}`, token, body });
const assignmentsOf = async (engineerId: string, role: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from assignments where engineer_id = ${engineerId} and doc->>'role' = ${role}`.execute(t.app.db)).rows[0]!.n;

describe('staffing requests', () => {
  it('Chris asks for Mei (Data); Chris cannot approve; Dana approves, which makes the assignment once even when approved twice at the same moment', async () => {
    const made = await ask({ engineerId: person('Mei Chen')._id, note: 'Needs Spark', role: 'Race check' });
    expect(made.statusCode, made.body).toBe(201);
    const request = made.json() as { _id: string; state: string; version: number };
    expect(request).toMatchObject({ state: 'open', engineerId: person('Mei Chen')._id, note: 'Needs Spark', version: 1 });

    const chrisInbox = (await t.request({ method: 'GET', url: '/api/staffing-requests?for=me&state=pending', token: chris })).json();
    expect(chrisInbox).toEqual([expect.objectContaining({ _id: request._id, mine: true, canAnswer: false, engineerName: 'Mei Chen', requestedByName: 'Chris Okafor' })]);
    const danaInbox = (await t.request({ method: 'GET', url: '/api/staffing-requests?for=me', token: dana })).json();
    expect(danaInbox).toEqual([expect.objectContaining({ _id: request._id, mine: false, canAnswer: true })]);

    const before = await dbEventCount(t);
    const byChris = await act(request._id, 'approve', chris);
    expect(byChris.statusCode).toBe(403);
    expect(await dbEventCount(t)).toBe(before);

    const [a, b] = await Promise.all([act(request._id, 'approve', dana), act(request._id, 'approve', dana)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const won = (a.statusCode === 201 ? a : b).json();
    expect(won.request).toMatchObject({ state: 'approved', assignmentId: won.assignment._id });
    expect(won.assignment).toMatchObject({ engineerId: person('Mei Chen')._id, projectId: project._id, role: 'Race check', allocationPercentage: 20 });
    expect(await assignmentsOf(person('Mei Chen')._id, 'Race check')).toBe(1);
    // Two events: the approval and the assignment, under one command.
    expect(await dbEventCount(t)).toBe(before + 2);
    expect((await act(request._id, 'approve', dana)).statusCode).toBe(409);
  });

  it('asks for a role from an open role; Dana proposes Elena; approving fills the open role', async () => {
    const role = await t.request({ method: 'POST', url: `/api/projects/${project._id}/placeholders`, token: dana, body: {
      role: 'Analyst', skills: ['Python'], allocationPercentage: 30, startDate: dayFromToday(50), endDate: dayFromToday(59),
    } });
    expect(role.statusCode, role.body).toBe(201);
    const placeholderId = (role.json() as { _id: string })._id;
    const made = (await ask({ placeholderId, role: 'Analyst', allocationPercentage: 30, startDate: dayFromToday(50), endDate: dayFromToday(59) })).json() as { _id: string };
    expect((await act(made._id, 'approve', dana)).json().message).toBe('Propose someone for this role before approving it');
    // Chris may propose only his own people.
    expect((await act(made._id, 'propose', chris, { engineerId: person('Elena Rossi')._id })).statusCode).toBe(403);
    const proposed = await act(made._id, 'propose', dana, { engineerId: person('Elena Rossi')._id, note: 'Mei is busy' });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json()).toMatchObject({ state: 'proposed', engineerId: person('Elena Rossi')._id });
    const approved = await act(made._id, 'approve', dana);
    expect(approved.statusCode, approved.body).toBe(201);
    expect(approved.json().assignment).toMatchObject({ engineerId: person('Elena Rossi')._id, role: 'Analyst', allocationPercentage: 30 });
    const open = (await t.request({ method: 'GET', url: '/api/placeholders', token: dana })).json() as { _id: string }[];
    expect(open.map((p) => p._id)).not.toContain(placeholderId);
  });

  it('declines with a reason (400 without one); the asker withdraws another; closed requests take no more steps', async () => {
    const first = (await ask({ engineerId: person('Priya Patel')._id })).json() as { _id: string };
    expect((await act(first._id, 'decline', dana, { reason: ' ' })).statusCode).toBe(400);
    const declined = await act(first._id, 'decline', dana, { reason: 'Priya is on the migration' });
    expect(declined.json()).toMatchObject({ state: 'declined', reason: 'Priya is on the migration' });
    const second = (await ask({ engineerId: person('Aisha Khan')._id })).json() as { _id: string };
    expect((await act(second._id, 'withdraw', chris)).json()).toMatchObject({ state: 'withdrawn' });
    expect((await act(second._id, 'decline', dana, { reason: 'late' })).statusCode).toBe(409);
    expect((await ask({ engineerId: 'nobody' })).statusCode).toBe(404);
  });

  it('names both managers in the History, step by step', async () => {
    // The History reads what every open transaction on the server is past: another file's may hold it back a moment.
    const read = async () =>
      ((await t.request({ method: 'GET', url: '/api/history/events?entity=staffing&limit=50', token: dana })).json() as { events: { summary: string }[] }).events.map((e) => e.summary);
    const summaries = await eventually(read, (shown) => shown.length >= 5, 60_000);
    expect(summaries).toEqual(expect.arrayContaining([
      expect.stringMatching(/^Chris Okafor asked for Mei Chen as Race check on Customer Portal Redesign at 20% from \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d \(Needs Spark\)$/),
      'Dana Whitfield approved the request for Mei Chen on Customer Portal Redesign',
      'Dana Whitfield proposed Elena Rossi instead for Customer Portal Redesign (Mei is busy)',
      'Dana Whitfield declined the staffing request for Customer Portal Redesign: Priya is on the migration',
      'Chris Okafor withdrew the staffing request for Customer Portal Redesign',
    ]));
  });

  it("tells the Slack channels each step in the History's words", async () => {
    const posts: string[] = [];
    const slack = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        posts.push((JSON.parse(body) as { text: string }).text);
        response.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => slack.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(slack.address() as AddressInfo).port}/hooks/staffing`;
      expect((await t.request({ method: 'POST', url: '/api/slack-channels', token: dana, body: { name: '#staffing', url } })).statusCode).toBe(201);
      await t.app.notices.runOnce();
      const made = (await ask({ engineerId: person('Tom Becker')._id, role: 'Mobile review' })).json() as { _id: string };
      expect((await act(made._id, 'approve', dana)).statusCode).toBe(201);
      await expect.poll(async () => {
        await t.app.notices.runOnce();
        return posts.join('\n');
      }, { timeout: 20_000 }).toMatch(/Chris Okafor asked for Tom Becker as Mobile review[\s\S]*Dana Whitfield approved the request for Tom Becker on Customer Portal Redesign/);
    } finally {
      await new Promise((resolve) => slack.close(resolve));
    }
  });
});
