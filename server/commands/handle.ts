import {
  decideCommand, defaultCalendarOr, lockedWeeksOf, referencesOf, streamEntity, streamIds, streamsOf, type HolidayCalendar, type AssignmentRecord, type Calendar,
  type Engineer,
  type EngineerRecord, type EventMetadata, type PlanningCommand, type PlanReader, type Project, type ProjectRecord,
} from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { calendarFollowers, findHolidayCalendar, holidayCalendarList } from '../read-models/holiday-calendars.ts';
import { findEngineer, findProject } from '../read-models/queries.ts';
import { lockedWeeks } from '../read-models/actuals.ts';
import { orgTimeZone } from '../runtime/org-time-zone.ts';
import { openStreams, runCommands, type OpenStream, type StreamToWrite, type WrittenStream } from './execute.ts';
import { assignmentStream, calendarStream, engineerStream, projectStream } from './streams.ts';

export type { WrittenStream } from './execute.ts';

/** A planning stream by its id: its kind and its entity's id. */
function streamToWrite(streamId: string): StreamToWrite {
  const entity = streamEntity(streamId);
  const kinds = { project: projectStream, assignment: assignmentStream, engineer: engineerStream, calendar: calendarStream } as const;
  if (!entity || entity.kind === 'account' || entity.kind === 'team' || entity.kind === 'staffing') throw new Error(`not a planning stream: ${streamId}`);
  return { streamId, kind: kinds[entity.kind], id: entity.id };
}

/**
 * Planning commands through the write runner (execute.ts), inside the caller's transaction: each is
 * decided by the command table on the streams it writes, folded, and on what else it looks at, read
 * from the read models. `expectedVersion` is about the command's first stream; a stale one never
 * appends.
 */
export async function handleCommand(trx: DbOrTrx, command: PlanningCommand, metadata: EventMetadata, expectedVersion?: number): Promise<WrittenStream[]> {
  const [written] = await handleCommands(trx, [{ command, expectedVersion }], metadata);
  return written!;
}

/** Planning streams folded as the runner folds them, without writing: a caller's look before it picks its commands. */
export async function readPlanningStreams(trx: DbOrTrx, streamIds: readonly string[]): Promise<ReadonlyMap<string, { state: unknown; version: number }>> {
  return openStreams(trx, streamIds.map(streamToWrite));
}

/** A batch of planning commands, in order, as one run: all of them or none. */
export async function handleCommands(
  trx: DbOrTrx,
  commands: readonly { command: PlanningCommand; expectedVersion?: number }[],
  metadata: EventMetadata,
): Promise<WrittenStream[][]> {
  const streams = await openStreams(trx, commands.flatMap(({ command }) => streamsOf(command).map(streamToWrite)));
  return runCommands(trx, streams, commands.map(({ command, expectedVersion }) => ({
    streamId: streamsOf(command)[0]!,
    expectedVersion,
    decide: async (open) => decideCommand(command, { read: await readerFor(trx, command, open), actor: { id: metadata.actorId, role: metadata.actorRole }, timeZone: orgTimeZone() }),
  })), metadata);
}

/** What a command reads: the open streams as folded so far, anything else from the read models. */
async function readerFor(trx: DbOrTrx, command: PlanningCommand, streams: ReadonlyMap<string, OpenStream>): Promise<PlanReader> {
  const engineers = new Map<string, Engineer | null>();
  const projects = new Map<string, Project | null>();
  const holidayCalendarById = new Map<string, { _id: string; name: string } | null>();
  const followers = new Map<string, string[]>();
  const locked = new Map<string, readonly string[]>();
  let holidayCalendars: HolidayCalendar[] | undefined;
  const stateOf = <S>(streamId: string) => (streams.get(streamId)?.state ?? null) as S | null;
  const read: PlanReader = {
    assignment: (id) => stateOf<AssignmentRecord>(`assignment-${id}`),
    projectPlan: (id) => stateOf<ProjectRecord>(`project-${id}`),
    project: (id) => (streams.has(`project-${id}`) ? stateOf<ProjectRecord>(`project-${id}`)?.project ?? null : projects.get(id) ?? null),
    engineerRecord: (id) => stateOf<EngineerRecord>(`engineer-${id}`),
    engineer: (id) => (streams.has(`engineer-${id}`) ? stateOf<EngineerRecord>(`engineer-${id}`)?.engineer ?? null : engineers.get(id) ?? null),
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
    // An engineer stream the command writes has its weeks folded already; anyone else's come from the read model.
    lockedWeeks: (id) => (streams.has(`engineer-${id}`) ? lockedWeeksOf(stateOf<EngineerRecord>(`engineer-${id}`)?.actuals) : locked.get(id) ?? []),
  };
  for (const ref of referencesOf(command, read)) {
    if (ref.kind === 'holiday-calendars') holidayCalendars = await holidayCalendarList(trx);
    if (ref.kind === 'calendar-followers') followers.set(ref.id, await calendarFollowers(trx, ref.id));
    if (ref.kind === 'engineer' && !streams.has(`engineer-${ref.id}`)) engineers.set(ref.id, (await findEngineer(trx, ref.id)) ?? null);
    if (ref.kind === 'project' && !streams.has(`project-${ref.id}`)) projects.set(ref.id, (await findProject(trx, ref.id)) ?? null);
    if (ref.kind === 'holidayCalendar') holidayCalendarById.set(ref.id, (await findHolidayCalendar(trx, ref.id)) ?? null);
    if (ref.kind === 'locked-weeks' && !streams.has(`engineer-${ref.id}`) && !locked.has(ref.id)) {
      locked.set(ref.id, await lockedWeeks(trx, ref.id));
      // A refusal names whose week it is.
      if (!engineers.has(ref.id)) engineers.set(ref.id, (await findEngineer(trx, ref.id)) ?? null);
    }
  }
  return read;
}
