import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { encodePageCursor, type EventMetadata } from '../../domain/index.ts';
import type { CommandSlot, Idempotency, Outcome } from '../commands/transaction.ts';
import { HttpError } from '../http-error.ts';
import type { Db, DbOrTrx } from '../db/connect.ts';
import { type Consistent } from '../read-models/consistent-read.ts';
import { acceptedEncoding, COMPRESS_FROM_BYTES } from '../http-encodings.ts';
import { encodeList, type KeptList } from '../plugins/whole-lists.ts';
import type { ListPage } from '../read-models/list-pages.ts';

/**
 * The command id of a request: one per request, however many times its handler asks, so every event a
 * write appends (a bulk edit's many) carries the same one, and one undo reverses them all. An
 * Idempotency-Key retry is given the id of the write it replays (runCommand sets it).
 */
const commandSlots = new WeakMap<FastifyRequest, CommandSlot>();

export function commandSlotOf(request: FastifyRequest): CommandSlot {
  let slot = commandSlots.get(request);
  if (!slot) commandSlots.set(request, (slot = {}));
  return slot;
}

const commandIdOf = (request: FastifyRequest): string => {
  const slot = commandSlotOf(request);
  return (slot.id ??= randomUUID());
};

/** Who did it and as part of what: stored on every event. */
export const metadataOf = (request: FastifyRequest): EventMetadata => ({
  actorId: request.user.sub,
  actorRole: request.user.role,
  commandId: commandIdOf(request),
  correlationId: request.id,
});

export const COMMAND_ID_HEADER = 'x-command-id';

/**
 * Names the planning write's command in its answer (`X-Command-Id`): what `POST /api/undo/:commandId`
 * takes. Only a write whose events carry the id says it; a replayed answer says the id it replayed.
 */
export function withCommandId(reply: FastifyReply): FastifyReply {
  const id = commandSlots.get(reply.request)?.id;
  return id ? reply.header(COMMAND_ID_HEADER, id) : reply;
}

export function idempotencyOf(request: FastifyRequest): Idempotency | null {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return null;
  if (typeof key !== 'string' || key.length === 0 || key.length > 200) {
    throw new HttpError(400, 'Idempotency-Key must be 1 to 200 characters', 'BAD_IDEMPOTENCY_KEY');
  }
  return { scope: request.user.sub, key, request: { method: request.method, url: request.url, body: request.body }, command: commandSlotOf(request) };
}

/** The version a write expects: `If-Match: "3"` (or W/"3", or 3) or `version` in the body. */
export function expectedVersionOf(request: FastifyRequest, bodyVersion?: number): number | undefined {
  const header = request.headers['if-match'];
  if (typeof header === 'string' && header.trim() !== '*') {
    const match = /^(?:W\/)?"?(\d+)"?$/.exec(header.trim());
    if (!match) throw new HttpError(400, 'If-Match must be a version number such as "3"', 'BAD_IF_MATCH');
    return Number(match[1]);
  }
  return bodyVersion;
}

export const etag = (version: number) => `"${version}"`;

/** Edits must say which version they were made against, so two managers never overwrite each other silently. */
export function requiredVersionOf(request: FastifyRequest, bodyVersion?: number): number {
  const version = expectedVersionOf(request, bodyVersion);
  if (version === undefined) {
    throw new HttpError(428, 'Send the version you edited, as an If-Match header or a version field', 'VERSION_REQUIRED');
  }
  return version;
}

/**
 * Sends a list that PostgreSQL already built as JSON, as is (no parse and re-serialise), with the
 * position in the event log it reflects: X-Cursor to resume the live feed from, X-Snapshot to drop
 * events the list already includes.
 */
export function sendJsonList(reply: FastifyReply, list: Consistent<string>): FastifyReply {
  return reply
    .header('x-cursor', list.cursor)
    .header('x-snapshot', list.snapshot)
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => payload as string)
    .send(list.value);
}

/** A kept whole list, in the encoding the request accepts, compressed once for everyone who asks. */
async function sendWholeList(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, list: Consistent<KeptList>): Promise<FastifyReply> {
  const encoding = app.compressesAnswers && Buffer.byteLength(list.value.text) >= COMPRESS_FROM_BYTES ? acceptedEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return sendJsonList(reply, { ...list, value: list.value.text });
  const bytes = await encodeList(list.value, encoding);
  return reply
    .header('x-cursor', list.cursor)
    .header('x-snapshot', list.snapshot)
    .header('vary', 'accept-encoding')
    .header('content-encoding', encoding)
    .type('application/json; charset=utf-8')
    .send(bytes);
}

/**
 * Answers a write with the entity it produced: its status, ETag = its version, the command id its
 * events carry (X-Command-Id), and a marker when an Idempotency-Key retry replayed the stored answer
 * instead of running the command again.
 */
export function sendWriteOutcome(reply: FastifyReply, outcome: Outcome & { replayed: boolean }): FastifyReply {
  if (outcome.replayed) reply.header('idempotent-replayed', 'true');
  const body = outcome.body as { version: number };
  return withCommandId(reply).code(outcome.status).header('etag', etag(body.version)).send(body);
}

/**
 * Whether a list request carries any query parameter. Without one the list answers exactly as it
 * always has (the whole list, no paging headers): the public API's clients read it that way.
 */
const hasListQuery = (request: FastifyRequest) => new URLSearchParams(request.url.split('?')[1] ?? '').size > 0;

export type ListReads = {
  /** The whole list, as it has always been served. */
  whole: (trx: DbOrTrx) => Promise<string>;
  /** Which whole list, and whose (an engineer's own), it is kept under between two writes. */
  wholeKey: string;
  /** The page the query string asks for, and which events it reflects. */
  page: (db: Db) => Promise<Consistent<ListPage>>;
  /** The sort the page is in, as asked (`-name`), and the moment it was read at if the order depends on it. */
  sort: string;
  at?: string | null;
};

/**
 * Answers a list request. Without a query string: the whole list, as always. With one: one page, as
 * a bare array too, with X-Total-Count (every matching row, all pages) and, when more rows follow,
 * X-Next-After, the `after` value that asks for the next page; it keeps `at`, so that the next page
 * orders rows as this one did. Both carry X-Cursor and X-Snapshot.
 */
export async function answerList(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, reads: ListReads): Promise<FastifyReply> {
  if (!hasListQuery(request)) return sendWholeList(app, request, reply, await app.wholeList(reads.wholeKey, reads.whole));
  const page = await reads.page(app.db);
  reply.header('x-total-count', String(page.value.total));
  if (page.value.lastKeys) reply.header('x-next-after', encodePageCursor({ sort: reads.sort, keys: page.value.lastKeys, at: reads.at ?? null }));
  return sendJsonList(reply, { ...page, value: page.value.json });
}
