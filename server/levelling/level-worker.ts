/**
 * The levelling worker thread: it receives plain data (the plan, time zone, today, the request and the
 * budget) and answers with the proposal, plain data too, so the process keeps serving requests and live
 * updates while HiGHS solves. The request thread drafts the proposal as a scenario.
 */
import { parentPort } from 'node:worker_threads';
import type { LevelContext, LevelRequest, Proposal } from '../../domain/index.ts';
import { proposalFor, type LevelBudget } from './propose.ts';

export type LevelJob = { id: number; context: LevelContext; request: LevelRequest } & LevelBudget;
export type LevelAnswer = { id: number; proposal: Proposal } | { id: number; error: string };

if (parentPort) {
  const port = parentPort;
  // One job at a time, in the order asked: each request's time budget starts when its own solving does.
  let queue: Promise<void> = Promise.resolve();
  port.on('message', (job: LevelJob) => {
    queue = queue.then(() =>
      proposalFor(job).then(
        (proposal) => port.postMessage({ id: job.id, proposal } satisfies LevelAnswer),
        (error: unknown) => port.postMessage({ id: job.id, error: error instanceof Error ? error.stack ?? error.message : String(error) } satisfies LevelAnswer),
      ),
    );
  });
}
