/**
 * Staffing requests by e-mail, on real PostgreSQL and through a real SMTP server the test starts: a
 * request goes to the managers who can answer it (the person's team's manager, else the org-wide ones),
 * each answer goes back to whoever asked, and the Slack channels name who is to answer.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Engineer, Project } from '../../domain/entities.ts';
import { smtpMailer } from '../../server/mail/mailer.ts';
import { recordDepartmentTeams } from '../../server/runtime/first-run.ts';
import { activeAccount } from '../support/account-helpers.ts';
import { dayFromToday, decodeJwt } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher.ts';

let t: TestApp;
let smtp: MailCatcher;
let dana: string; // org-wide manager (admin)
let chris: string; // manages Product Engineering
let lena: { id: string; email: string; token: string }; // manages Data
let engineers: Engineer[];
let project: Project;
const person = (name: string) => engineers.find((e) => e.name === name)!;
const slackPosts: string[] = [];
let slack: http.Server;

/** Runs the notices' loop once (followers, outbox), as the server does on new events. */
const deliver = () => t.app.notices.runOnce();

async function scope(token: string, id: string, teams: string[] | 'all') {
  const account = (await t.request({ method: 'GET', url: '/api/accounts', token: dana })).json().find((a: { _id: string }) => a._id === id);
  const changed = await t.request({ method: 'PATCH', url: `/api/accounts/${id}`, token, body: { scope: teams, version: account.version } });
  expect(changed.statusCode, changed.body).toBe(200);
}

/** The addresses the outbox holds staffing e-mails for, for a request's step of this type. */
const staffingMailTargets = async (requestId: string, type: string) => (await sql<{ target: string }>`
  select o.target from outbox o join events e on o.dedupe_key like 'staffing ' || (e.transaction_id::text || ':' || e.global_position::text) || ' %'
  where e.stream_id = ${`staffing-${requestId}`} and e.type = ${type} and o.channel = 'mail' order by o.target`.execute(t.app.db)).rows.map((r) => r.target);

/**
 * Runs the notices' loop until the mail follower has read the request's latest step of `type`. The
 * followers read only what every transaction before it has committed, so on a shared database another
 * long transaction may hold them back a while: the test waits for them rather than assuming one run did it.
 */
async function deliverPast(requestId: string, type: string) {
  const { rows } = await sql<{ xid: string; pos: string }>`
    select transaction_id::text as xid, global_position::text as pos from events where stream_id = ${`staffing-${requestId}`} and type = ${type}
    order by global_position desc limit 1`.execute(t.app.db);
  const step = rows[0]!;
  await expect.poll(async () => {
    await deliver();
    const row = await t.app.db.selectFrom('log_followers').select('cursor').where('name', '=', 'mail-notices').executeTakeFirst();
    const [xid, pos] = (row?.cursor ?? '0:0').split(':').map(BigInt) as [bigint, bigint];
    return xid > BigInt(step.xid) || (xid === BigInt(step.xid) && pos >= BigInt(step.pos));
  }, { timeout: 60_000, interval: 250 }).toBe(true);
  await deliver();
}

beforeAll(async () => {
  smtp = await startMailCatcher();
  slack = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const message = JSON.parse(body) as { text: string; blocks: { text?: { text: string } }[] };
      slackPosts.push([message.text, ...message.blocks.slice(1).flatMap((b) => (b.text ? [b.text.text] : []))].join('\n'));
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => slack.listen(0, '127.0.0.1', resolve));
  t = await startTestApp({ publicUrl: 'https://plan.example.com', mailer: smtpMailer(smtp.url, 'Planner <planner@example.com>') });
  [dana, chris] = await Promise.all([t.login(demo.manager), t.login(demo.manager2)]);
  await recordDepartmentTeams(t.app.db);
  const teams = (await t.request({ method: 'GET', url: '/api/teams', token: dana })).json() as { _id: string; name: string }[];
  const teamId = (name: string) => teams.find((x) => x.name === name)!._id;
  lena = await activeAccount(t, dana, 'manager', 'a long enough password 42');
  await scope(dana, decodeJwt(chris).sub as string, [teamId('Product Engineering')]);
  await scope(dana, lena.id, [teamId('Data')]);
  engineers = (await t.request({ method: 'GET', url: '/api/engineers', token: dana })).json();
  project = (await t.request({ method: 'GET', url: '/api/projects', token: dana })).json().find((p: Project) => p.name === 'Customer Portal Redesign');
  const port = (slack.address() as AddressInfo).port;
  expect((await t.request({ method: 'POST', url: '/api/slack-channels', token: dana, body: { name: '#staffing', url: `http://127.0.0.1:${port}/hooks/staffing` } })).statusCode).toBe(201);
  await deliver();
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await new Promise((resolve) => slack?.close(resolve));
});

const ask = (body: Record<string, unknown>, token = chris) => t.request({
  method: 'POST', url: '/api/staffing-requests', token,
  body: { projectId: project._id, role: 'Data Engineer', allocationPercentage: 20, startDate: dayFromToday(40), endDate: dayFromToday(49), ...body },
});
const act = (id: string, step: string, token: string, body: unknown = {}) => t.request({ method: 'POST', url: `/api/staffing-requests/${id}/${step}`, token, body });

