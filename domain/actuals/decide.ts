import { DomainError } from '../errors.ts';
import type { EngineerRecord } from '../evolve.ts';
import type { ActualsEntry, ActualsEvent, ActualsWeek } from './events.ts';
import { MAX_WEEK_HOURS, withinWeek, type RecordActualsInput } from './inputs.ts';
import { actualsMessages as M } from './messages.ts';

export type ActualsActor = { id: string; role: string };

/** The engineer stream as the actuals rules read it: the engineer and their weeks. */
type EngineerStream = Pick<EngineerRecord, 'engineer' | 'actuals'>;

const weekIn = (state: EngineerStream, week: string): ActualsWeek | null =>
  state.actuals && Object.hasOwn(state.actuals, week) ? state.actuals[week]! : null;

const sameEntries = (a: readonly ActualsEntry[], b: readonly ActualsEntry[]) =>
  a.length === b.length && a.every((entry, i) => entry.projectId === b[i]!.projectId && entry.hours === b[i]!.hours);

/**
 * Records a whole week (design section 13). An engineer writes only their own week, and not once it is
 * locked (409 WEEK_LOCKED); a manager writes anyone's, and says why when the week is locked, so every
 * correction of a closed week keeps its reason in the history. Recording the same week again changes nothing.
 */
export function decideRecordActuals(
  state: EngineerStream | null,
  command: { week: string; input: Pick<RecordActualsInput, 'entries' | 'note' | 'reason'>; actor: ActualsActor; projectExists: (id: string) => boolean },
): ActualsEvent[] {
  if (!state) throw new DomainError('not-found', M.engineerNotFound);
  const { actor, week, input } = command;
  const engineerId = state.engineer._id;
  const manager = actor.role === 'manager';
  if (!manager && !(actor.role === 'engineer' && actor.id === engineerId)) throw new DomainError('forbidden', M.ownOnly);
  const current = weekIn(state, week);
  if (current?.locked) {
    if (!manager) throw new DomainError('conflict', M.weekLocked(week), 'week', 'WEEK_LOCKED');
    if (!input.reason) throw new DomainError('invalid', M.reasonRequired, 'reason');
  }
  // The input schema says this too; the import's summed rows arrive here without it.
  if (!withinWeek(input.entries)) throw new DomainError('invalid', M.weekTooLong(MAX_WEEK_HOURS), 'entries');
  input.entries.forEach((entry, i) => {
    if (!command.projectExists(entry.projectId)) throw new DomainError('invalid', M.projectNotFound(entry.projectId), `entries.${i}.projectId`);
  });
  // Zero-hour lines say nothing: a week is the projects worked on.
  const entries = input.entries.filter((e) => e.hours > 0).map(({ projectId, hours }) => ({ projectId, hours }));
  if (current?.recorded && sameEntries(current.entries, entries) && (current.note ?? '') === (input.note ?? '')) return [];
  return [{
    type: 'ActualsRecorded',
    data: {
      engineerId, week, entries,
      ...(input.note ? { note: input.note } : {}),
      ...(current?.locked && input.reason ? { reason: input.reason } : {}),
      ...(current?.recorded ? { previous: current.entries } : {}),
    },
  }];
}

function managersOnly(actor: ActualsActor) {
  if (actor.role !== 'manager') throw new DomainError('forbidden', M.managersOnly);
}

/** Locks one engineer's week; a week already locked stays as it is, so "lock for everyone" can be asked twice. */
export function decideLockWeek(state: EngineerStream | null, command: { week: string; actor: ActualsActor }): ActualsEvent[] {
  if (!state) throw new DomainError('not-found', M.engineerNotFound);
  managersOnly(command.actor);
  if (weekIn(state, command.week)?.locked) return [];
  return [{ type: 'ActualsWeekLocked', data: { engineerId: state.engineer._id, week: command.week } }];
}

/** Opens a locked week again, with the reason kept in the history; an open week needs nothing. */
export function decideUnlockWeek(state: EngineerStream | null, command: { week: string; reason: string; actor: ActualsActor }): ActualsEvent[] {
  if (!state) throw new DomainError('not-found', M.engineerNotFound);
  managersOnly(command.actor);
  if (!command.reason.trim()) throw new DomainError('invalid', M.unlockReasonRequired, 'reason');
  if (!weekIn(state, command.week)?.locked) return [];
  return [{ type: 'ActualsWeekUnlocked', data: { engineerId: state.engineer._id, week: command.week, reason: command.reason } }];
}
