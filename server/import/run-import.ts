import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { DomainError, type EventMetadata } from '../../domain/index.ts';
import {
  planErrors, planImport, type ColumnMapping, type ImportJob, type ImportKind, type ImportPlan, type ImportPreview,
} from '../../domain/import/index.ts';
import type { Db, DbOrTrx } from '../db/connect.ts';
import { ConcurrencyError } from '../event-store/errors.ts';
import { HttpError } from '../http-error.ts';
import { applyPlan, type MadeInvite } from './apply.ts';
import { saveMapping, savedMapping } from './mappings.ts';
import { readCsv } from './csv-text.ts';
import { createJob, finishJob, findJob, recordProgress } from './jobs.ts';
import { loadImportSnapshot, type ImportContext } from './snapshot.ts';

/** Who imports and how they read the file's columns: `chosen` on the preview, else as they last did for the kind. */
export type ImportAs = ImportContext & { userId: string; chosen?: ColumnMapping };

/** The plan the file would carry out against the plan as it is now (lists read in one snapshot). */
async function planCsv<K extends ImportKind>(db: DbOrTrx, kind: K, records: string[][], as: ImportAs | undefined): Promise<ImportPlan<K>> {
  const [now, saved] = await db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only')
    .execute((trx) => Promise.all([loadImportSnapshot(trx, kind, as), as ? savedMapping(trx, as.userId, kind) : {}]));
  return planImport(kind, records, now, { chosen: as?.chosen, saved });
}

/** The preview: per row its line, action, key, changed fields (from old to new) and every error; a file that is not CSV is one file error. */
/** Without `as` (the command line): the columns are guessed from their names, nobody may invite, no team is named. */
export async function previewCsv(db: Db, kind: ImportKind, text: string, as?: ImportAs): Promise<ImportPreview> {
  const read = readCsv(text);
  if ('error' in read) return { kind, total: 0, counts: { create: 0, update: 0, unchanged: 0, error: 0 }, fileErrors: [read.error], fileWarnings: [], mapping: {}, rows: [] };
  const plan = await planCsv(db, kind, read.records, as);
  return {
    kind,
    total: plan.rows.length,
    counts: plan.counts,
    fileErrors: plan.fileErrors,
    fileWarnings: plan.fileWarnings,
    mapping: plan.mapping,
    rows: plan.rows.map(({ command: _command, diff = [], ...row }) => ({ ...row, diff })),
  };
}

const issuesOf = (plan: ImportPlan) =>
  planErrors(plan).map((e) => ({ line: e.line, path: e.column ? `line ${e.line}: ${e.column}` : `line ${e.line}`, message: e.message }));

/** A file with any error is refused whole, before anything is written. */
function refuseErrors(plan: ImportPlan) {
  const issues = issuesOf(plan);
  if (issues.length === 0) return;
  const errorRows = plan.counts.error;
  const what = plan.fileErrors.length > 0 ? 'the file has errors' : `${errorRows} row${errorRows === 1 ? ' has' : 's have'} errors`;
  const first = issues[0]!;
  throw new HttpError(400, `Nothing was imported: ${what} (first, line ${first.line}: ${first.message})`, 'IMPORT_HAS_ERRORS', { issues, counts: plan.counts });
}

// One import at a time, whatever the kind: two imports of one file at once would each plan the same
// creations, and an import of assignments plans against the engineers and projects another may be adding.
const LOCK = sql`hashtextextended('csv-import', 0)`;

const failureReason = (error: unknown) =>
  error instanceof DomainError || error instanceof HttpError ? error.message
    : error instanceof ConcurrencyError ? 'a row was changed by someone else during the import'
      : 'the database refused a batch';

export type StartedImport = { job: ImportJob; finished: Promise<ImportJob> };

/**
 * Starts importing a CSV file: reads and plans it, refuses it whole if any row has an error (400,
 * nothing written), else records a job and answers with it while the batches run. `finished`
 * settles when the last batch has committed (or the import failed: the job then says after how many
 * rows, and importing the same file again finishes it, since rows already written are unchanged).
 */
export function startImport(
  db: Db,
  request: {
    kind: ImportKind; text: string; metadata: Omit<EventMetadata, 'commandId'>; as?: ImportAs;
    onProgress?: (job: ImportJob) => void;
    /** A batch's invitations (the file's `invite` column), once it has committed: to be mailed. */
    onInvited?: (invites: MadeInvite[]) => void;
  },
): Promise<StartedImport> {
  const read = readCsv(request.text);
  if ('error' in read) {
    return Promise.reject(new HttpError(400, read.error.message, 'CSV_UNREADABLE', { issues: [{ path: `line ${read.error.line}`, message: read.error.message }] }));
  }
  return new Promise<StartedImport>((started, refused) => {
    // The lock is a session lock, held on one connection for the whole import; the batches run on others.
    const finished = db.connection().execute(async (connection) => {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${LOCK}) as locked`.execute(connection);
      if (!rows[0]!.locked) throw new HttpError(409, 'Another import is running: try again when it has finished', 'IMPORT_RUNNING');
      let job: ImportJob;
      let failure: { error: unknown } | undefined;
      try {
        const plan = await planCsv(connection, request.kind, read.records, request.as);
        refuseErrors(plan);
        // The next file of this kind is read the same way, whichever tool it came from.
        if (request.as) await saveMapping(connection, request.as.userId, request.kind, plan.mapping);
        const id = uuidv7();
        const total = plan.rows.filter((row) => row.command).length;
        await createJob(connection, { id, kind: request.kind, actorId: request.metadata.actorId, total, unchanged: plan.counts.unchanged });
        job = (await findJob(connection, id))!;
        started({ job, finished });
        try {
          await applyPlan((work) => db.transaction().execute(work), plan, {
            metadata: { ...request.metadata, commandId: id },
            record: (trx, batch) => recordProgress(trx, id, batch),
            onProgress: (totals) => request.onProgress?.({ ...job, ...totals }),
            teams: request.as?.teams,
            onInvited: request.onInvited,
          });
        } catch (error) {
          failure = { error };
        }
      } finally {
        await sql`select pg_advisory_unlock(${LOCK})`.execute(connection);
      }
      // The job says it has ended only once the lock is free, so whoever sees "done" can import again at once.
      if (!failure) {
        await finishJob(connection, job.id, { state: 'done' });
        return (await findJob(connection, job.id))!;
      }
      const stopped = await findJob(connection, job.id);
      await finishJob(connection, job.id, {
        state: 'failed',
        message: `Stopped after ${stopped?.done ?? 0} of ${job.total} rows: ${failureReason(failure.error)}. The rows written stay; import the same file again to finish (they are left unchanged).`,
      });
      throw failure.error;
    });
    finished.catch(refused);
  });
}
