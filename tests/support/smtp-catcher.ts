import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = { to: string[]; subject: string; text: string };

/**
 * A real SMTP server on a free loopback port that keeps every message it is sent, for tests of what
 * the app mails. No TLS and no login: the app reaches it with `smtp://127.0.0.1:<port>?ignoreTLS=true`.
 */
export async function startSmtpCatcher(): Promise<{ url: string; mails: CaughtMail[]; next: (to: string, timeoutMs?: number) => Promise<CaughtMail>; close: () => Promise<void> }> {
  const mails: CaughtMail[] = [];
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then((parsed) => {
        const to = [parsed.to].flat().flatMap((a) => a?.value.map((v) => v.address ?? '') ?? []);
        mails.push({ to, subject: parsed.subject ?? '', text: parsed.text ?? '' });
        for (const wake of waiting.splice(0)) wake();
        done();
      }, done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    mails,
    /** The first message to `to` not yet taken, waiting for it to arrive. */
    async next(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = mails.findIndex((m) => m.to.includes(to));
        if (index >= 0) return mails.splice(index, 1)[0]!;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms (caught: ${mails.map((m) => m.to.join(',')).join('; ') || 'none'})`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
