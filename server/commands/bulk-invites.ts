import { v7 as uuidv7 } from 'uuid';
import { accountMessages as M, DomainError, type BulkInviteInput, type EventMetadata, type InviteJob } from '../../domain/index.ts';
import type { Db } from '../db/connect.ts';
import { createJob, finishJob, findJob, recordProgress } from '../import/jobs.ts';
import { HttpError } from '../http-error.ts';
import { inviteAccounts } from './accounts.ts';

/** Invitations made per transaction: readers see them arrive batch by batch, and a failure keeps those before. */
const BATCH = 100;

export type MadeInvitation = { email: string; name: string; token: string };

/** What this instance knows of a job beyond its row: who started it, the links made, the mails sent. */
type Running = { actorId: string; invites: MadeInvitation[]; mailed: number };
const running = new Map<string, Running>();
// The links are kept in memory only (never in the database), for a while after the job ends.
const KEEP_MS = 60 * 60 * 1000;

/**
 * Many invitations as one job (People & access, an organisation moving in): refused whole before any
 * is made when an e-mail has an account already (409, naming it); otherwise 202 with the job, whose
 * batches each make their invitations in one transaction and hand them to `deliver` (the mail) once
 * committed. The admin's links stay with the job on this instance, to pass on by hand.
 */
export async function startBulkInvites(
  db: Db,
  input: BulkInviteInput,
  metadata: Omit<EventMetadata, 'commandId'>,
  deliver: (invites: MadeInvitation[], counted: (sent: number) => void) => void,
): Promise<{ job: InviteJob; finished: Promise<void> }> {
  const emails = input.invites.map((i) => i.email);
  const taken = await db.selectFrom('users').select('email').where('email', 'in', emails).execute();
  if (taken.length > 0) throw new HttpError(409, `${M.emailTaken}: ${taken.map((t) => t.email).sort()[0]}${taken.length > 1 ? ` and ${taken.length - 1} more` : ''}`, 'CONFLICT', { emails: taken.map((t) => t.email).sort() });
  const id = uuidv7();
  await createJob(db, { id, kind: 'invites' as never, actorId: metadata.actorId, total: input.invites.length, unchanged: 0 });
  const state: Running = { actorId: metadata.actorId, invites: [], mailed: 0 };
  running.set(id, state);
  const finished = (async () => {
    try {
      for (let at = 0; at < input.invites.length; at += BATCH) {
        const batch = input.invites.slice(at, at + BATCH);
        const made = await db.transaction().execute(async (trx) => {
          const invited = await inviteAccounts(trx, batch.map((invite) => ({ ...invite, admin: false })), { ...metadata, commandId: id });
          await recordProgress(trx, id, { done: batch.length, created: batch.length, updated: 0, unchanged: 0 });
          return invited.map(({ account, token }) => ({ email: account.email, name: account.name, token }));
        });
        state.invites.push(...made);
        deliver(made, (sent) => {
          state.mailed += sent;
        });
      }
      await finishJob(db, id, { state: 'done' });
    } catch (error) {
      const done = state.invites.length;
      const reason = error instanceof DomainError || error instanceof HttpError ? error.message : 'the database refused a batch';
      await finishJob(db, id, { state: 'failed', message: `Stopped after ${done} of ${input.invites.length} invitations: ${reason}. Those made stay; invite the others again.` });
      throw error;
    } finally {
      setTimeout(() => running.delete(id), KEEP_MS).unref();
    }
  })();
  return { job: (await findInviteJob(db, id, metadata.actorId, () => ''))!, finished };
}

/** A job's progress; its links only for the admin who started it, from the instance that runs it. */
export async function findInviteJob(db: Db, id: string, viewerId: string, urlOf: (token: string) => string): Promise<InviteJob | undefined> {
  const job = await findJob(db, id);
  if (!job || (job.kind as string) !== 'invites') return undefined;
  const here = running.get(id);
  const { kind: _kind, created: _c, updated: _u, unchanged: _n, ...progress } = job;
  return {
    ...progress,
    ...(here ? { mailed: here.mailed } : {}),
    ...(here && here.actorId === viewerId ? { invites: here.invites.map((i) => ({ email: i.email, inviteUrl: urlOf(i.token) })) } : {}),
  };
}
