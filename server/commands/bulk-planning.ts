import { v7 as uuidv7 } from 'uuid';
import {
  decideOnOneStream, DomainError, engineerMessages, readerOf,
  type AssignmentEvent, type AssignmentRecord, type CreateAssignmentInput, type EngineerEvent, type ProjectEvent, type CreateProjectInput, type Engineer, type EventMetadata, type PlanningCommand,
  type EngineerRecord, type Project, type ProjectRecord, type UpdateAssignmentInput, type UpdateEngineerInput, type UpdateProjectInput,
} from '../../domain/index.ts';
import type { EngineerRowInput } from '../../domain/import/index.ts';
import { takenEmails } from '../auth/accounts.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { type CommandResult, executeCommands } from './execute.ts';
import { assignmentStream, engineerStream, projectStream } from './streams.ts';
import { lockedWeeksByEngineer } from '../read-models/actuals.ts';
import { orgTimeZone } from '../runtime/org-time-zone.ts';

/**
 * planning.ts's use cases for many entities at once, inside the caller's transaction: the same commands,
 * decided by the same command table (domain/commands), the same events, read models and hash chains, a
 * few statements per batch instead of a few per entity. What one call does is all or nothing with its
 * transaction. Used by the CSV import and the large-plan generator.
 */

const actorOf = (metadata: EventMetadata) => ({ id: metadata.actorId, role: metadata.actorRole });
const one = <S>(id: string, state: S | null) => new Map([[id, state]]);
/** The engineer or the project a result's stream holds, as the single commands answer it. */
const engineersOf = (results: readonly CommandResult<EngineerRecord>[]): CommandResult<Engineer>[] => results.map((r) => ({ ...r, state: r.state?.engineer ?? null }));
const projectsOf = (results: readonly CommandResult<ProjectRecord>[]): CommandResult<Project>[] => results.map((r) => ({ ...r, state: r.state?.project ?? null }));

/** Registers engineers' planning records; an admin invites whoever should sign in. */
export async function registerEngineers(trx: DbOrTrx, inputs: readonly EngineerRowInput[], metadata: EventMetadata) {
  const taken = await takenEmails(trx, inputs.map((input) => input.email));
  if (taken.length > 0) throw new DomainError('conflict', `${engineerMessages.emailTaken}: ${taken[0]}`, 'email');
  const commands = inputs.map((input): PlanningCommand & { kind: 'registerEngineer' } => ({ kind: 'registerEngineer', engineerId: uuidv7(), input }));
  return engineersOf(await executeCommands(trx, engineerStream, commands.map((command) => ({
    id: command.engineerId, expectedVersion: 0, newId: true,
    decide: (state: EngineerRecord | null) => decideOnOneStream<EngineerEvent>(command, { read: readerOf({ engineerRecord: one(command.engineerId, state) }), actor: actorOf(metadata) }),
  })), metadata));
}

export async function updateEngineers(trx: DbOrTrx, updates: readonly { engineerId: string; input: UpdateEngineerInput }[], metadata: EventMetadata) {
  return engineersOf(await executeCommands(trx, engineerStream, updates.map(({ engineerId, input }) => ({
    id: engineerId,
    decide: (state: EngineerRecord | null) =>
      decideOnOneStream<EngineerEvent>({ kind: 'updateEngineer', engineerId, input }, { read: readerOf({ engineerRecord: one(engineerId, state) }), actor: actorOf(metadata) }),
  })), metadata));
}

export async function createProjects(trx: DbOrTrx, inputs: readonly CreateProjectInput[], metadata: EventMetadata) {
  return projectsOf(await executeCommands(trx, projectStream, inputs.map((input) => {
    const projectId = uuidv7();
    return {
      id: projectId, expectedVersion: 0, newId: true,
      decide: (state: ProjectRecord | null) =>
        decideOnOneStream<ProjectEvent>({ kind: 'createProject', projectId, input }, { read: readerOf({ projects: one(projectId, state?.project ?? null) }), actor: actorOf(metadata) }),
    };
  }), metadata));
}

export async function updateProjects(trx: DbOrTrx, updates: readonly { projectId: string; input: UpdateProjectInput }[], metadata: EventMetadata) {
  return projectsOf(await executeCommands(trx, projectStream, updates.map(({ projectId, input }) => ({
    id: projectId,
    decide: (state: ProjectRecord | null) =>
      decideOnOneStream<ProjectEvent>({ kind: 'updateProject', projectId, input }, { read: readerOf({ projects: one(projectId, state?.project ?? null) }), actor: actorOf(metadata) }),
  })), metadata));
}

/** Read-model documents by id, as the single commands read them with findEngineer / findProject. */
async function docsById<T extends 'engineers' | 'projects'>(trx: DbOrTrx, table: T, ids: readonly string[]) {
  type Doc = T extends 'engineers' ? Engineer : Project;
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, Doc>();
  const rows = await trx.selectFrom(table as 'projects').select('doc').where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.doc._id, r.doc as Doc]));
}

