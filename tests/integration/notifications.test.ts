/**
 * Telling people where they work (issue 32): e-mails through a real SMTP server the test starts, and
 * Slack messages to a local receiver. An engineer hears of being assigned, moved, taken off and of time
 * off booked for them; managers get the weekly digest; every message unsubscribes in one click without
 * signing in; the outbox never sends one twice, even when the log is read again; a channel hears of an
 * overload that appears and of a published scenario.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '../../server/mail/mailer.ts';
import { enqueueDigests } from '../../server/notifications/digest-job.ts';
import { dayFromToday, validAssignmentPayload, validEngineerPayload } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher.ts';

let t: TestApp;
let smtp: MailCatcher;
let manager: string;
let engineer: string;
let sam: { _id: string; version: number };
let project: { _id: string; name: string };
const slackPosts: { path: string; body: { text: string; blocks: unknown[] } }[] = [];
let slack: http.Server;
let slackUrl: string;

/**
 * Runs the notices' loop once, as the server does on new events: followers, digest, outbox. The
 * server's own loop runs beside it, so a test waits for what it expects rather than assuming this
 * run did it.
 */
const deliver = () => t.app.notices.runOnce();

beforeAll(async () => {
  smtp = await startMailCatcher();
  slack = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      slackPosts.push({ path: request.url ?? '', body: JSON.parse(body) });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => slack.listen(0, '127.0.0.1', resolve));
  slackUrl = `http://127.0.0.1:${(slack.address() as AddressInfo).port}/hooks/planning`;
  t = await startTestApp({ publicUrl: 'https://plan.example.com', mailer: smtpMailer(smtp.url, 'Planner <planner@example.com>') });
  manager = await t.login(demo.manager);
  engineer = await t.login(demo.engineer);
  const engineers = (await t.request({ method: 'GET', url: '/api/engineers', token: manager })).json() as { _id: string; email: string; version: number }[];
  sam = engineers.find((e) => e.email === demo.engineer)!;
  const projects = (await t.request({ method: 'GET', url: '/api/projects', token: manager })).json() as { _id: string; name: string; status: string }[];
  project = projects.find((p) => p.status === 'active')!;
  await deliver();
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await new Promise((resolve) => slack?.close(resolve));
});

