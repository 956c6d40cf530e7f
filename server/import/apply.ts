import type { EventMetadata } from '../../domain/index.ts';
import type { ImportCommandOf, ImportKind, ImportPlan } from '../../domain/import/index.ts';
import {
  createAssignments, createProjects, registerEngineers, updateAssignments, updateEngineers, updateProjects,
} from '../commands/bulk-planning.ts';
import type { CommandResult } from '../commands/execute.ts';
import type { DbOrTrx } from '../db/connect.ts';
import type { JobProgress } from './jobs.ts';

export const BATCH_SIZE = 500;

type Batch<K extends ImportKind> = readonly ImportCommandOf[K][];
type Results = { created: CommandResult<unknown>[]; updated: CommandResult<unknown>[] };

const ofType = <C extends { type: string }, T extends C['type']>(commands: readonly C[], type: T) =>
  commands.filter((c): c is Extract<C, { type: T }> => c.type === type);

/** One batch of one kind's commands through the bulk use cases: creates first, then updates (never the same entity). */
async function runBatch<K extends ImportKind>(trx: DbOrTrx, kind: K, batch: Batch<K>, metadata: EventMetadata, passwordHash: string): Promise<Results> {
  if (kind === 'engineers') {
    const commands = batch as Batch<'engineers'>;
    return {
      created: await registerEngineers(trx, ofType(commands, 'register').map((c) => c.input), metadata, passwordHash),
      updated: await updateEngineers(trx, ofType(commands, 'update'), metadata),
    };
  }
  if (kind === 'projects') {
    const commands = batch as Batch<'projects'>;
    return {
      created: await createProjects(trx, ofType(commands, 'create').map((c) => c.input), metadata),
      updated: await updateProjects(trx, ofType(commands, 'update'), metadata),
    };
  }
  const commands = batch as Batch<'assignments'>;
  return {
    created: await createAssignments(trx, ofType(commands, 'create').map((c) => c.input), metadata),
    updated: await updateAssignments(trx, ofType(commands, 'update'), metadata),
  };
}

/** Two batches in flight: while PostgreSQL writes one, the next one is decided and hashed. */
export const BATCHES_IN_FLIGHT = 2;

/**
 * Runs a plan's commands, `BATCH_SIZE` rows per transaction, so readers (the live feed, history) see
 * the import arrive batch by batch instead of waiting behind one long transaction. Batches never share
 * an entity (a row creates a new one or updates its own), so two can run at once. `record` runs in
 * each batch's transaction with what that batch did, so a progress record commits with its rows.
 * An update that finds nothing left to change (someone made the same change meanwhile) counts as
 * unchanged. After a batch fails no new one starts; the error is thrown once those running have ended.
 */
export async function applyPlan<K extends ImportKind>(
  run: <T>(work: (trx: DbOrTrx) => Promise<T>) => Promise<T>,
  plan: ImportPlan<K>,
  options: {
    metadata: EventMetadata;
    passwordHash: string;
    record: (trx: DbOrTrx, batch: JobProgress) => Promise<void>;
    onProgress?: (totals: JobProgress) => void;
  },
): Promise<JobProgress> {
  const commands = plan.rows.flatMap((row) => (row.command ? [row.command] : []));
  const batches = Array.from({ length: Math.ceil(commands.length / BATCH_SIZE) }, (_, i) => commands.slice(i * BATCH_SIZE, (i + 1) * BATCH_SIZE));
  const totals: JobProgress = { done: 0, created: 0, updated: 0, unchanged: plan.counts.unchanged };
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < batches.length) {
      const batch = batches[next++]!;
      try {
        const counted = await run(async (trx) => {
          const results = await runBatch(trx, plan.kind, batch, options.metadata, options.passwordHash);
          const updated = results.updated.filter((r) => r.events.length > 0).length;
          const done = { done: batch.length, created: results.created.length, updated, unchanged: results.updated.length - updated };
          await options.record(trx, done);
          return done;
        });
        for (const key of Object.keys(totals) as (keyof JobProgress)[]) totals[key] += counted[key];
        options.onProgress?.({ ...totals });
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const outcomes = await Promise.allSettled(Array.from({ length: BATCHES_IN_FLIGHT }, worker));
  const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failure) throw failure.reason;
  return totals;
}
