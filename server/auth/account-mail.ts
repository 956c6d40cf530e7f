import type { MailMessage } from '../mail/mailer.ts';

/** The messages accounts send; each carries its link, and nothing else secret. */
export const accountMail = {
  invite: (to: string, name: string, url: string, inviter: string): MailMessage => ({
    to,
    subject: 'You are invited to Capacity Planner',
    text: `Hello ${name},\n\n${inviter} invited you to Capacity Planner. Open this link within 7 days to choose your password and sign in:\n\n${url}\n\nIf you did not expect this, you can ignore this message.\n`,
  }),
  reset: (to: string, url: string): MailMessage => ({
    to,
    subject: 'Reset your Capacity Planner password',
    text: `Someone asked to reset the password of this account. Open this link within an hour to choose a new one:\n\n${url}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
  }),
};
