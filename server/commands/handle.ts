import {
  decideCommand, defaultCalendarOr, referencesOf, streamEntity, streamIds, streamsOf, type HolidayCalendar, type AssignmentRecord, type Calendar,
  type Engineer,
  type EngineerTimeOff, type EventMetadata, type PlanningCommand, type PlanningEvent, type PlanReader, type Project, type ProjectPlan,
} from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { appendToStreams } from '../event-store/append.ts';
import { ConcurrencyError } from '../event-store/errors.ts';
import { readStreams } from '../event-store/read.ts';
import { calendarFollowers, findHolidayCalendar, holidayCalendarList } from '../read-models/holiday-calendars.ts';
import { findEngineer, findProject } from '../read-models/queries.ts';
import { assignmentStream, calendarStream, engineerTimeOffStream, projectPlanStream, type StreamKind } from './streams.ts';

/** A stream the command wrote: its state and version after the command, and what it appended. */
export type WrittenStream = { streamId: string; state: unknown; version: number; events: PlanningEvent[] };

type Loaded = { kind: StreamKind<unknown, PlanningEvent>; id: string; state: unknown; read: number };

/** Each planning stream folded the way its commands read it (a project with its placeholders, an engineer with their time off). */
function kindOf(streamId: string): { kind: StreamKind<unknown, PlanningEvent>; id: string } {
  const entity = streamEntity(streamId);
  const kinds = { project: projectPlanStream, assignment: assignmentStream, engineer: engineerTimeOffStream, calendar: calendarStream } as const;
  if (!entity || entity.kind === 'account') throw new Error(`not a planning stream: ${streamId}`);
  return { kind: kinds[entity.kind] as unknown as StreamKind<unknown, PlanningEvent>, id: entity.id };
}

/**
 * The one handler of planning commands, inside the caller's transaction: fold the streams the command
 * writes, read what else it looks at from the read models, decide through the command table, append
 * with the versions read (a writer that slipped in fails the guarded append) and project the new
 * states. `expectedVersion` is about the command's first stream; a stale one never appends.
 */
export async function handleCommand(trx: DbOrTrx, command: PlanningCommand, metadata: EventMetadata, expectedVersion?: number): Promise<WrittenStream[]> {
  const written = streamsOf(command);
  const stored = await readStreams(trx, written);
  const streams = new Map<string, Loaded>();
  for (const streamId of written) {
    const { kind, id } = kindOf(streamId);
    const { events, version } = stored.get(streamId)!;
    const state = events.reduce<unknown>((s, event, i) => kind.evolve(s, event, i + 1), null);
    streams.set(streamId, { kind, id, state, read: version });
  }
  const engineers = new Map<string, Engineer | null>();
  const projects = new Map<string, Project | null>();
  const holidayCalendarById = new Map<string, { _id: string; name: string } | null>();
  const followers = new Map<string, string[]>();
  let holidayCalendars: HolidayCalendar[] | undefined;
  const stateOf = <S>(streamId: string) => (streams.get(streamId)?.state ?? null) as S | null;
  const read: PlanReader = {
    assignment: (id) => stateOf<AssignmentRecord>(`assignment-${id}`),
    projectPlan: (id) => stateOf<ProjectPlan>(`project-${id}`),
    project: (id) => (streams.has(`project-${id}`) ? stateOf<ProjectPlan>(`project-${id}`)?.project ?? null : projects.get(id) ?? null),
    engineerTimeOff: (id) => stateOf<EngineerTimeOff>(`engineer-${id}`),
    engineer: (id) => (streams.has(`engineer-${id}`) ? stateOf<EngineerTimeOff>(`engineer-${id}`)?.engineer ?? null : engineers.get(id) ?? null),
    calendar: (id) => stateOf<Calendar>(streamIds.calendar(id)),
    holidayCalendar: (id) => defaultCalendarOr(holidayCalendarById.get(id) ?? null, id),
    holidayCalendars: () => {
      if (!holidayCalendars) throw new Error('holiday calendars were not loaded for this command');
      return holidayCalendars;
    },
    calendarFollowers: (id) => {
      const names = followers.get(id);
      if (!names) throw new Error(`the followers of calendar ${id} were not loaded for this command`);
      return names;
    },
  };
  for (const ref of referencesOf(command, read)) {
    if (ref.kind === 'holiday-calendars') holidayCalendars = await holidayCalendarList(trx);
    if (ref.kind === 'calendar-followers') followers.set(ref.id, await calendarFollowers(trx, ref.id));
    if (ref.kind === 'engineer' && !streams.has(`engineer-${ref.id}`)) engineers.set(ref.id, (await findEngineer(trx, ref.id)) ?? null);
    if (ref.kind === 'project' && !streams.has(`project-${ref.id}`)) projects.set(ref.id, (await findProject(trx, ref.id)) ?? null);
    if (ref.kind === 'holidayCalendar') holidayCalendarById.set(ref.id, (await findHolidayCalendar(trx, ref.id)) ?? null);
  }

  const first = streams.get(written[0]!)!;
  const stale = expectedVersion !== undefined && expectedVersion !== first.read;
  // Nothing there (never was, or removed): let decide say so (404) rather than "changed by someone
  // else, reload" (409), which no reload could resolve. A stale version still never appends.
  if (stale && first.state !== null) throw new ConcurrencyError(written[0]!, expectedVersion, first.read);
  const decided = decideCommand(command, { read, actor: { id: metadata.actorId, role: metadata.actorRole } });
  if (stale) throw new ConcurrencyError(written[0]!, expectedVersion, first.read);

  const results: WrittenStream[] = [];
  for (const { streamId, events } of decided) {
    const stream = streams.get(streamId)!;
    stream.state = events.reduce<unknown>((s, event, i) => stream.kind.evolve(s, event, stream.read + i + 1), stream.state);
    results.push({ streamId, state: stream.state, version: stream.read + events.length, events });
  }
  const changed = decided.filter((d) => d.events.length > 0);
  if (changed.length === 0) return results;
  await appendToStreams(trx, changed.map(({ streamId, events }) => ({ streamId, expectedVersion: streams.get(streamId)!.read, events })), metadata);
  for (const { streamId, events } of changed) {
    const stream = streams.get(streamId)!;
    await stream.kind.project(trx, stream.id, stream.state, events);
  }
  return results;
}
