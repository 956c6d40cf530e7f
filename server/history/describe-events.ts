import {
  DEFAULT_CALENDAR_ID, describeDeed, describeEvent, describePublished, describeUndo, isAccountEvent, isStaffingEvent, isTeamEvent, streamEntity, streamIds, type RecordedEvent, type StreamEntityKind,
} from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { type AssignmentReassignment, readAssignmentCreations, readAssignmentReassignments } from '../event-store/assignment-creations.ts';
import { readEventsOfCommands } from '../event-store/command-events.ts';
import { scenarioNames } from '../read-models/scenario-names.ts';
import { actorNames, UNKNOWN_ACTOR_NAME } from './actors.ts';

export type DescribedEvent = RecordedEvent & {
  actor: { id: string; name: string };
  entity: { kind: StreamEntityKind; id: string; name: string };
  summary: string;
  /** The scenario whose publishing appended the event, when one did. */
  scenario?: { id: string; name: string };
  /** The proposal's reason, when a proposal drafted the published change. */
  proposed?: { reason: string };
  /** The write an undo's event reversed: its command id, and who made it. */
  undid?: { commandId: string; actor: { id: string; name: string } };
};

/** The events of the writes that the page's undos reversed, shaped as the page's are (enough to name them). */
async function undoneEvents(db: DbOrTrx, events: readonly RecordedEvent[]): Promise<RecordedEvent[]> {
  const undone = [...new Set(events.map((e) => e.metadata.undoOf).filter((id): id is string => Boolean(id)))];
  const found = await readEventsOfCommands(db, undone);
  return found.map((e) => ({ ...e.event, streamId: e.streamId, streamPosition: e.streamPosition, metadata: e.metadata, cursor: '', recordedAt: '' }));
}

/**
 * The assignment stream an event names its engineer through: its own, or for a filled placeholder the
 * assignment it became (who filled it is recorded only there).
 */
const assignmentStreamOf = (event: RecordedEvent) =>
  event.type === 'PlaceholderFilled' ? streamIds.assignment(event.data.assignmentId) : event.streamId.startsWith('assignment-') ? event.streamId : undefined;

const CALENDAR_NAME = 'Holiday calendar';

