import nodemailer from 'nodemailer';

/** `headers`: List-Unsubscribe on notices, so a mail program offers one-click unsubscribe. */
export type MailMessage = { to: string; subject: string; text: string; headers?: Record<string, string> };
/** Sends one message; rejects when the SMTP server refuses it. */
export type Mailer = { send: (message: MailMessage) => Promise<void>; close: () => void };

/** An SMTP mailer for `SMTP_URL` (smtp:// or smtps://, credentials in the URL), sending as `from`. */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}
