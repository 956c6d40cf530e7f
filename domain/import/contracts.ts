import { z } from 'zod';
import { importKinds } from './kinds.ts';

/** The answers of the import endpoints: the server declares them, the client reads them with the same types. */

export const rowIssueSchema = z.object({ line: z.number().int(), column: z.string().nullable(), message: z.string() });

export const rowActions = ['create', 'update', 'unchanged', 'error'] as const;

const countsSchema = z.object({ create: z.number().int(), update: z.number().int(), unchanged: z.number().int(), error: z.number().int() });

export const importPreviewSchema = z.object({
  kind: z.enum(importKinds),
  total: z.number().int().describe('Data rows in the file (blank lines not counted)'),
  counts: countsSchema,
  fileErrors: z.array(rowIssueSchema).describe('Problems with the file as a whole (its header); no row is read then'),
  fileWarnings: z.array(rowIssueSchema).describe('What the import leaves out of the file (a column the kind does not have is ignored); the rest imports'),
  mapping: z.record(z.string(), z.string().nullable())
    .describe("How the file's columns were read: each header cell to one of the kind's columns, or null (not imported); guessed from the header, else as chosen"),
  rows: z.array(z.object({
    line: z.number().int().describe('The line of the file the row starts on (the header is line 1)'),
    key: z.string().describe('The row named by its natural key'),
    action: z.enum(rowActions),
    changes: z.array(z.string()).describe('For an update: the fields it changes'),
    diff: z.array(z.object({ field: z.string(), from: z.string(), to: z.string() }))
      .describe("For an update: each field it changes, from its value now to the file's, written as the file writes them"),
    errors: z.array(rowIssueSchema),
  })),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importJobStates = ['running', 'done', 'failed'] as const;

export const importJobSchema = z.object({
  id: z.string(),
  kind: z.enum(importKinds),
  state: z.enum(importJobStates),
  done: z.number().int().describe('Rows written so far (each batch is one transaction: what is counted is committed)'),
  total: z.number().int().describe('Rows the import writes (creates and updates)'),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  message: z.string().optional().describe('Why a failed import stopped, and what was written before it did'),
  startedAt: z.string(),
  finishedAt: z.string().optional(),
});
export type ImportJob = z.infer<typeof importJobSchema>;
