import type { ImportKind, ImportPreview } from '../../../domain/import/index.ts';

export const kindLabels: Record<ImportKind, string> = {
  actuals: 'Actuals (time tracker export)',
  teams: 'Teams', engineers: 'Engineers', projects: 'Projects', assignments: 'Assignments', 'open-roles': 'Open roles', 'time-off': 'Time off', holidays: 'Holidays',
};

export type PreviewRow = ImportPreview['rows'][number];

/** The preview's rows with errors first (then by line), the order a person fixing a file wants. */
export const errorsFirst = (rows: readonly PreviewRow[]): PreviewRow[] =>
  [...rows].sort((a, b) => Number(b.action === 'error') - Number(a.action === 'error') || a.line - b.line);

/** 'line 4: email — A valid email is required' for each error of a row. */
export const errorLines = (row: PreviewRow) => row.errors.map((e) => `${e.column ? `${e.column}: ` : ''}${e.message}`);

const shown = (value: string) => (value === '' ? '(empty)' : value);

/** 'maxCapacity: 80 → 100' for each field an update changes, from its value now to the file's. */
export const changeLines = (row: PreviewRow) => row.diff.map((d) => `${d.field}: ${shown(d.from)} → ${shown(d.to)}`);

export const percentDone = (done: number, total: number) => (total === 0 ? 100 : Math.floor((done / total) * 100));