describe('e-mail to the engineer whose plan changed', () => {
  let assignment: { _id: string; version: number };

  it('assigned: the project, role, share and dates, and a one-click unsubscribe', async () => {
    const created = await t.request({
      method: 'POST', url: '/api/assignments', token: manager,
      body: validAssignmentPayload(sam._id, project._id, { role: 'Reviewer', allocationPercentage: 10, startDate: dayFromToday(60), endDate: dayFromToday(90) }),
    });
    expect(created.statusCode, created.body).toBe(201);
    assignment = created.json();
    await deliver();
    const mail = await smtp.waitFor(demo.engineer, `You are on ${project.name}`);
    expect(mail.text).toContain(`Dana Whitfield assigned you to ${project.name} as Reviewer at 10% from ${dayFromToday(60).slice(0, 10)}`);
    expect(mail.headers['list-unsubscribe']).toMatch(/^<https:\/\/plan\.example\.com\/api\/notifications\/unsubscribe\/[\w-]+\.[\w-]+>$/);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it('moved: what it was and what it is now', async () => {
    const since = smtp.messages.length;
    const moved = await t.request({
      method: 'PATCH', url: `/api/assignments/${assignment._id}`, token: manager, headers: { 'if-match': `"${assignment.version}"` },
      body: { startDate: dayFromToday(67), endDate: dayFromToday(97) },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    assignment = moved.json();
    await deliver();
    const mail = await smtp.waitFor(demo.engineer, `Your work on ${project.name} changed`, { since });
    expect(mail.text).toContain(`Was: 10% from ${dayFromToday(60).slice(0, 10)}`);
    expect(mail.text).toContain(`Now: 10% from ${dayFromToday(67).slice(0, 10)}`);
  });

  it('time off booked by a manager for them (their own booking tells nobody)', async () => {
    const since = smtp.messages.length;
    const booked = await t.request({ method: 'POST', url: `/api/engineers/${sam._id}/time-off`, token: manager, body: { from: dayFromToday(120).slice(0, 10), to: dayFromToday(121).slice(0, 10), kind: 'vacation' } });
    expect(booked.statusCode, booked.body).toBe(201);
    const own = await t.request({ method: 'POST', url: `/api/engineers/${sam._id}/time-off`, token: engineer, body: { from: dayFromToday(130).slice(0, 10), to: dayFromToday(130).slice(0, 10), kind: 'other' } });
    expect(own.statusCode, own.body).toBe(201);
    await deliver();
    const mail = await smtp.waitFor(demo.engineer, 'Time off booked for you', { since });
    expect(mail.text).toContain(`Dana Whitfield booked vacation for you from ${dayFromToday(120).slice(0, 10)} to ${dayFromToday(121).slice(0, 10)}.`);
    expect(smtp.messages.slice(since).filter((m) => m.subject === 'Time off booked for you')).toHaveLength(1);
  });

  it('taken off the project', async () => {
    const since = smtp.messages.length;
    const removed = await t.request({ method: 'DELETE', url: `/api/assignments/${assignment._id}`, token: manager, headers: { 'if-match': `"${assignment.version}"` } });
    expect(removed.statusCode, removed.body).toBe(200);
    await deliver();
    const mail = await smtp.waitFor(demo.engineer, `You are off ${project.name}`, { since });
    expect(mail.text).toContain(`Dana Whitfield took you off ${project.name} (Reviewer, 10% from ${dayFromToday(67).slice(0, 10)}`);
  });

  it('nobody is mailed about an engineer planned but never invited to sign in', async () => {
    const since = smtp.messages.length;
    const registered = await t.request({ method: 'POST', url: '/api/engineers', token: manager, body: validEngineerPayload({ email: 'planned.only@org.test', password: undefined }) });
    expect(registered.statusCode, registered.body).toBe(201);
    const created = await t.request({ method: 'POST', url: '/api/assignments', token: manager, body: validAssignmentPayload(registered.json()._id, project._id, { allocationPercentage: 5, startDate: dayFromToday(200), endDate: dayFromToday(210) }) });
    expect(created.statusCode, created.body).toBe(201);
    await deliver();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages.slice(since).map((m) => m.to)).not.toContain('planned.only@org.test');
  });
});

describe('the weekly digest', () => {
  it('goes to every manager once a week from Monday 07:00, with the next 4 weeks\' overloads and open roles', async () => {
    const since = smtp.messages.length;
    const monday = new Date(`${dayFromToday(0).slice(0, 10)}T00:00:00.000Z`);
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    // The server queued this week's as it started: as if it had not yet.
    await t.app.db.deleteFrom('outbox').where('dedupe_key', 'like', 'digest %').execute();
    const early = new Date(monday.getTime() + 6 * 3_600_000);
    expect(await enqueueDigests(t.app.db, { timeZone: 'UTC', now: early, links: t.app.notices.links })).toBeNull();
    const later = new Date(monday.getTime() + 8 * 3_600_000);
    expect(await enqueueDigests(t.app.db, { timeZone: 'UTC', now: later, links: t.app.notices.links })).toBe(2);
    expect(await enqueueDigests(t.app.db, { timeZone: 'UTC', now: later, links: t.app.notices.links })).toBe(0);
    await deliver();
    const mail = await smtp.waitFor(demo.manager, 'Next 4 weeks from', { since });
    expect(mail.subject).toMatch(/^Next 4 weeks from \d{4}-W\d{2}: \d+ overloaded, \d+ open roles?$/);
    expect(mail.text).toMatch(/Overloaded:|Nobody is overloaded/);
    expect(mail.text).toMatch(/Open roles to fill:|No open roles/);
    await smtp.waitFor(demo.manager2, 'Next 4 weeks from', { since });
    expect(smtp.messages.slice(since).filter((m) => m.to === demo.engineer)).toEqual([]);
  });
});

describe('unsubscribe and preferences', () => {
  it('the link turns that kind off without signing in; then no more of it, and the Profile shows it off', async () => {
    const mail = smtp.messages.find((m) => m.to === demo.engineer && m.subject === 'Time off booked for you')!;
    const link = mail.headers['list-unsubscribe']!.slice(1, -1);
    const path = new URL(link).pathname;
    const page = await t.request({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('you will no longer get e-mails when someone books time off for me');
    expect((await t.request({ method: 'GET', url: '/api/notifications/me', token: engineer })).json()).toEqual({ assigned: true, timeOff: false, digest: true, staffing: true });

    const since = smtp.messages.length;
    const booked = await t.request({ method: 'POST', url: `/api/engineers/${sam._id}/time-off`, token: manager, body: { from: dayFromToday(150).slice(0, 10), to: dayFromToday(150).slice(0, 10), kind: 'vacation' } });
    expect(booked.statusCode).toBe(201);
    await deliver();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.slice(since).filter((m) => m.to === demo.engineer)).toEqual([]);
  });

  it('one-click POST from a mail program works too; a forged or broken token is 404', async () => {
    const mail = smtp.messages.find((m) => m.to === demo.engineer && m.subject.startsWith('You are on'))!;
    const path = new URL(mail.headers['list-unsubscribe']!.slice(1, -1)).pathname;
    expect((await t.request({ method: 'POST', url: path })).json()).toEqual({ message: 'Unsubscribed from e-mails when I am assigned to a project, moved or taken off one' });
    const [body] = path.split('/').at(-1)!.split('.');
    expect((await t.request({ method: 'GET', url: `/api/notifications/unsubscribe/${body}.forged` })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/notifications/unsubscribe/nothing' })).statusCode).toBe(404);
  });

  it('each person sets their own; bad bodies get 400 and change nothing', async () => {
    const set = await t.request({ method: 'PUT', url: '/api/notifications/me', token: engineer, body: { assigned: true, timeOff: true } });
    expect(set.json()).toEqual({ assigned: true, timeOff: true, digest: true, staffing: true });
    for (const body of [{}, { assigned: 'yes' }, { unknown: true }]) {
      const refused = await t.request({ method: 'PUT', url: '/api/notifications/me', token: engineer, body });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBeTruthy();
    }
    expect((await t.request({ method: 'GET', url: '/api/notifications/me' })).statusCode).toBe(401);
  });
});

describe('the outbox', () => {
  it('never sends a message twice, even when the log is read again after a crash', async () => {
    const sent = smtp.messages.length;
    await t.app.db.updateTable('log_followers').set({ cursor: '0:0' }).where('name', '=', 'mail-notices').execute();
    for (let i = 0; i < 3; i += 1) await deliver();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const again = smtp.messages.slice(sent);
    // Reading the whole log again finds the demo's own events too: new messages at most for those, none for what was sent.
    const subjects = new Set(smtp.messages.slice(0, sent).map((m) => `${m.to} ${m.subject} ${m.text}`));
    expect(again.filter((m) => subjects.has(`${m.to} ${m.subject} ${m.text}`))).toEqual([]);
  });
});

describe('Slack', () => {
  it('an admin adds a channel; an engineer may not; a bad URL is 400', async () => {
    expect((await t.request({ method: 'POST', url: '/api/slack-channels', token: engineer, body: { name: '#x', url: slackUrl } })).statusCode).toBe(403);
    const bad = await t.request({ method: 'POST', url: '/api/slack-channels', token: manager, body: { name: '#planning', url: 'ftp://x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('URL must be a web address starting with http:// or https://');
    const added = await t.request({ method: 'POST', url: '/api/slack-channels', token: manager, body: { name: '#planning', url: slackUrl } });
    expect(added.statusCode, added.body).toBe(201);
    expect((await t.request({ method: 'GET', url: '/api/slack-channels', token: manager })).json()).toEqual([{ _id: added.json()._id, name: '#planning', url: slackUrl }]);
  });

  it('hears an overload that appears in the next 4 weeks, once, as Slack blocks', async () => {
    const created = await t.request({
      method: 'POST', url: '/api/assignments', token: manager,
      body: validAssignmentPayload(sam._id, project._id, { role: 'Firefighter', allocationPercentage: 100, startDate: dayFromToday(7), endDate: dayFromToday(14) }),
    });
    expect(created.statusCode, created.body).toBe(201);
    await deliver();
    // The server's own loop may have taken these events first: what it queued goes out on its next turn.
    const overloadsNow = () => slackPosts.filter((p) => /^Sam Rivera is overloaded in \d{4}-W\d{2}$/.test(p.body.text));
    await expect.poll(async () => (await deliver(), overloadsNow().length), { timeout: 10_000 }).toBeGreaterThan(0);
    const overloads = overloadsNow();
    expect(overloads[0]!.path).toBe('/hooks/planning');
    expect(overloads[0]!.body.blocks[0]).toEqual({ type: 'section', text: { type: 'mrkdwn', text: `*${overloads[0]!.body.text}*` } });
    const before = slackPosts.length;
    await deliver();
    expect(slackPosts.length).toBe(before);
  });
});
