import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { ImportJob, ImportKind, ImportPreview } from '../../domain/import/index.ts';
import { errorMessage } from '../lib/api.ts';

/**
 * Importing a CSV file (one kind of list per file):
 *
 *   idle -CHOOSE-> previewing -> previewed (per row: create / update / unchanged / error)
 *                             -> failed (the preview itself was refused)
 *   previewed -IMPORT-> starting -> importing (a job: PROGRESS until it ends) -> done | failed
 *             (only when no row has an error and something would change: the server refuses the rest anyway)
 *   CHOOSE (another file) or KIND (another kind) previews again from any state but starting and importing;
 *   RESET forgets the file.
 */

export type ImportFile = { name: string; text: string };

export type ImportFlowContext = {
  kind: ImportKind;
  file: ImportFile | null;
  preview: ImportPreview | null;
  job: ImportJob | null;
  error: string | null;
};

export type ImportFlowEvent =
  | { type: 'CHOOSE'; file: ImportFile }
  | { type: 'KIND'; kind: ImportKind }
  | { type: 'IMPORT' }
  | { type: 'RESET' }
  | { type: 'PROGRESS'; job: ImportJob };

/** Rows an import would write; none means there is nothing to import. */
export const rowsToWrite = (preview: ImportPreview | null) => (preview ? preview.counts.create + preview.counts.update : 0);

export const canImport = (preview: ImportPreview | null) =>
  preview !== null && preview.fileErrors.length === 0 && preview.counts.error === 0 && rowsToWrite(preview) > 0;

const POLL_MS = 400;

/** Asks for the job's progress until it has ended, sending PROGRESS each time; `load` reads a job. */
export const followJob = (load: (id: string) => Promise<ImportJob>, pollMs = POLL_MS) =>
  fromCallback<ImportFlowEvent, { id: string }>(({ input, sendBack }) => {
    let stopped = false;
    const tick = async () => {
      while (!stopped) {
        await new Promise((resolve) => setTimeout(resolve, pollMs));
        if (stopped) return;
        try {
          const job = await load(input.id);
          if (!stopped) sendBack({ type: 'PROGRESS', job });
          if (job.state !== 'running') return;
        } catch {
          // A lost answer is asked again on the next tick: the import goes on on the server regardless.
        }
      }
    };
    void tick();
    return () => {
      stopped = true;
    };
  });

export const importFlowMachine = setup({
  types: {
    context: {} as ImportFlowContext,
    events: {} as ImportFlowEvent,
  },
  actors: {
    preview: fromPromise<ImportPreview, { kind: ImportKind; text: string }>(async () => {
      throw new Error('The preview actor was not provided');
    }),
    start: fromPromise<ImportJob, { kind: ImportKind; text: string }>(async () => {
      throw new Error('The start actor was not provided');
    }),
    follow: followJob(async () => {
      throw new Error('The follow actor was not provided');
    }),
  },
  guards: {
    hasFile: ({ context }) => context.file !== null,
    importable: ({ context }) => canImport(context.preview),
    ended: ({ event }) => event.type === 'PROGRESS' && event.job.state !== 'running',
    jobFailed: ({ context }) => context.job?.state === 'failed',
  },
  actions: {
    chooseFile: assign(({ event }) => (event.type === 'CHOOSE' ? { file: event.file, preview: null, job: null, error: null } : {})),
    chooseKind: assign(({ event }) => (event.type === 'KIND' ? { kind: event.kind, preview: null, job: null, error: null } : {})),
    keepJob: assign(({ event }) => (event.type === 'PROGRESS' ? { job: event.job } : {})),
    reset: assign({ file: null, preview: null, job: null, error: null }),
  },
}).createMachine({
  id: 'importFlow',
  context: { kind: 'engineers', file: null, preview: null, job: null, error: null },
  initial: 'idle',
  on: {
    CHOOSE: { target: '.previewing', actions: 'chooseFile' },
    KIND: [
      { guard: 'hasFile', target: '.previewing', actions: 'chooseKind' },
      { target: '.idle', actions: 'chooseKind' },
    ],
    RESET: { target: '.idle', actions: 'reset' },
  },
  states: {
    idle: {},
    previewing: {
      invoke: {
        src: 'preview',
        input: ({ context }) => ({ kind: context.kind, text: context.file!.text }),
        onDone: { target: 'previewed', actions: assign({ preview: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    previewed: {
      on: { IMPORT: { guard: 'importable', target: 'starting' } },
    },
    starting: {
      on: { CHOOSE: {}, KIND: {}, RESET: {} },
      invoke: {
        src: 'start',
        input: ({ context }) => ({ kind: context.kind, text: context.file!.text }),
        onDone: { target: 'importing', actions: assign({ job: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    importing: {
      on: {
        CHOOSE: {},
        KIND: {},
        RESET: {},
        PROGRESS: [
          { guard: 'ended', target: 'finished', actions: 'keepJob' },
          { actions: 'keepJob' },
        ],
      },
      invoke: { src: 'follow', input: ({ context }) => ({ id: context.job!.id }) },
    },
    finished: {
      always: [
        { guard: 'jobFailed', target: 'failed', actions: assign({ error: ({ context }) => context.job?.message ?? 'The import stopped' }) },
        { target: 'done' },
      ],
    },
    done: {},
    failed: {},
  },
});
