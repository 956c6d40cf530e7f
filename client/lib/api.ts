import { includedIn, parseSnapshot } from './snapshot.ts';

/**
 * What the server's answers mean to the client: its errors, the marks an answer carries (its position
 * in the event log, its version, its command) and a list's query. Sending requests is lib/http.ts's.
 */

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

/** A 401 to a call that carried the session's token (lib/http.ts): the session signs out. */
export const reportUnauthorized = () => unauthorizedHandler();

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

/** Keeps an answer's position, version and command beside its body (lib/http.ts, as each answer arrives). */
export function recordMarks(response: Response, data: object) {
  recordListPosition(response, data);
  recordVersion(response, data);
  recordCommand(response, data);
}

/** `to`, an answer rewritten in the page (the schedule's grid, unpacked), keeps the position and version of `from`, as received. */
export function withMarksOf<T extends object>(from: object, to: T): T {
  const position = listPositions.get(from);
  if (position) listPositions.set(to, position);
  const version = answerVersions.get(from);
  if (version !== undefined) answerVersions.set(to, version);
  return to;
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
