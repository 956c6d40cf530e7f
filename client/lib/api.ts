import { parseJsonInSlices } from './jsonInSlices.ts';
import { includedIn, parseSnapshot } from './snapshot.ts';
import { readToken } from './token.ts';
import { createReadAhead } from './readAheadCache.ts';

/** What the HTTP client says when there is no answer at all (the spec's "generic message"). */
export const NETWORK_ERROR = 'Network Error';
export const ABORTED_ERROR = 'Request aborted';

export type ApiIssue = { path: string; message: string };

/** A failed call: `message` is the server's `message` field when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly issues: ApiIssue[];
  /** The whole answer, for refusals that carry more than a message (a scenario's publish conflicts). */
  readonly body: unknown;
  constructor(message: string, status: number, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const record = isRecord(body) ? body : {};
    this.code = typeof record.code === 'string' ? record.code : undefined;
    this.issues = Array.isArray(record.issues)
      ? record.issues.filter(isRecord).map((i) => ({ path: String(i.path ?? ''), message: String(i.message ?? '') }))
      : [];
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The error text of a failed load: the body's `message` if present, else the client's generic message. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return NETWORK_ERROR;
}

let unauthorizedHandler: () => void = () => {};

/** Called on every 401 answer to a call that carried a token: the session signs out. */
export function setUnauthorizedHandler(handler: () => void) {
  unauthorizedHandler = handler;
}

/**
 * Where in the event log a list answer stands: X-Cursor, the newest event every reader sees,
 * and X-Snapshot, the PostgreSQL snapshot it was read in. Kept beside the parsed body (by identity) so
 * the collections' fetchers stay `() => Promise<T>`; the live channel reads it with `listPosition`.
 */
export type ListPosition = { cursor: string; snapshot: string };
const listPositions = new WeakMap<object, ListPosition>();

function recordListPosition(response: Response, data: object) {
  const cursor = response.headers?.get?.('x-cursor');
  const snapshot = response.headers?.get?.('x-snapshot');
  if (cursor && snapshot) listPositions.set(data, { cursor, snapshot });
}

/** The position of a list answer this client received, if it carried one. */
export const listPosition = (data: unknown): ListPosition | undefined =>
  isRecord(data) ? listPositions.get(data) : undefined;

/**
 * Whether every one of these answers already reflects the event at `cursor` (each was read in a
 * snapshot that saw it): then a screen made of them need not fetch again for that event.
 */
export function answersInclude(answers: readonly unknown[], cursor: string): boolean {
  return answers.every((answer) => {
    const snapshot = parseSnapshot(listPosition(answer)?.snapshot);
    return snapshot !== null && includedIn(snapshot, cursor);
  });
}

/**
 * The version an answer's ETag names (a list whose writes must send the version of a stream that no
 * single item carries, such as the holiday calendar), kept beside the body like its position.
 */
const answerVersions = new WeakMap<object, number>();

function recordVersion(response: Response, data: object) {
  const match = /^(?:W\/)?"?(\d+)"?$/.exec(response.headers?.get?.('etag')?.trim() ?? '');
  if (match) answerVersions.set(data, Number(match[1]));
}

export const answerVersion = (data: unknown): number | undefined => (isRecord(data) ? answerVersions.get(data) : undefined);

/**
 * The command a write's answer came from (`X-Command-Id`), kept beside the body like its version: what
 * `undoCommand` (undoApi.ts) takes. The write helpers keep returning the entity as before.
 */
const answerCommands = new WeakMap<object, string>();

function recordCommand(response: Response, data: object) {
  const id = response.headers?.get?.('x-command-id');
  if (id) answerCommands.set(data, id);
}

/** The command id of a write's answer, when the server named one (every live planning write does). */
export const commandIdOf = (answer: unknown): string | undefined => (isRecord(answer) ? answerCommands.get(answer) : undefined);

/** A write's answer together with its command id: `const { result, commandId } = await withCommandId(planningApi.updateAssignment(...))`. */
export async function withCommandId<T>(answer: Promise<T>): Promise<{ result: T; commandId: string | undefined }> {
  const result = await answer;
  return { result, commandId: commandIdOf(result) };
}

/** `to`, an answer rewritten in the page (the schedule's grid, unpacked), keeps the position and version of `from`, as received. */
export function withMarksOf<T extends object>(from: object, to: T): T {
  const position = listPositions.get(from);
  if (position) listPositions.set(to, position);
  const version = answerVersions.get(from);
  if (version !== undefined) answerVersions.set(to, version);
  return to;
}

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
  if (response.ok && isRecord(data)) {
    recordListPosition(response, data);
    recordVersion(response, data);
    recordCommand(response, data);
  }
  if (!response.ok) {
    if (response.status === 401 && token && options.token === undefined) unauthorizedHandler();
    const serverMessage = isRecord(data) && typeof data.message === 'string' && data.message ? data.message : null;
    throw new ApiError(serverMessage ?? `Request failed with status code ${response.status}`, response.status, data);
  }
  return { data, headers: response.headers };
}

/** One page of a searched, sorted list: its rows, how many match in all (X-Total-Count), and the next page's `after`. */
export type ListPage<T> = { rows: T[]; total: number; next: string | null };
/** A list's parameters as the shared query contracts type them (domain/lists): text, numbers, lists of names. */
export type ListParams = Record<string, unknown>;

/** The query string of a list request; empty values are left out (a list without any answers as a bare array). */
export function listSearch(params: ListParams): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (Array.isArray(value)) {
      if (value.length > 0) search.set(name, value.join(','));
    } else if (typeof value === 'string' ? value !== '' : typeof value === 'number' || typeof value === 'boolean') {
      search.set(name, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Query text of the parameters that are set, in a fixed order so equal asks give equal URLs. */
export function queryText(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const key of Object.keys(params).sort()) {
    const value = params[key];
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  return search.toString();
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

/** A write refused because the thing changed since the version it was made against. */
export const isVersionConflict = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409 && error.code === 'VERSION_CONFLICT';

export const isNotFound = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 404;

/** What `loading` gives, or null when the thing no longer exists (404): a conflict's "latest version". */
export async function unlessGone<T>(loading: Promise<T>): Promise<T | null> {
  try {
    return await loading;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
