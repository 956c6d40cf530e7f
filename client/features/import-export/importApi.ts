import type { ColumnMapping, ImportJob, ImportKind, ImportPreview } from '../../../domain/import/index.ts';
import { ApiError, NETWORK_ERROR } from '../../lib/api.ts';
import { request } from '../../lib/http.ts';
import { readToken } from '../../lib/token.ts';

const csv = { contentType: 'text/csv' };

/** How the file's columns are to be read, when the person chose: `?mapping=` JSON. */
const mappingQuery = (mapping: ColumnMapping | undefined) => (mapping ? `?mapping=${encodeURIComponent(JSON.stringify(mapping))}` : '');

/** The CSV import and export endpoints. A file travels as it is (text/csv), never inside JSON. */
export const importApi = {
  preview: (kind: ImportKind, text: string, mapping?: ColumnMapping) =>
    request<ImportPreview>('POST', `/api/import/${kind}/preview${mappingQuery(mapping)}`, { body: text, ...csv }),
  start: (kind: ImportKind, text: string, mapping?: ColumnMapping) =>
    request<{ job: ImportJob }>('POST', `/api/import/${kind}${mappingQuery(mapping)}`, { body: text, ...csv }),
  job: (id: string) => request<ImportJob>('GET', `/api/import/jobs/${encodeURIComponent(id)}`),
};

/**
 * Downloads a list as CSV. A plain link cannot carry the token, so the file is fetched and handed to
 * the browser as an object URL.
 */
export async function downloadExport(kind: ImportKind): Promise<void> {
  const token = readToken();
  const response = await fetch(`/api/export/${kind}.csv`, { headers: token ? { Authorization: token } : {} }).catch(() => {
    throw new ApiError(NETWORK_ERROR, 0);
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(body.message ?? `Request failed with status code ${response.status}`, response.status, body);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: `${kind}.csv` });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
