import { assign, fromPromise, setup } from 'xstate';
import type { InviteJob } from '../../../domain/accounts/inputs.ts';
import type { Role } from '../../../domain/entities.ts';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { chosenOf, keptOf } from '../../machines/rowSelection.ts';

/**
 * People & access's invitations in bulk: the people without an account chosen (of any number: "select
 * all" takes every one the search matches), a confirm step naming how many, then the server's job
 * followed until it ends: how many invitations are made and how many e-mails sent, of how many, and
 * what failed.
 *
 *   idle -CHOOSE-> confirming -CONFIRM-> starting -> following (asks for the job every POLL_MS)
 *   starting -> confirming with the reason (409: the e-mails that have an account already, listed)
 *   following -> finished once the job has ended and its mails are out (or MAIL_WAITS asks later)
 *   finished -CLOSE-> idle (the selection cleared); confirming -CANCEL-> idle (kept)
 */

export type Invitee = { email: string; name: string; role: Role };

export type BulkInviteContext = {
  selected: string[];
  invitees: Invitee[];
  job: InviteJob | null;
  /** Asks since the job ended with mails still going out. */
  mailWaits: number;
  error: string | null;
  /** What went wrong, one line each: e-mails with an account already, a stopped job, mails not sent. */
  failures: string[];
};

export type BulkInviteEvent =
  | { type: 'SELECT'; ids: string[] }
  | { type: 'SELECT_ALL'; ids: string[] }
  | { type: 'KEEP_ONLY'; ids: string[] }
  | { type: 'CLEAR' }
  | { type: 'CHOOSE'; invitees: Invitee[] }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'CLOSE' };

export const POLL_MS = 500;
/** How long (in asks: 30 s) the dialog waits for the last mails after the invitations are made. */
export const MAIL_WAITS = 60;

/** The job's figures, said plainly: "12 of 40 invitations made · 10 e-mails sent". */
export function progressText(job: InviteJob): string {
  const made = `${job.done} of ${job.total} invitation${job.total === 1 ? '' : 's'} made`;
  return job.mailed === undefined ? made : `${made} · ${job.mailed} of ${job.total} e-mail${job.total === 1 ? '' : 's'} sent`;
}

/** What failed, once the job has ended. */
export function failuresOf(job: InviteJob): string[] {
  const failures: string[] = [];
  if (job.state === 'failed') failures.push(job.message ?? `Stopped after ${job.done} of ${job.total} invitations`);
  if (job.mailed !== undefined && job.mailed < job.done) {
    const missing = job.done - job.mailed;
    failures.push(`${missing} e-mail${missing === 1 ? ' was' : 's were'} not sent: pass ${missing === 1 ? 'its link' : 'their links'} on by hand`);
  }
  return failures;
}

const mailsOut = (job: InviteJob) => job.mailed === undefined || job.mailed >= job.done;

export const bulkInviteMachine = setup({
  types: {
    context: {} as BulkInviteContext,
    events: {} as BulkInviteEvent,
  },
  actors: {
    /** POST /api/accounts/invites/bulk; the screen provides it. */
    start: fromPromise<InviteJob, Invitee[]>(async () => {
      throw new Error('The start actor was not provided');
    }),
    /** GET /api/accounts/invites/jobs/:id; the screen provides it. */
    progress: fromPromise<InviteJob, string>(async () => {
      throw new Error('The progress actor was not provided');
    }),
  },
  delays: { poll: POLL_MS },
  guards: {
    chosen: ({ event }) => event.type === 'CHOOSE' && event.invitees.length > 0,
    ended: ({ event }) => {
      const job = (event as unknown as { output: InviteJob }).output;
      return job.state !== 'running' && mailsOut(job);
    },
    endedWaitedLongEnough: ({ context, event }) => {
      const job = (event as unknown as { output: InviteJob }).output;
      return job.state !== 'running' && context.mailWaits >= MAIL_WAITS;
    },
  },
  actions: {
    select: assign(({ event }) => (event.type === 'SELECT' || event.type === 'SELECT_ALL' ? { selected: chosenOf(event.ids) } : {})),
    keepOnly: assign(({ context, event }) => {
      if (event.type !== 'KEEP_ONLY') return {};
      const kept = keptOf(context.selected, event.ids);
      return kept === context.selected ? {} : { selected: [...kept] };
    }),
    clear: assign({ selected: [] }),
    choose: assign(({ event }) => (event.type === 'CHOOSE' ? { invitees: event.invitees, error: null, failures: [], job: null, mailWaits: 0 } : {})),
    refused: assign(({ event }) => {
      const error = (event as { error?: unknown }).error;
      const body = error instanceof ApiError && typeof error.body === 'object' && error.body !== null ? (error.body as { emails?: unknown }) : {};
      const emails = Array.isArray(body.emails) ? body.emails.map(String) : [];
      return { error: errorMessage(error), failures: emails.map((email) => `${email} has an account already`) };
    }),
    keepJob: assign(({ context, event }) => {
      const job = (event as unknown as { output: InviteJob }).output;
      return { job, mailWaits: job.state === 'running' ? 0 : context.mailWaits + 1 };
    }),
    sayFailures: assign(({ context }) => ({ failures: context.job ? failuresOf(context.job) : [] })),
    lostTrack: assign(({ event }) => ({ error: `The progress could not be read: ${errorMessage((event as { error?: unknown }).error)}. The invitations go on; reload the list to see them.` })),
    close: assign({ invitees: [], job: null, error: null, failures: [], mailWaits: 0 }),
  },
}).createMachine({
  id: 'bulkInvite',
  context: { selected: [], invitees: [], job: null, mailWaits: 0, error: null, failures: [] },
  initial: 'idle',
  states: {
    idle: {
      on: {
        SELECT: { actions: 'select' },
        SELECT_ALL: { actions: 'select' },
        KEEP_ONLY: { actions: 'keepOnly' },
        CLEAR: { actions: 'clear' },
        CHOOSE: { guard: 'chosen', target: 'confirming', actions: 'choose' },
      },
    },
    confirming: {
      on: {
        CONFIRM: 'starting',
        CANCEL: { target: 'idle', actions: 'close' },
      },
    },
    starting: {
      invoke: {
        src: 'start',
        input: ({ context }) => context.invitees,
        onDone: { target: 'following', actions: 'keepJob' },
        onError: { target: 'confirming', actions: 'refused' },
      },
    },
    following: {
      initial: 'waiting',
      states: {
        waiting: { after: { poll: 'asking' } },
        asking: {
          invoke: {
            src: 'progress',
            input: ({ context }) => context.job!.id,
            onDone: [
              { guard: 'ended', target: '#bulkInvite.finished', actions: 'keepJob' },
              { guard: 'endedWaitedLongEnough', target: '#bulkInvite.finished', actions: 'keepJob' },
              { target: 'waiting', actions: 'keepJob' },
            ],
            onError: { target: '#bulkInvite.finished', actions: 'lostTrack' },
          },
        },
      },
    },
    finished: {
      entry: 'sayFailures',
      on: { CLOSE: { target: 'idle', actions: ['close', 'clear'] } },
    },
  },
});
