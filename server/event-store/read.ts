import { sql, type RawBuilder } from 'kysely';
import { CALENDAR_STREAM, formatCursor, START, type Cursor, type EntityKind, type EventMetadata, type PlanningEvent, type RecordedEvent } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { newestFirst, oldestFirst, positionIs, visibleToEveryReader, whereAll } from './commit-order.ts';
import { upcast } from './upcast.ts';

export type ReadFilter = {
  streamId?: string;
  /** One kind of entity: the streams named `<kind>-<id>`, or the calendar's one stream. */
  entity?: EntityKind;
  type?: string;
  actorId?: string;
  from?: Date;
  to?: Date;
  /** One project's history: its own stream and the streams of every assignment made on it (removed ones too). */
  projectId?: string;
};

/** An events row as the readers select it (`eventColumns`). */
type EventRow = {
  global_position: number;
  transaction_id: string;
  stream_id: string;
  stream_position: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
};

/** The columns every reader selects, the transaction id as text for the cursor. */
const eventColumns = sql`global_position, transaction_id::text as transaction_id, stream_id, stream_position, type,
           schema_version, data, metadata, recorded_at`;

function toRecorded(row: EventRow): RecordedEvent {
  return {
    ...upcast(row.type, row.schema_version, row.data),
    cursor: formatCursor({ transactionId: row.transaction_id, globalPosition: Number(row.global_position) }),
    streamId: row.stream_id,
    streamPosition: Number(row.stream_position),
    metadata: row.metadata,
    recordedAt: row.recorded_at.toISOString(),
  };
}

function filterConditions(f: ReadFilter): Array<RawBuilder<unknown> | false | undefined> {
  return [
    f.streamId ? sql`stream_id = ${f.streamId}` : undefined,
    // The calendar is one stream of its own; every other kind is a family of `<kind>-<id>` streams.
    f.entity === 'calendar' ? sql`stream_id = ${CALENDAR_STREAM}` : f.entity ? sql`stream_id like ${`${f.entity}-%`}` : undefined,
    f.type ? sql`type = ${f.type}` : undefined,
    f.actorId ? sql`metadata ->> 'actorId' = ${f.actorId}` : undefined,
    f.from ? sql`recorded_at >= ${f.from}` : undefined,
    f.to ? sql`recorded_at <= ${f.to}` : undefined,
    f.projectId
      ? sql`(stream_id = ${`project-${f.projectId}`} or stream_id in (
          select made.stream_id from events as made where made.type = 'AssignmentCreated' and made.data ->> 'projectId' = ${f.projectId}))`
      : undefined,
  ];
}

/** What every reader can see (commit-safe) that also meets `conditions`, in `order`. */
async function readVisible(
  db: DbOrTrx,
  conditions: Array<RawBuilder<unknown> | false | undefined>,
  order: RawBuilder<unknown>,
  limit: number,
  offset = 0,
): Promise<RecordedEvent[]> {
  const { rows } = await sql<EventRow>`
    select ${eventColumns}
      from events
     where ${whereAll([visibleToEveryReader, ...conditions])}
     ${order}
     limit ${limit} offset ${offset}`.execute(db);
  return rows.map(toRecorded);
}

/** Reads the log after a cursor, oldest first, in commit-safe order: what readers follow and resume. */
export async function readAll(
  db: DbOrTrx,
  options: { after?: Cursor; limit: number; filter?: ReadFilter },
): Promise<{ events: RecordedEvent[]; next: string }> {
  const after = options.after ?? START;
  const events = await readVisible(db, [positionIs('>', after), ...filterConditions(options.filter ?? {})], oldestFirst, options.limit);
  return { events, next: events.length > 0 ? events[events.length - 1]!.cursor : formatCursor(after) };
}

/**
 * The log after a cursor with each event's id, oldest first in commit-safe order: what outbound webhooks
 * deliver (the receiver deduplicates by the id, since delivery is at least once).
 */
export async function readAllWithIds(db: DbOrTrx, after: Cursor, limit: number): Promise<Array<{ event: RecordedEvent; eventId: string }>> {
  const { rows } = await sql<EventRow & { event_id: string }>`
    select ${eventColumns}, event_id::text as event_id
      from events
     where ${whereAll([visibleToEveryReader, positionIs('>', after)])}
     ${oldestFirst}
     limit ${limit}`.execute(db);
  return rows.map((row) => ({ event: toRecorded(row), eventId: row.event_id }));
}

/** Reads the log newest first, before a cursor when given: the history log pages back with it. */
export async function readNewestFirst(
  db: DbOrTrx,
  options: { before?: Cursor; limit: number; filter?: ReadFilter },
): Promise<RecordedEvent[]> {
  const { before, limit, filter = {} } = options;
  return readVisible(db, [before && positionIs('<', before), ...filterConditions(filter)], newestFirst, limit);
}

/** After `from` and up to `to`, by recorded time: the window the history's diff compares. */
export const recordedBetween = (from: Date, to: Date) => [sql<boolean>`recorded_at > ${from}`, sql<boolean>`recorded_at <= ${to}`];

/** A page of the events recorded after `from` and up to `to`, oldest first. */
export async function readRecordedBetween(
  db: DbOrTrx,
  from: Date,
  to: Date,
  page: { offset: number; limit: number },
): Promise<RecordedEvent[]> {
  return readVisible(db, recordedBetween(from, to), oldestFirst, page.limit, page.offset);
}

