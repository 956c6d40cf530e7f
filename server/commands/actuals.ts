import {
  decideOnOneStream, readerOf, type EngineerEvent, type EngineerRecord, type EventMetadata, type PlanningCommand, type Project, type RecordActualsInput,
} from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { executeCommands } from './execute.ts';
import { handleCommand } from './handle.ts';
import { engineerStream } from './streams.ts';

/**
 * The write side of actuals (design section 13), through the one command table: one week through the
 * single handler, and the many-stream writes (a week locked for everyone, an import) through the batch
 * runner, all in the caller's transaction so that "for everyone" is all or nothing.
 */

const actorOf = (metadata: EventMetadata) => ({ id: metadata.actorId, role: metadata.actorRole });

export async function recordActuals(
  trx: DbOrTrx, engineerId: string, week: string, input: RecordActualsInput, metadata: EventMetadata, expectedVersion?: number,
) {
  const [written] = await handleCommand(trx, { kind: 'recordActuals', engineerId, week, input }, metadata, expectedVersion);
  return { state: written!.state as EngineerRecord, version: written!.version };
}

/** Runs engineer-stream commands of the actuals in one batch: each decided on its stream as the earlier ones left it. */
async function onEngineerStreams(
  trx: DbOrTrx,
  commands: readonly (PlanningCommand & { engineerId: string })[],
  metadata: EventMetadata,
  projects: ReadonlyMap<string, Project | null> = new Map(),
) {
  // One reader for the batch (a batch decides hundreds of commands): it knows the stream being decided, alone.
  const deciding = new Map<string, EngineerRecord | null>();
  const context = { read: readerOf({ engineerRecord: deciding, projects }), actor: actorOf(metadata) };
  return executeCommands(trx, engineerStream, commands.map((command) => ({
    id: command.engineerId,
    decide: (state: EngineerRecord | null) => {
      deciding.clear();
      deciding.set(command.engineerId, state);
      return decideOnOneStream<EngineerEvent>(command, context);
    },
  })), metadata);
}

const everyEngineer = async (trx: DbOrTrx) => (await trx.selectFrom('engineers').select('id').orderBy('id').execute()).map((r) => r.id);

/** One ActualsWeekLocked on every engineer's stream whose week is still open, in one transaction. */
export async function lockWeekForEveryone(trx: DbOrTrx, week: string, metadata: EventMetadata) {
  const ids = await everyEngineer(trx);
  return onEngineerStreams(trx, ids.map((engineerId) => ({ kind: 'lockActualsWeek' as const, engineerId, week })), metadata);
}

export async function unlockWeekForEveryone(trx: DbOrTrx, week: string, reason: string, metadata: EventMetadata) {
  const ids = await everyEngineer(trx);
  return onEngineerStreams(trx, ids.map((engineerId) => ({ kind: 'unlockActualsWeek' as const, engineerId, week, reason })), metadata);
}

/** Many weeks at once (an import of a time tracker's export): the projects they name are read once. */
export async function recordManyActuals(
  trx: DbOrTrx, weeks: readonly { engineerId: string; week: string; input: RecordActualsInput }[], metadata: EventMetadata,
) {
  const ids = [...new Set(weeks.flatMap((w) => w.input.entries.map((e) => e.projectId)))];
  const rows = ids.length === 0 ? [] : await trx.selectFrom('projects').select('doc').where('id', 'in', ids).execute();
  const projects = new Map(rows.map((r) => [r.doc._id, r.doc]));
  return onEngineerStreams(trx, weeks.map(({ engineerId, week, input }) => ({ kind: 'recordActuals' as const, engineerId, week, input })), metadata, projects);
}