/** Adds who, about what and a readable sentence to a page of events, with a few lookups per page. */
export async function describeEvents(db: DbOrTrx, page: RecordedEvent[]): Promise<DescribedEvent[]> {
  // An undo's event is told by the write it reversed: those events are named with the page's.
  const originals = await undoneEvents(db, page);
  const events = [...page, ...originals];
  const actors = await actorNames(db, [...new Set(events.map((e) => e.metadata.actorId).filter(Boolean))]);
  const assignmentStreams = [...new Set(events.map(assignmentStreamOf).filter((s): s is string => s !== undefined))];
  const created = new Map<string, { engineerId: string; projectId: string }>();
  const reassigned = new Map<string, AssignmentReassignment[]>();
  if (assignmentStreams.length > 0) {
    const handedAt = (streamId: string, at: { streamPosition: number; engineerId: string; assignmentId: string }) =>
      reassigned.set(streamId, [...(reassigned.get(streamId) ?? []), { streamId, previousEngineerId: null, ...at }]);
    for (const c of await readAssignmentCreations(db, assignmentStreams)) {
      // The first creation says whose it was; a later one (a removal undone) is whose it is from then on.
      if (created.has(c.streamId)) handedAt(c.streamId, c);
      else created.set(c.streamId, { engineerId: c.engineerId, projectId: c.projectId });
    }
    for (const r of await readAssignmentReassignments(db, assignmentStreams)) handedAt(r.streamId, r);
    for (const list of reassigned.values()) list.sort((x, y) => x.streamPosition - y.streamPosition);
  }
  // Whose the assignment was when the event was appended: its creation's engineer, or the last one it was handed to before.
  const refOf = (event: RecordedEvent) => {
    const stream = assignmentStreamOf(event) ?? '';
    const ref = created.get(stream);
    if (!ref) return undefined;
    const at = event.streamId === stream ? event.streamPosition : Number.POSITIVE_INFINITY;
    const handed = (reassigned.get(stream) ?? []).filter((r) => r.streamPosition < at).at(-1);
    return handed ? { ...ref, engineerId: handed.engineerId } : ref;
  };
  const engineerIds = new Set<string>();
  const projectIds = new Set<string>();
  for (const e of events) {
    const entity = streamEntity(e.streamId);
    if (entity?.kind === 'engineer') engineerIds.add(entity.id);
    if (entity?.kind === 'project') projectIds.add(entity.id);
    const ref = refOf(e);
    if (ref) {
      engineerIds.add(ref.engineerId);
      projectIds.add(ref.projectId);
    }
    if (e.type === 'ActualsRecorded') for (const entry of [...e.data.entries, ...(e.data.previous ?? [])]) projectIds.add(entry.projectId);
    if (e.type === 'AssignmentUpdated') {
      if (e.data.changes.engineerId) engineerIds.add(e.data.changes.engineerId);
      if (e.data.previous?.engineerId) engineerIds.add(e.data.previous.engineerId);
    }
    if (isStaffingEvent(e)) {
      const d = e.data as { engineerId?: string | null; previous?: string | null };
      if (d.engineerId) engineerIds.add(d.engineerId);
      if (d.previous) engineerIds.add(d.previous);
    }
  }
  // A request's later steps name its project through the request.
  const staffingIds = [...new Set(events.filter(isStaffingEvent).map((e) => e.data.requestId))];
  const staffingProject = new Map((staffingIds.length === 0 ? [] : await db.selectFrom('staffing_requests').select(['id', 'project_id']).where('id', 'in', staffingIds).execute())
    .map((r) => [r.id, r.project_id]));
  for (const projectId of staffingProject.values()) projectIds.add(projectId);
  const teams = new Map((await db.selectFrom('teams').select(['id', 'name']).execute()).map((t) => [t.id, t.name]));
  const teamName = (id: string) => teams.get(id);
  const names = await entityNames(db, [...engineerIds], [...projectIds]);
  const calendarNames = await holidayCalendarNames(db, events);
  const engineerName = (id: string) => names.get(id);
  const projectName = engineerName;
  const scenarios = await scenarioNames(db, [...new Set(events.map((e) => e.metadata.scenarioId).filter((id): id is string => Boolean(id)))]);
  const namesOf = (event: RecordedEvent) => {
    const entity = streamEntity(event.streamId)!;
    const ref = refOf(event);
    const engineer = names.get(ref?.engineerId ?? (entity.kind === 'engineer' ? entity.id : ''));
    const project = names.get(ref?.projectId ?? (entity.kind === 'project' ? entity.id : entity.kind === 'staffing' ? staffingProject.get(entity.id) ?? '' : ''));
    const actor = { id: event.metadata.actorId, name: actors.get(event.metadata.actorId) ?? UNKNOWN_ACTOR_NAME };
    const calendarId = entity.kind === 'calendar' ? entity.id : event.type === 'EngineerCalendarChanged' ? event.data.calendarId : undefined;
    const calendar = calendarId === undefined ? undefined : calendarNames.get(calendarId);
    return { entity, engineer, project, actor, calendar };
  };
  /** What the reversed write did to this event's record, in words, and who made it. */
  const undoneOn = (event: RecordedEvent, commandId: string) => {
    const reversed = originals.filter((o) => o.metadata.commandId === commandId && o.streamId === event.streamId);
    if (reversed.length === 0) return null;
    const by = namesOf(reversed[0]!).actor;
    const deeds = reversed.map((o) => {
      const { engineer, project, actor, calendar } = namesOf(o);
      return describeDeed(o, { actor: actor.name, engineer, project, engineerName, projectName, calendar });
    });
    return { actor: by, deeds };
  };
  return page.map((event) => {
    const { entity, engineer, project, actor, calendar } = namesOf(event);
    const entityName =
      entity.kind === 'assignment' ? `${engineer ?? 'engineer'} on ${project ?? 'project'}`
      : entity.kind === 'calendar' ? (entity.id === DEFAULT_CALENDAR_ID ? CALENDAR_NAME : calendar ?? CALENDAR_NAME)
      : entity.kind === 'account' ? (isAccountEvent(event) ? event.data.email : entity.id)
      : entity.kind === 'team' ? teamName(entity.id) ?? (isTeamEvent(event) ? event.data.name : entity.id)
      : entity.kind === 'staffing' ? `request for ${project ?? 'a project'}`
      : (entity.kind === 'engineer' ? engineer : project) ?? entity.id;
    const undoOf = event.metadata.undoOf;
    const undone = undoOf ? undoneOn(event, undoOf) : null;
    const summary = undoOf ? describeUndo(actor.name, undone && { actor: undone.actor.name, deeds: undone.deeds }) : describeEvent(event, { actor: actor.name, engineer, project, engineerName, projectName, calendar, teamName });
    const undid = undoOf && undone ? { undid: { commandId: undoOf, actor: undone.actor } } : {};
    const scenarioId = event.metadata.scenarioId;
    if (!scenarioId) return { ...event, actor, entity: { ...entity, name: entityName }, summary, ...undid };
    const scenario = { id: scenarioId, name: scenarios.get(scenarioId) ?? 'a scenario' };
    const reason = event.metadata.proposed?.reason;
    const published = describePublished(summary, { scenario: scenario.name, actor: actor.name, proposed: reason });
    return { ...event, actor, entity: { ...entity, name: entityName }, summary: published, scenario, ...(reason ? { proposed: { reason } } : {}), ...undid };
  });
}

/** Current names, falling back to the name an entity was created with (for anything no longer listed). */
async function entityNames(db: DbOrTrx, engineerIds: string[], projectIds: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (engineerIds.length > 0) {
    for (const r of await db.selectFrom('engineers').select(['id', 'name']).where('id', 'in', engineerIds).execute()) names.set(r.id, r.name);
  }
  if (projectIds.length > 0) {
    for (const r of await db.selectFrom('projects').select(['id', 'name']).where('id', 'in', projectIds).execute()) names.set(r.id, r.name);
  }
  return names;
}

/**
 * The names of the holiday calendars a page's events are about: from the read model, and for a removed
 * calendar from its own events on the page (its creation or removal says its name).
 */
async function holidayCalendarNames(db: DbOrTrx, events: readonly RecordedEvent[]): Promise<Map<string, string>> {
  const ids = new Set<string>();
  const fromEvents = new Map<string, string>();
  for (const event of events) {
    const entity = streamEntity(event.streamId);
    if (entity?.kind === 'calendar') ids.add(entity.id);
    if (event.type === 'EngineerCalendarChanged') ids.add(event.data.calendarId);
    if (event.type === 'HolidayCalendarCreated' || event.type === 'HolidayCalendarRemoved' || event.type === 'HolidayCalendarRenamed') {
      fromEvents.set(event.data.calendarId, event.data.name);
    }
  }
  if (ids.size === 0) return fromEvents;
  const rows = await db.selectFrom('holiday_calendars').select(['id', 'name']).where('id', 'in', [...ids]).execute();
  return new Map([...fromEvents, ...rows.map((r): [string, string] => [r.id, r.name])]);
}