/** How many events readers can see recorded after `from` and up to `to`. */
export async function countRecordedBetween(db: DbOrTrx, from: Date, to: Date): Promise<number> {
  const result = await sql<{ n: number }>`
    select count(*)::int as n from events where ${whereAll([visibleToEveryReader, ...recordedBetween(from, to)])}`.execute(db);
  return result.rows[0]!.n;
}

/**
 * How many events a reader could read after `after` right now (same commit-safe visibility as readAll),
 * counting no further than `cap`: enough to tell whether a backlog is beyond a bound without reading it.
 */
export async function countAfter(db: DbOrTrx, after: Cursor, cap: number): Promise<number> {
  const result = await sql<{ n: number }>`
    select count(*)::int as n from (
      select 1 from events
       where ${whereAll([positionIs('>', after), visibleToEveryReader])}
       limit ${cap}) as backlog`.execute(db);
  return result.rows[0]!.n;
}

/** One stream's events in order, for folding its state before a decision. */
export async function readStream(db: DbOrTrx, streamId: string): Promise<{ events: PlanningEvent[]; version: number }> {
  const rows = await db
    .selectFrom('events')
    .select(['type', 'schema_version', 'data', 'stream_position'])
    .where('stream_id', '=', streamId)
    .orderBy('stream_position')
    .execute();
  return {
    events: rows.map((r) => upcast(r.type, r.schema_version, r.data)),
    version: rows.length > 0 ? Number(rows[rows.length - 1]!.stream_position) : 0,
  };
}

/** The cursor of the newest event every reader can already see: where a fresh reader can start live. */
export async function headCursor(db: DbOrTrx): Promise<string> {
  const result = await sql<{ transaction_id: string; global_position: number }>`
    select transaction_id::text as transaction_id, global_position from events
     where ${visibleToEveryReader}
     ${newestFirst} limit 1`.execute(db);
  const row = result.rows[0];
  return row ? formatCursor({ transactionId: row.transaction_id, globalPosition: Number(row.global_position) }) : formatCursor(START);
}

/** Many streams' events at once, each stream in order: the batch counterpart of readStream. */
export async function readStreams(db: DbOrTrx, streamIds: readonly string[]): Promise<Map<string, { events: PlanningEvent[]; version: number }>> {
  const streams = new Map(streamIds.map((id) => [id, { events: [] as PlanningEvent[], version: 0 }]));
  if (streamIds.length === 0) return streams;
  const rows = await db
    .selectFrom('events')
    .select(['stream_id', 'type', 'schema_version', 'data', 'stream_position'])
    .where('stream_id', '=', sql<string>`any(${[...streamIds]}::text[])`)
    .orderBy('stream_id')
    .orderBy('stream_position')
    .execute();
  for (const row of rows) {
    const stream = streams.get(row.stream_id)!;
    stream.events.push(upcast(row.type, row.schema_version, row.data));
    stream.version = Number(row.stream_position);
  }
  return streams;
}

/** The version of each stream named (0 for one that does not exist), from the streams table the appends guard. */
export async function streamVersions(db: DbOrTrx, streamIds: readonly string[]): Promise<Map<string, number>> {
  const versions = new Map(streamIds.map((id) => [id, 0]));
  if (streamIds.length === 0) return versions;
  const rows = await db.selectFrom('streams').select(['stream_id', 'version']).where('stream_id', '=', sql<string>`any(${[...streamIds]}::text[])`).execute();
  for (const row of rows) versions.set(row.stream_id, Number(row.version));
  return versions;
}

/** One stream's events after a position, as recorded (who, when): what moved a stream since someone read it. */
export async function readStreamAfter(db: DbOrTrx, streamId: string, position: number): Promise<RecordedEvent[]> {
  const { rows } = await sql<EventRow>`
    select ${eventColumns} from events where stream_id = ${streamId} and stream_position > ${position} order by stream_position`.execute(db);
  return rows.map(toRecorded);
}

/**
 * Where the log stood when a scenario was published: the newest event of the transactions before the
 * one that appended its changes. That transaction is found by a stream position it wrote (`written`,
 * each stream's first event after the version its change was drafted against) carrying the scenario's
 * id. START when nothing came before it; null when no event of the publish is found.
 */
export async function cursorBeforePublish(
  db: DbOrTrx,
  scenarioId: string,
  written: readonly { streamId: string; position: number }[],
): Promise<Cursor | null> {
  if (written.length === 0) return null;
  const publish = await sql<{ transaction_id: string }>`
    select transaction_id::text as transaction_id from events
     where (stream_id, stream_position) in (select * from unnest(${written.map((w) => w.streamId)}::text[], ${written.map((w) => w.position)}::bigint[]))
       and metadata ->> 'scenarioId' = ${scenarioId}
     limit 1`.execute(db);
  const transactionId = publish.rows[0]?.transaction_id;
  if (transactionId === undefined) return null;
  const before = await sql<{ transaction_id: string; global_position: number }>`
    select transaction_id::text as transaction_id, global_position from events
     where transaction_id < ${transactionId}::xid8
     ${newestFirst} limit 1`.execute(db);
  const row = before.rows[0];
  return row ? { transactionId: row.transaction_id, globalPosition: Number(row.global_position) } : START;
}
