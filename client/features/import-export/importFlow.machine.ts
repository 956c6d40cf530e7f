import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { ColumnMapping, ImportJob, ImportKind, ImportPreview } from '../../../domain/import/index.ts';
import { errorMessage } from '../../lib/api.ts';

/**
 * Importing a CSV file (one kind of list per file):
 *
 *   idle -CHOOSE-> previewing -> previewed (per row: create / update / unchanged / error)
 *                             -> failed (the preview itself was refused)
 *   previewed -IMPORT-> starting -> importing (a job: PROGRESS until it ends) -> done | failed
 *             (only when no row has an error and something would change: the server refuses the rest anyway)
 *   CHOOSE (another file) or KIND (another kind) previews again from any state but starting and importing;
 *   MAP (a file column read as another of ours, or not at all) previews again with that mapping;
 *   RESET forgets the file.
 */

export type ImportFile = { name: string; text: string };

export type ImportFlowContext = {
  kind: ImportKind;
  file: ImportFile | null;
  preview: ImportPreview | null;
  job: ImportJob | null;
  error: string | null;
  /** The columns as the person chose them on the preview; null: as the server reads them (last time's, else guessed). */
  mapping: ColumnMapping | null;
};

/** What the preview and the import send: the kind, the file and, once chosen, the mapping. */
export type ImportRequest = { kind: ImportKind; text: string; mapping?: ColumnMapping };

export type ImportFlowEvent =
  | { type: 'CHOOSE'; file: ImportFile }
  | { type: 'KIND'; kind: ImportKind }
  | { type: 'IMPORT' }
  | { type: 'RESET' }
  | { type: 'PROGRESS'; job: ImportJob }
  | { type: 'MAP'; column: string; field: string | null };

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
    preview: fromPromise<ImportPreview, ImportRequest>(async () => {
      throw new Error('The preview actor was not provided');
    }),
    start: fromPromise<ImportJob, ImportRequest>(async () => {
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
    chooseFile: assign(({ event }) => (event.type === 'CHOOSE' ? { file: event.file, preview: null, job: null, error: null, mapping: null } : {})),
    chooseKind: assign(({ event }) => (event.type === 'KIND' ? { kind: event.kind, preview: null, job: null, error: null, mapping: null } : {})),
    // The whole mapping the preview used, with the one column changed: the import reads the file as shown.
    map: assign(({ context, event }) => (event.type === 'MAP'
      ? { mapping: { ...(context.preview?.mapping ?? context.mapping ?? {}), [event.column]: event.field }, preview: null, job: null, error: null }
      : {})),
    keepJob: assign(({ event }) => (event.type === 'PROGRESS' ? { job: event.job } : {})),
    reset: assign({ file: null, preview: null, job: null, error: null, mapping: null }),
  },
}).createMachine({
  id: 'importFlow',
  context: { kind: 'engineers', file: null, preview: null, job: null, error: null, mapping: null },
  initial: 'idle',
  on: {
    CHOOSE: { target: '.previewing', actions: 'chooseFile' },
    KIND: [
      { guard: 'hasFile', target: '.previewing', actions: 'chooseKind' },
      { target: '.idle', actions: 'chooseKind' },
    ],
    RESET: { target: '.idle', actions: 'reset' },
    MAP: { guard: 'hasFile', target: '.previewing', actions: 'map' },
  },
  states: {
    idle: {},
    previewing: {
      invoke: {
        src: 'preview',
        input: ({ context }) => ({ kind: context.kind, text: context.file!.text, ...(context.mapping ? { mapping: context.mapping } : {}) }),
        onDone: { target: 'previewed', actions: assign({ preview: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    previewed: {
      on: { IMPORT: { guard: 'importable', target: 'starting' } },
    },
    starting: {
      on: { CHOOSE: {}, KIND: {}, RESET: {}, MAP: {} },
      invoke: {
        src: 'start',
        // The mapping the preview showed, so the file is imported as previewed (and read so next time).
        input: ({ context }) => ({ kind: context.kind, text: context.file!.text, ...(context.preview && Object.keys(context.preview.mapping).length > 0 ? { mapping: context.preview.mapping } : {}) }),
        onDone: { target: 'importing', actions: assign({ job: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    importing: {
      on: {
        CHOOSE: {},
        KIND: {},
        RESET: {},
        MAP: {},
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
