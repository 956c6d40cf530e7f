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

/**
 * Runs a plan's commands, `BATCH_SIZE` rows per transaction, so readers (the live feed, history) see
 * the import arrive batch by batch instead of waiting behind one long transaction. `inBatch` runs in
 * each batch's transaction with the progress so far, so a progress record commits with its rows.
 * An update that finds nothing left to change (someone made the same change meanwhile) counts as unchanged.
 */
export async function applyPlan<K extends ImportKind>(
  run: <T>(work: (trx: DbOrTrx) => Promise<T>) => Promise<T>,
  plan: ImportPlan<K>,
  options: { metadata: EventMetadata; passwordHash: string; inBatch: (trx: DbOrTrx, progress: JobProgress) => Promise<void> },
): Promise<JobProgress> {
  const commands = plan.rows.flatMap((row) => (row.command ? [row.command] : []));
  const progress: JobProgress = { done: 0, created: 0, updated: 0, unchanged: plan.counts.unchanged };
  for (let start = 0; start < commands.length; start += BATCH_SIZE) {
    const batch = commands.slice(start, start + BATCH_SIZE);
    await run(async (trx) => {
      const results = await runBatch(trx, plan.kind, batch, options.metadata, options.passwordHash);
      const updated = results.updated.filter((r) => r.events.length > 0).length;
      const next = {
        done: progress.done + batch.length,
        created: progress.created + results.created.length,
        updated: progress.updated + updated,
        unchanged: progress.unchanged + results.updated.length - updated,
      };
      await options.inBatch(trx, next);
      Object.assign(progress, next);
    });
  }
  return progress;
}
