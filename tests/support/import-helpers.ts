/**
 * Helpers for the CSV import and export tests: send a file, follow an import's job to its end.
 */
import type { Api } from './api-client.ts';
import { eventually } from './api-helpers.ts';

export type Job = { id: string; state: 'running' | 'done' | 'failed'; done: number; total: number; created: number; updated: number; unchanged: number; message?: string };
export type PreviewRow = {
  line: number; key: string; action: string; changes: string[]; diff: { field: string; from: string; to: string }[]; errors: { line: number; column: string | null; message: string }[];
};
export type Preview = { kind: string; total: number; counts: Record<string, number>; fileErrors: PreviewRow['errors']; fileWarnings: PreviewRow['errors']; rows: PreviewRow[] };

/** One CSV line per array, cells quoted only when they must be (a comma, a quote or a line break). */
export const csvOf = (rows: readonly (readonly string[])[]) =>
  rows.map((cells) => cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n');

export const postCsv = (api: Pick<Api, 'request'>, token: string, url: string, csv: string) =>
  api.request({ method: 'POST', url, token, body: csv, headers: { 'content-type': 'text/csv' } });

export async function preview(api: Pick<Api, 'request'>, token: string, kind: string, csv: string): Promise<Preview> {
  const response = await postCsv(api, token, `/api/import/${kind}/preview`, csv);
  if (response.statusCode !== 200) throw new Error(`preview ${kind}: ${response.statusCode} ${response.body}`);
  return response.json() as Preview;
}

/** Imports a file and waits for its job to finish; throws unless the import was accepted (202). */
export async function importCsv(api: Pick<Api, 'request'>, token: string, kind: string, csv: string): Promise<Job> {
  const response = await postCsv(api, token, `/api/import/${kind}`, csv);
  if (response.statusCode !== 202) throw new Error(`import ${kind}: ${response.statusCode} ${response.body}`);
  const { job } = response.json() as { job: Job };
  return eventually(
    async () => (await api.request({ method: 'GET', url: `/api/import/jobs/${job.id}`, token })).json() as Job,
    (current) => current.state !== 'running',
    60_000,
  );
}
