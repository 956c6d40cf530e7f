import { ABORTED_ERROR, ApiError, type ListPage, type ListParams, listSearch, NETWORK_ERROR, recordMarks, reportUnauthorized } from './api.ts';
import { parseJsonInSlices } from './jsonInSlices.ts';
import { createReadAhead } from './readAheadCache.ts';
import { readToken } from './token.ts';

/**
 * The HTTP plumbing every call is made with: the token, JSON, the server's errors as ApiError and the
 * marks an answer carries (lib/api.ts). It knows no resource: the calls, each with its path, are the
 * features' `*Api.ts` modules and the app shell's (app/sessionApi.ts, app/storesApi.ts). The shared
 * client folders do not import it: they are handed the calls they need.
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

type RequestOptions = {
  body?: unknown;
  auth?: boolean;
  signal?: AbortSignal;
  baseUrl?: string;
  /** A body sent as it is (a CSV file) with this type, instead of as JSON. */
  contentType?: string;
  /**
   * This token instead of the stored one (a session being ended after the stored token was cleared).
   * A 401 to such a call is that session's own answer: it signs nothing out.
   */
  token?: string;
  /** Sent even if the page goes away meanwhile (sign-out). */
  keepalive?: boolean;
  /** Extra request headers (If-Match). */
  headers?: Record<string, string>;
};

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  return (await exchange(method, path, options)).data as T;
}

/** One request and its answer: the parsed body and the headers (a list page carries its total there). */
async function exchange(method: string, path: string, options: RequestOptions): Promise<{ data: unknown; headers: Headers | undefined }> {
  const { body, auth = true, signal, baseUrl = '', contentType, keepalive } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = options.token ?? (auth ? readToken() : null);
  // The spec's client sends the stored token as-is, without a `Bearer` prefix.
  if (token) headers.Authorization = token;
  if (body !== undefined) headers['Content-Type'] = contentType ?? 'application/json';

  let response: Response;
  try {
    response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : contentType ? (body as string) : JSON.stringify(body),
      signal,
      ...(keepalive ? { keepalive } : {}),
    });
  } catch (error) {
    const aborted = error instanceof DOMException && error.name === 'AbortError';
    throw new ApiError(aborted ? ABORTED_ERROR : NETWORK_ERROR, 0);
  }

  const text = await response.text().catch(() => '');
  let data: unknown = undefined;
  if (text) {
    try {
      // A large list (all 20,000 assignments) is parsed in slices: at once it would block the page.
      data = await parseJsonInSlices(text);
    } catch {
      data = text;
    }
  }
  if (response.ok && isRecord(data)) recordMarks(response, data);
  if (!response.ok) {
    if (response.status === 401 && token && options.token === undefined) reportUnauthorized();
    const serverMessage = isRecord(data) && typeof data.message === 'string' && data.message ? data.message : null;
    throw new ApiError(serverMessage ?? `Request failed with status code ${response.status}`, response.status, data);
  }
  return { data, headers: response.headers };
}

export async function requestPage<T>(path: string, params: ListParams, signal?: AbortSignal): Promise<ListPage<T>> {
  const { data, headers } = await exchange('GET', `${path}${listSearch(params)}`, { signal });
  const rows = Array.isArray(data) ? (data as T[]) : [];
  const total = Number(headers?.get?.('x-total-count') ?? rows.length);
  return { rows, total: Number.isFinite(total) ? total : rows.length, next: headers?.get?.('x-next-after') ?? null };
}

/** GETs started while the app boots (app/readAhead.ts), before the screen that needs them has loaded. */
const readAheads = createReadAhead<unknown>();

/** Starts a GET of `path` now, for the first `takeReadAhead(path)` (or `readAheadOr`) to take. */
export const readAhead = (path: string) => readAheads.start(path, () => request<unknown>('GET', path));

/** The answer read ahead for `path`, once; null when there is none or it is stale. */
export const takeReadAhead = <T,>(path: string): Promise<T> | null => readAheads.take(path) as Promise<T> | null;

/** A GET of `path`: the answer read ahead for it if there is one, else a request now. */
export const readAheadOr = <T,>(path: string): Promise<T> => takeReadAhead<T>(path) ?? request<T>('GET', path);
