import { sql } from 'kysely';
import type { ImportJob, ImportKind } from '../../domain/import/index.ts';
import type { DbOrTrx } from '../db/connect.ts';

export type JobProgress = { done: number; created: number; updated: number; unchanged: number };

// A running import writes a batch every fraction of a second: one silent this long has stopped
// (its server was stopped or lost its database), though its row still says running.
const STALLED_AFTER_MS = 120_000;

export async function createJob(db: DbOrTrx, job: { id: string; kind: ImportKind; actorId: string; total: number; unchanged: number }) {
  await db.insertInto('import_jobs').values({ id: job.id, kind: job.kind, actor_id: job.actorId, state: 'running', total: job.total, unchanged: job.unchanged }).execute();
}

/** Adds a batch's counts, in that batch's transaction: what the job says is done is committed. */
export async function recordProgress(db: DbOrTrx, id: string, batch: JobProgress) {
  await db
    .updateTable('import_jobs')
    .set((eb) => ({
      done: eb('done', '+', batch.done),
      created: eb('created', '+', batch.created),
      updated: eb('updated', '+', batch.updated),
      unchanged: eb('unchanged', '+', batch.unchanged),
      updated_at: sql`now()`,
    }))
    .where('id', '=', id)
    .execute();
}

export async function finishJob(db: DbOrTrx, id: string, outcome: { state: 'done' | 'failed'; message?: string }) {
  await db
    .updateTable('import_jobs')
    .set({ state: outcome.state, message: outcome.message ?? null, updated_at: sql`now()`, finished_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function findJob(db: DbOrTrx, id: string, now = new Date()): Promise<ImportJob | undefined> {
  const row = await db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const stalled = row.state === 'running' && now.getTime() - row.updated_at.getTime() > STALLED_AFTER_MS;
  return {
    id: row.id,
    kind: row.kind as ImportKind,
    state: stalled ? 'failed' : row.state,
    done: row.done,
    total: row.total,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    ...(stalled
      ? { message: `Stopped after ${row.done} of ${row.total} rows (no progress for two minutes). Import the same file again to finish: rows already written are left unchanged.` }
      : row.message ? { message: row.message } : {}),
    startedAt: row.started_at.toISOString(),
    ...(row.finished_at ? { finishedAt: row.finished_at.toISOString() } : {}),
  };
}