export async function createAssignments(trx: DbOrTrx, inputs: readonly CreateAssignmentInput[], metadata: EventMetadata) {
  const [engineers, projects, lockedWeeks] = await Promise.all([
    docsById(trx, 'engineers', inputs.map((i) => i.engineerId)),
    docsById(trx, 'projects', inputs.map((i) => i.projectId)),
    lockedWeeksByEngineer(trx, inputs.map((i) => i.engineerId)),
  ]);
  return executeCommands(trx, assignmentStream, inputs.map((input) => {
    const assignmentId = uuidv7();
    return {
      id: assignmentId, expectedVersion: 0, newId: true,
      decide: (state: AssignmentRecord | null) => decideOnOneStream<AssignmentEvent>(
        { kind: 'createAssignment', assignmentId, input },
        { read: readerOf({ engineers, projects, assignments: one(assignmentId, state), lockedWeeks }), actor: actorOf(metadata), timeZone: orgTimeZone() },
      ),
    };
  }), metadata);
}

export async function updateAssignments(trx: DbOrTrx, updates: readonly { assignmentId: string; input: UpdateAssignmentInput }[], metadata: EventMetadata) {
  const ids = updates.map((u) => u.assignmentId);
  const rows = ids.length === 0 ? [] : await trx.selectFrom('assignments').select(['project_id', 'engineer_id']).where('id', 'in', ids).execute();
  const [projects, lockedWeeks] = await Promise.all([
    docsById(trx, 'projects', rows.map((r) => r.project_id)),
    lockedWeeksByEngineer(trx, [...rows.map((r) => r.engineer_id), ...updates.flatMap((u) => (u.input.engineerId ? [u.input.engineerId] : []))]),
  ]);
  return executeCommands(trx, assignmentStream, updates.map(({ assignmentId, input }) => ({
    id: assignmentId,
    decide: (state: AssignmentRecord | null) => decideOnOneStream<AssignmentEvent>(
      { kind: 'updateAssignment', assignmentId, input },
      { read: readerOf({ projects, assignments: one(assignmentId, state), lockedWeeks }), actor: actorOf(metadata), timeZone: orgTimeZone() },
    ),
  })), metadata);
}

/**
 * Engineers follow a holiday calendar from a date, many at once (the Engineers screen's selection, the
 * engineers CSV's `calendar` column), each by the one followCalendar decision. `calendar` is the calendar
 * as read (the caller has checked it exists); an engineer not found refuses the lot.
 */
export async function followCalendars(
  trx: DbOrTrx,
  follows: readonly { engineerId: string; calendar: { _id: string; name: string }; from: string }[],
  metadata: EventMetadata,
) {
  return engineersOf(await executeCommands(trx, engineerStream, follows.map(({ engineerId, calendar, from }) => ({
    id: engineerId,
    decide: (state: EngineerRecord | null) => decideOnOneStream<EngineerEvent>(
      { kind: 'followCalendar', engineerId, input: { calendarId: calendar._id, from } },
      { read: readerOf({ engineerRecord: one(engineerId, state), holidayCalendars: one(calendar._id, calendar) }), actor: actorOf(metadata) },
    ),
  })), metadata));
}

type EngineerDaysCommand = Extract<PlanningCommand, { kind: 'changeWorkWeek' | 'setEmployment' | 'followCalendar' }>;

/**
 * Work weeks, employment dates and calendars of many engineers at once (the engineers CSV, the Engineers
 * screen's bulk change), each by its one decision; `calendars` are those a followCalendar names, as read.
 * An engineer not found refuses the lot.
 */
export async function changeEngineersDays(
  trx: DbOrTrx,
  commands: readonly EngineerDaysCommand[],
  metadata: EventMetadata,
  calendars: ReadonlyMap<string, { _id: string; name: string }> = new Map(),
) {
  return engineersOf(await executeCommands(trx, engineerStream, commands.map((command) => ({
    id: command.engineerId,
    decide: (state: EngineerRecord | null) => decideOnOneStream<EngineerEvent>(
      command,
      { read: readerOf({ engineerRecord: one(command.engineerId, state), holidayCalendars: calendars as Map<string, never> }), actor: actorOf(metadata) },
    ),
  })), metadata));
}

/** Projects marked tentative or confirmed (the projects CSV's `tentative` column). */
export async function markProjectsTentative(trx: DbOrTrx, marks: readonly { projectId: string; tentative: boolean }[], metadata: EventMetadata) {
  return projectsOf(await executeCommands(trx, projectStream, marks.map(({ projectId, tentative }) => ({
    id: projectId,
    decide: (state: ProjectRecord | null) => decideOnOneStream<ProjectEvent>(
      { kind: tentative ? 'markTentative' : 'confirmProject', projectId },
      { read: readerOf({ projects: one(projectId, state?.project ?? null) }), actor: actorOf(metadata) },
    ),
  })), metadata));
}
