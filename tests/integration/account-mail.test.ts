/**
 * What accounts mail, through a real SMTP server the test starts: the invitation and the reset link
 * arrive with their one-time links (starting with PUBLIC_URL) and work; an unknown e-mail gets nothing;
 * and a mail server that refuses leaves the admin with the link all the same.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { smtpMailer } from '../../server/mail/mailer.ts';
import { activeAccount, tokenOf } from '../support/account-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { eventually } from '../support/live-clients.ts';
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

describe('mail', () => {
  it('an invitation arrives with the very link the admin was shown, and it works', async () => {
    const invited = await t.request({ method: 'POST', url: '/api/accounts/invites', token: admin, body: { email: 'mailed@org.test', name: 'Mailed Person', role: 'engineer' } });
    expect(invited.statusCode).toBe(201);
    const mail = await smtp.waitFor('mailed@org.test', 'You are invited to Capacity Planner');
    expect(mail.text).toContain('Hello Mailed Person');
    expect(linkIn(mail, '/invite')).toBe(invited.json().inviteUrl);
    const accepted = await t.request({ method: 'POST', url: `/api/invites/${tokenOf(linkIn(mail, '/invite'))}/accept`, body: { password: 'a long enough pass' } });
    expect(accepted.statusCode).toBe(200);
  });

  it('"forgot password" mails a reset link to a known e-mail only; the link resets once', async () => {
    expect((await t.request({ method: 'POST', url: '/api/auth/forgot', body: { email: 'nobody@org.test' } })).statusCode).toBe(202);
    expect((await t.request({ method: 'POST', url: '/api/auth/forgot', body: { email: 'Mailed@Org.test' } })).statusCode).toBe(202);
    const mail = await smtp.waitFor('mailed@org.test', 'Reset your Capacity Planner password');
    const link = linkIn(mail, '/reset');
    expect(link).toMatch(/^https:\/\/plan\.example\.com\/reset#token=/);
    const reset = await t.request({ method: 'POST', url: '/api/auth/reset', body: { token: tokenOf(link), password: 'another long pass' } });
    expect(reset.statusCode).toBe(200);
    expect(smtp.messages.filter((m) => m.to === 'nobody@org.test')).toEqual([]);
  });
});

describe('several "forgot password" requests for one account at once', () => {
  it('each issues its link and its mail; none is lost to another, and nothing is logged as failed', async () => {
    const person = await activeAccount(t, admin, 'engineer', 'a long enough pass');
    const warn = vi.spyOn(t.app.log, 'warn');
    const REQUESTS = 8;
    try {
      const answers = await Promise.all(Array.from({ length: REQUESTS }, () => t.request({ method: 'POST', url: '/api/auth/forgot', body: { email: person.email } })));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(REQUESTS).fill(202));
      const issued = () => t.app.db.selectFrom('events').select('stream_position').where('stream_id', '=', `account-${person.id}`).where('type', '=', 'PasswordResetIssued').execute();
      const mailed = () => smtp.messages.filter((m) => m.to === person.email && m.subject.includes('Reset'));
      let events = 0;
      await eventually(async () => {
        events = (await issued()).length;
        return events === REQUESTS && mailed().length === REQUESTS;
      }, () => `${events} reset events and ${mailed().length} mails for ${REQUESTS} requests; warnings: ${JSON.stringify(warn.mock.calls.map((c) => c.at(-1)))}`);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});

describe('a mail server that refuses', () => {
  it('still answers the invitation with its link: mail is a courtesy, the link is the admin\'s', async () => {
    const offline = await startTestApp({ mailer: smtpMailer('smtp://127.0.0.1:9?ignoreTLS=true', 'x@example.com') });
    try {
      const token = await offline.login(demo.manager);
      const invited = await offline.request({ method: 'POST', url: '/api/accounts/invites', token, body: { email: 'unmailed@org.test', name: 'Unmailed', role: 'auditor' } });
      expect(invited.statusCode).toBe(201);
      expect(invited.json().inviteUrl).toMatch(/\/invite#token=/);
    } finally {
      await offline.close();
    }
  });
});
