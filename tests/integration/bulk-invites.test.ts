/**
 * Many invitations as one job, against real PostgreSQL and a real SMTP server the test starts:
 * POST /api/accounts/invites/bulk answers 202 with a job, its progress says invitations made and
 * mails sent, every invitation's e-mail arrives with a link that works, and a list naming an e-mail
 * with an account is refused whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '../../server/mail/mailer.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { eventually } from '../support/api-helpers.ts';
import { linkIn, startMailCatcher, type MailCatcher } from '../support/mail-catcher.ts';

let t: TestApp;
let smtp: MailCatcher;
let admin: string;

beforeAll(async () => {
  smtp = await startMailCatcher();
  t = await startTestApp({ publicUrl: 'https://plan.example.com', mailer: smtpMailer(smtp.url, 'Planner <planner@example.com>') });
  admin = await t.login(demo.manager);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Job = { id: string; state: string; done: number; total: number; mailed?: number; invites?: { email: string; inviteUrl: string }[]; message?: string };
const jobOf = async (id: string, token = admin) => (await t.request({ method: 'GET', url: `/api/accounts/invites/jobs/${id}`, token })).json() as Job;
const accountCount = async () => Number((await t.app.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

describe('POST /api/accounts/invites/bulk', () => {
  it('1,000 invitations in one job: progress while it runs, every e-mail caught, each link works', { timeout: 300_000 }, async () => {
    const COUNT = 1000;
    const invites = Array.from({ length: COUNT }, (_, i) => ({ email: `person${i}@move-in.test`, name: `Person ${i}`, role: i % 50 === 0 ? 'manager' : 'engineer' }));
    const accountsBefore = await accountCount();
    const response = await t.request({ method: 'POST', url: '/api/accounts/invites/bulk', token: admin, body: { invites } });
    expect(response.statusCode, response.body).toBe(202);
    const { job } = response.json() as { job: Job };
    expect(job).toMatchObject({ state: 'running', total: COUNT });
    expect(response.headers.location).toBe(`/api/accounts/invites/jobs/${job.id}`);

    const seen: number[] = [];
    const finished = await eventually(async () => {
      const current = await jobOf(job.id);
      seen.push(current.done);
      return current;
    }, (current) => current.state !== 'running', 240_000);
    expect(finished).toMatchObject({ state: 'done', done: COUNT, total: COUNT });
    // Progress only moves forward, in whole batches.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.every((done) => done % 100 === 0)).toBe(true);
    expect(await accountCount()).toBe(accountsBefore + COUNT);

    // Every e-mail reaches the mail server, each to its own person with their own link.
    await eventually(async () => smtp.messages.filter((m) => m.to.endsWith('@move-in.test')).length, (n) => n === COUNT, 240_000);
    const caught = smtp.messages.filter((m) => m.to.endsWith('@move-in.test'));
    expect(new Set(caught.map((m) => m.to))).toEqual(new Set(invites.map((i) => i.email)));
    expect((await jobOf(job.id)).mailed).toBe(COUNT);

    // The links are the admin's to pass on too, the same as the mailed ones.
    const links = (await jobOf(job.id)).invites!;
    expect(links).toHaveLength(COUNT);
    const mail = caught.find((m) => m.to === 'person7@move-in.test')!;
    expect(links.find((l) => l.email === 'person7@move-in.test')!.inviteUrl).toBe(linkIn(mail, '/invite'));
    const token = new URL(linkIn(mail, '/invite')).hash.replace('#token=', '');
    expect((await t.request({ method: 'GET', url: `/api/invites/${token}` })).json()).toEqual({ email: 'person7@move-in.test', name: 'Person 7', role: 'engineer' });
    const accepted = await t.request({ method: 'POST', url: `/api/invites/${token}/accept`, body: { password: 'a long enough pass' } });
    expect(accepted.statusCode).toBe(200);

    // An engineer's invitation is the account of an engineer record with that e-mail.
    const engineers = (await t.request({ method: 'GET', url: '/api/engineers', token: admin })).json() as { email: string }[];
    expect(engineers.filter((e) => e.email.endsWith('@move-in.test'))).toHaveLength(COUNT - COUNT / 50);
  });

  it('a list naming an e-mail that has an account is refused whole (409), as is one naming an e-mail twice (400); nothing is made', async () => {
    const before = await accountCount();
    const taken = await t.request({
      method: 'POST', url: '/api/accounts/invites/bulk', token: admin,
      body: { invites: [{ email: 'fresh@move-in.test', name: 'Fresh', role: 'engineer' }, { email: 'Engineer@demo.test', name: 'Taken', role: 'engineer' }] },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: 'This e-mail already has an account: engineer@demo.test', emails: ['engineer@demo.test'] });
    const twice = await t.request({
      method: 'POST', url: '/api/accounts/invites/bulk', token: admin,
      body: { invites: [{ email: 'twice@move-in.test', name: 'A', role: 'engineer' }, { email: 'TWICE@move-in.test', name: 'B', role: 'engineer' }] },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('twice@move-in.test is invited twice');
    expect(await accountCount()).toBe(before);
  });

  it('is for admins only', async () => {
    const notAdmin = await t.login(demo.manager2);
    const refused = await t.request({ method: 'POST', url: '/api/accounts/invites/bulk', token: notAdmin, body: { invites: [{ email: 'x@move-in.test', name: 'X', role: 'engineer' }] } });
    expect(refused.statusCode).toBe(403);
  });
});