describe('staffing requests by e-mail', () => {
  it("Chris asks for Mei (Data): Data's manager is e-mailed, not the org-wide one; Lena approves and Chris hears of it", async () => {
    const made = await ask({ engineerId: person('Mei Chen')._id, note: 'Needs Spark' });
    expect(made.statusCode, made.body).toBe(201);
    const request = made.json() as { _id: string };
    await deliverPast(request._id, 'StaffingRequested');
    const mail = await smtp.waitFor(lena.email, 'Staffing request: Mei Chen on Customer Portal Redesign');
    expect(mail.text).toContain(`Chris Okafor asked for Mei Chen as Data Engineer on Customer Portal Redesign at 20% from ${dayFromToday(40).slice(0, 10)} to ${dayFromToday(49).slice(0, 10)} (Needs Spark).`);
    expect(mail.text).toContain('See it in Capacity Planner: https://plan.example.com/staffing');
    expect(mail.headers['list-unsubscribe']).toMatch(/^<https:\/\/plan\.example\.com\/api\/notifications\/unsubscribe\/[\w-]+\.[\w-]+>$/);
    // Exactly the manager of Mei's team: not Dana (org-wide), not Chris (who asked).
    expect(await staffingMailTargets(request._id, 'StaffingRequested')).toEqual([lena.email]);

    expect((await act(request._id, 'approve', lena.token)).statusCode).toBe(201);
    await deliverPast(request._id, 'StaffingApproved');
    const approved = await smtp.waitFor(demo.manager2, 'Approved: Mei Chen on Customer Portal Redesign');
    expect(approved.text).toContain('approved the request for Mei Chen on Customer Portal Redesign.');
    expect(approved.text).toContain('Mei Chen is assigned to Customer Portal Redesign as Data Engineer at 20%');
    expect(await staffingMailTargets(request._id, 'StaffingApproved')).toEqual([demo.manager2]);
  });

  it('a role asked for goes to the org-wide managers; a decline goes back with its reason', async () => {
    const made = (await ask({ role: 'ML reviewer' })).json() as { _id: string };
    await deliverPast(made._id, 'StaffingRequested');
    const mail = await smtp.waitFor(demo.manager, 'Staffing request: someone as ML reviewer on Customer Portal Redesign');
    expect(mail.text).toContain('Hello Dana Whitfield');
    expect(await staffingMailTargets(made._id, 'StaffingRequested')).toEqual([demo.manager]);

    expect((await act(made._id, 'decline', dana, { reason: 'Nobody has ML this quarter' })).statusCode).toBe(200);
    await deliverPast(made._id, 'StaffingDeclined');
    const declined = await smtp.waitFor(demo.manager2, 'Declined: your staffing request for Customer Portal Redesign');
    expect(declined.text).toContain('Dana Whitfield declined the staffing request for Customer Portal Redesign: Nobody has ML this quarter.');
  });

  it('a manager who turned staffing e-mails off gets none; turned on again, the next answer comes', async () => {
    const made = (await ask({ engineerId: person('Mei Chen')._id, role: 'Pipelines' })).json() as { _id: string };
    expect((await t.request({ method: 'PUT', url: '/api/notifications/me', token: chris, body: { staffing: false } })).json()).toMatchObject({ staffing: false });
    expect((await act(made._id, 'propose', lena.token, { engineerId: person('Elena Rossi')._id, note: 'Mei is busy' })).statusCode).toBe(200);
    await deliverPast(made._id, 'StaffingProposed');
    // The follower has read both steps (the request went to Lena), and the proposal went to nobody.
    expect(await staffingMailTargets(made._id, 'StaffingRequested')).toEqual([lena.email]);
    expect(await staffingMailTargets(made._id, 'StaffingProposed')).toEqual([]);

    expect((await t.request({ method: 'PUT', url: '/api/notifications/me', token: chris, body: { staffing: true } })).statusCode).toBe(200);
    const since = smtp.messages.length;
    expect((await act(made._id, 'decline', lena.token, { reason: 'Elena is needed too' })).statusCode).toBe(200);
    await deliverPast(made._id, 'StaffingDeclined');
    const declined = await smtp.waitFor(demo.manager2, 'Declined: your staffing request for Customer Portal Redesign', { since });
    expect(declined.text).toContain('declined the staffing request for Customer Portal Redesign: Elena is needed too.');
    expect(await staffingMailTargets(made._id, 'StaffingDeclined')).toEqual([demo.manager2]);
  });

  it('the Slack channel names who is to answer a request, and who asked when it is answered', async () => {
    await expect.poll(async () => {
      await deliver();
      return slackPosts.join('\n---\n');
    }, { timeout: 60_000 }).toMatch(/Chris Okafor asked for Mei Chen as Data Engineer[^\n]*\nTo answer: Person manager\.[\w.]+@org\.test\./);
    expect(slackPosts.join('\n---\n')).toMatch(/approved the request for Mei Chen on Customer Portal Redesign\nAsked by Chris Okafor\./);
    expect(slackPosts.join('\n---\n')).toMatch(/Chris Okafor asked for someone as ML reviewer[^\n]*\nTo answer: Dana Whitfield\./);
  });
});
