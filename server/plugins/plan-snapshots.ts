import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SnapshotJob } from '../history/snapshot-job.ts';

declare module 'fastify' {
  interface FastifyInstance {
    planSnapshots: SnapshotJob | null;
  }
}

export type PlanSnapshotOptions = { every: number; pollMs?: number };

/**
 * Snapshots of the folded plan every `every` events (0: none), written in the background so that the
 * plan as of a moment folds only from the nearest one. Woken by the live tailer's pages of new events.
 */
export default fp(async function planSnapshots(app: FastifyInstance, options: PlanSnapshotOptions) {
  if (options.every <= 0) {
    app.decorate('planSnapshots', null);
    return;
  }
  const job = new SnapshotJob(app.db, {
    every: options.every,
    pollMs: options.pollMs ?? 60_000,
    onError: (error) => app.log.warn({ err: error }, 'plan snapshots'),
    onWritten: (count) => app.log.info(`wrote ${count} plan snapshot(s)`),
  });
  const unsubscribe = app.live.tailer.subscribe((events) => job.notice(events.length));
  app.decorate('planSnapshots', job);
  app.addHook('onReady', async () => job.start());
  app.addHook('preClose', async () => {
    unsubscribe();
    await job.stop();
  });
});
