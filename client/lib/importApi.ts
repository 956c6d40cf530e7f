import type { ImportJob, ImportKind, ImportPreview } from '../../domain/import/index.ts';
import { ApiError, NETWORK_ERROR, request } from './api.ts';
import { readToken } from './token.ts';

const csv = { contentType: 'text/csv' };

/** The CSV import and export endpoints. A file travels as it is (text/csv), never inside JSON. */
export const importApi = {
  preview: (kind: ImportKind, text: string) => request<ImportPreview>('POST', `/api/import/${kind}/preview`, { body: text, ...csv }),
  start: (kind: ImportKind, text: string) => request<{ job: ImportJob }>('POST', `/api/import/${kind}`, { body: text, ...csv }),
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
