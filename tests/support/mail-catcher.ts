/**
 * A real SMTP server for a test (smtp-server), catching every message the app sends through its
 * smtpMailer, parsed with mailparser: the test reads invitations and reset links the way a person
 * reads their e-mail. No TLS, no authentication: it listens on the loopback only.
 */
import { type ParsedMail, simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** `headers`: each header's first value as text (List-Unsubscribe and the like). */
export type CaughtMail = { to: string; subject: string; text: string; headers: Record<string, string> };
export type MailCatcher = {
  /** The URL for smtpMailer: plain SMTP on the loopback, STARTTLS left alone. */
  url: string;
  messages: CaughtMail[];
  /**
   * The first message to `to` (with `subject` in its subject, when given) among those caught from
   * index `since` on (0: all), waiting for it up to `timeoutMs`.
   */
  waitFor: (to: string, subject?: string, options?: { since?: number; timeoutMs?: number }) => Promise<CaughtMail>;
  close: () => Promise<void>;
};

const addressesOf = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((group) => group.value.map((a) => a.address?.toLowerCase() ?? ''));

export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const headers = Object.fromEntries([...mail.headerLines].map((line) => [line.key, line.line.slice(line.line.indexOf(':') + 1).trim()]));
          for (const to of addressesOf(mail)) messages.push({ to, subject: mail.subject ?? '', text: mail.text ?? '', headers });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages,
    async waitFor(to, subject, { since = 0, timeoutMs = 10_000 } = {}) {
      const started = Date.now();
      for (;;) {
        const found = messages.slice(since).find((m) => m.to === to.toLowerCase() && (!subject || m.subject.includes(subject)));
        if (found) return found;
        if (Date.now() - started > timeoutMs) throw new Error(`no mail to ${to}${subject ? ` about "${subject}"` : ''} in ${timeoutMs} ms; caught: ${messages.map((m) => `${m.to}: ${m.subject}`).join('; ') || 'nothing'}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a message's text that opens `page` (/invite, /reset...). */
export function linkIn(mail: CaughtMail, page: string): string {
  const match = new RegExp(`https?://\\S+/${page.replace(/^\//, '')}#\\S+`).exec(mail.text);
  if (!match) throw new Error(`no ${page} link in the mail to ${mail.to}: ${mail.text}`);
  return match[0];
}
