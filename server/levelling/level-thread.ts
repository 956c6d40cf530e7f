/**
 * The levelling worker seen from the request thread: one worker thread, started on the first resolve
 * and kept (HiGHS compiles once per thread), solving one job at a time in the order asked. The worker
 * is started with the tsx loader because Node's own type stripping cannot load the domain's TypeScript.
 * It does not hold the process open; if it dies, the jobs waiting on it fail and the next job starts a
 * new one.
 */
import { Worker } from 'node:worker_threads';
import type { LevelContext, LevelRequest, Proposal } from '../../domain/index.ts';
import type { LevelAnswer, LevelJob } from './level-worker.ts';

type Waiting = { resolve: (proposal: Proposal) => void; reject: (error: Error) => void };

let worker: Worker | null = null;
const waiting = new Map<number, Waiting>();
let nextId = 1;

function failAll(error: Error) {
  for (const w of waiting.values()) w.reject(error);
  waiting.clear();
}

function started(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./level-worker.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
  w.unref();
  w.on('message', (answer: LevelAnswer) => {
    const job = waiting.get(answer.id);
    if (!job) return;
    waiting.delete(answer.id);
    if ('error' in answer) job.reject(new Error(`levelling failed: ${answer.error}`));
    else job.resolve(answer.proposal);
  });
  w.on('error', (error: unknown) => {
    if (worker === w) worker = null;
    failAll(error instanceof Error ? error : new Error(String(error)));
  });
  w.on('exit', (code) => {
    if (worker === w) worker = null;
    failAll(new Error(`levelling worker stopped (exit code ${code})`));
  });
  worker = w;
  return w;
}

/** The proposal for a levelling request, computed off the request thread; jobs queue in the worker's message order. */
export function levelOffThread(context: LevelContext, request: LevelRequest, budget: { budgetMs: number; groupSeconds: number }): Promise<Proposal> {
  const id = nextId++;
  const job: LevelJob = { id, context, request, ...budget };
  return new Promise<Proposal>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    started().postMessage(job);
  });
}

/** Stops the worker (tests and shutdown); a later job starts a new one. */
export async function stopLevelThread(): Promise<void> {
  const w = worker;
  worker = null;
  if (w) await w.terminate();
}
