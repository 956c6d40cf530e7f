import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isoWeekKey, localDayOf, mondayOf } from '../../domain/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { enqueueDigests } from '../notifications/digest-job.ts';
import { FOLLOW_BATCH } from '../notifications/log-follower.ts';
import { followLogForMail, type MailLinks } from '../notifications/mail-follower.ts';
import { sendDue, type Senders } from '../notifications/outbox.ts';
import { postToSlack } from '../notifications/slack.ts';
import { followLogForSlack } from '../notifications/slack-follower.ts';
import { unsubscribeKey } from '../notifications/unsubscribe-tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    notices: { runOnce: (now?: Date) => Promise<void>; links: MailLinks };
  }
}

export type NotificationOptions = { mailer: Mailer | null; publicUrl: string; jwtSecret: string; timeZone: string; pollMs?: number };

/**
 * Telling people where they are: e-mail (with a mailer) and Slack channels. One loop, woken by new
 * events and at least every `pollMs`: the followers turn the log into messages in the outbox, the week's
 * digest is queued once Monday morning has come, and the outbox sends what is due.
 */
export default fp(async function notifications(app: FastifyInstance, options: NotificationOptions) {
  const links: MailLinks = { publicUrl: options.publicUrl.replace(/\/$/, ''), unsubscribeKey: unsubscribeKey(options.jwtSecret) };
  const mailer = options.mailer;
  const senders: Senders = { slack: postToSlack, ...(mailer ? { mail: (message) => mailer.send(message) } : {}) };
  let digestWeek = '';

  async function runOnce(now = new Date()) {
    if (mailer) {
      while ((await followLogForMail(app.db, links)) === FOLLOW_BATCH);
      const week = isoWeekKey(mondayOf(localDayOf(now.getTime(), options.timeZone)));
      if (week !== digestWeek && (await enqueueDigests(app.db, { timeZone: options.timeZone, now, links })) !== null) digestWeek = week;
    }
    while ((await followLogForSlack(app.db, { timeZone: options.timeZone, publicUrl: links.publicUrl })) === FOLLOW_BATCH);
    // Due as of now, not as of the run's start: what the followers queued a moment ago goes too.
    while ((await sendDue(app.db, senders)) > 0);
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = runOnce()
      .catch((error: unknown) => app.log.warn({ err: error }, 'notifications'))
      .finally(() => {
        running = null;
        if (stopped) return;
        if (again) {
          again = false;
          run();
        } else timer = setTimeout(run, options.pollMs ?? 5_000);
      });
  };
  app.decorate('notices', { runOnce, links });
  const unsubscribe = app.live.tailer.subscribe(() => run());
  app.addHook('onReady', async () => run());
  app.addHook('preClose', async () => {
    stopped = true;
    unsubscribe();
    clearTimeout(timer);
    await running;
  });
});
