import type { EventMetadata } from '../../domain/index.ts';
import type { ImportCommandOf, ImportKind, ImportPlan } from '../../domain/import/index.ts';
import {
  createAssignments, createProjects, registerEngineers, updateAssignments, updateEngineers, updateProjects,
} from '../commands/bulk-planning.ts';
import { addHolidays, bookTimeOffs } from '../commands/bulk-capacity-facts.ts';
import { recordManyActuals } from '../commands/actuals.ts';
import type { CommandResult } from '../commands/execute.ts';
import type { DbOrTrx } from '../db/connect.ts';
import type { JobProgress } from './jobs.ts';

export const BATCH_SIZE = 500;

type Batch<K extends ImportKind> = readonly ImportCommandOf[K][];
type Counts = { created: number; updated: number; unchanged: number };
type Runner<K extends ImportKind> = (trx: DbOrTrx, batch: Batch<K>, metadata: EventMetadata) => Promise<Counts>;

const ofType = <C extends { type: string }, T extends C['type']>(commands: readonly C[], type: T) =>
  commands.filter((c): c is Extract<C, { type: T }> => c.type === type);

/** Creations, and updates of which those that found nothing left to change (someone made it meanwhile) count as unchanged. */
const counted = (created: readonly unknown[], updated: readonly CommandResult<unknown>[]): Counts => {
  const changed = updated.filter((r) => r.events.length > 0).length;
  return { created: created.length, updated: changed, unchanged: updated.length - changed };
};

/** One batch of each kind's commands through the bulk use cases: creates first, then updates (never of the same entity). */
const runners: { [K in ImportKind]: Runner<K> } = {
  engineers: async (trx, batch, metadata) => counted(
    await registerEngineers(trx, ofType(batch, 'register').map((c) => c.input), metadata),
    await updateEngineers(trx, ofType(batch, 'update'), metadata),
  ),
  projects: async (trx, batch, metadata) => counted(
    await createProjects(trx, ofType(batch, 'create').map((c) => c.input), metadata),
    await updateProjects(trx, ofType(batch, 'update'), metadata),
  ),
  assignments: async (trx, batch, metadata) => counted(
    await createAssignments(trx, ofType(batch, 'create').map((c) => c.input), metadata),
    await updateAssignments(trx, ofType(batch, 'update'), metadata),
  ),
  // A rebooking and a renaming always append (a cancel, then a booking), so each counts as updated.
  'time-off': async (trx, batch, metadata) => {
    await bookTimeOffs(trx, batch.map((c) => ({ engineerId: c.engineerId, input: c.input, replaces: c.type === 'rebook' ? c.timeOffId : undefined })), metadata);
    return { created: ofType(batch, 'book').length, updated: ofType(batch, 'rebook').length, unchanged: 0 };
  },
  actuals: async (trx, batch, metadata) => {
    const results = await recordManyActuals(trx, batch, metadata);
    const changed = results.filter((r) => r.events.length > 0);
    // A week recorded for the first time carries no `previous` entries.
    const created = changed.filter((r) => r.events.some((e) => e.type === 'ActualsRecorded' && e.data.previous === undefined)).length;
    return { created, updated: changed.length - created, unchanged: results.length - changed.length };
  },
  holidays: async (trx, batch, metadata) => {
    await addHolidays(trx, batch.map((c) => ({ input: c.input, replaces: c.type === 'rename' ? c.holidayId : undefined })), metadata);
    return { created: ofType(batch, 'add').length, updated: ofType(batch, 'rename').length, unchanged: 0 };
  },
};

/**
 * Two batches in flight: while PostgreSQL writes one, the next one is decided and hashed. Only where
 * no two batches share a stream: several bookings of one engineer live on that engineer's stream, and
 * every holiday on the calendar's, so two batches at once would refuse each other's append. An
 * engineer's weeks of actuals share their stream too, but are kept in one batch (`streamKeys`).
 */
const batchesInFlight: Record<ImportKind, number> = { engineers: 2, projects: 2, assignments: 2, 'time-off': 1, holidays: 1, actuals: 2 };

/** The stream each command writes, for the kinds whose batches keep every stream's commands together. */
const streamKeys: { [K in ImportKind]?: (command: ImportCommandOf[K]) => string } = {
  actuals: (command) => command.engineerId,
};

/**
 * The commands cut into batches of `BATCH_SIZE`. With `streamOf`, a stream's commands all go into one
 * batch, in their order, so no two batches write one stream: streams are taken in the order they
 * first appear and a batch closes before a stream that would take it past `BATCH_SIZE` (a stream with
 * more commands than that makes one larger batch of its own).
 */
export function batchesOf<C>(commands: readonly C[], streamOf?: (command: C) => string): C[][] {
  if (!streamOf) return Array.from({ length: Math.ceil(commands.length / BATCH_SIZE) }, (_, i) => commands.slice(i * BATCH_SIZE, (i + 1) * BATCH_SIZE));
  const byStream = new Map<string, C[]>();
  for (const command of commands) {
    const key = streamOf(command);
    const group = byStream.get(key);
    if (group) group.push(command);
    else byStream.set(key, [command]);
  }
  const batches: C[][] = [];
  let batch: C[] = [];
  for (const group of byStream.values()) {
    if (batch.length > 0 && batch.length + group.length > BATCH_SIZE) {
      batches.push(batch);
      batch = [];
    }
    batch.push(...group);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * Runs a plan's commands in batches (`batchesOf`), one transaction each, so readers (the live feed,
 * history) see the import arrive batch by batch instead of waiting behind one long transaction. `record` runs in
 * each batch's transaction with what that batch did, so a progress record commits with its rows.
 * After a batch fails no new one starts; the error is thrown once those running have ended.
 */
export async function applyPlan<K extends ImportKind>(
  run: <T>(work: (trx: DbOrTrx) => Promise<T>) => Promise<T>,
  plan: ImportPlan<K>,
  options: {
    metadata: EventMetadata;
    record: (trx: DbOrTrx, batch: JobProgress) => Promise<void>;
    onProgress?: (totals: JobProgress) => void;
  },
): Promise<JobProgress> {
  const commands = plan.rows.flatMap((row) => (row.command ? [row.command] : []));
  const batches = batchesOf(commands, streamKeys[plan.kind] as ((command: ImportCommandOf[K]) => string) | undefined);
  const totals: JobProgress = { done: 0, created: 0, updated: 0, unchanged: plan.counts.unchanged };
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < batches.length) {
      const batch = batches[next++]!;
      try {
        const done = await run(async (trx) => {
          const counts = await (runners[plan.kind] as Runner<K>)(trx, batch, options.metadata);
          const progress = { done: batch.length, ...counts };
          await options.record(trx, progress);
          return progress;
        });
        for (const key of Object.keys(totals) as (keyof JobProgress)[]) totals[key] += done[key];
        options.onProgress?.({ ...totals });
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const outcomes = await Promise.allSettled(Array.from({ length: batchesInFlight[plan.kind] }, worker));
  const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failure) throw failure.reason;
  return totals;
}
