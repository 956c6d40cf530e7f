import { DomainError } from '../errors.ts';
import type { EngineerEvent } from '../events.ts';
import { entryOf, type EngineerRecord } from '../evolve.ts';
import type { BookTimeOffInput } from '../inputs.ts';
import { timeOffMessages as T } from '../messages.ts';

export type TimeOffActor = { id: string; role: string };

/** A manager books and cancels anyone's time off; an engineer only their own; anyone else nobody's. */
function authorise(state: EngineerRecord, actor: TimeOffActor) {
  const allowed = actor.role === 'manager' || (actor.role === 'engineer' && actor.id === state.engineer._id);
  if (!allowed) throw new DomainError('forbidden', T.ownOnly);
}

/**
 * Books whole days off. Bookings of one engineer never overlap: a day is off or not, and a second
 * booking over the same days would leave it unclear which one a cancellation gives back.
 */
export function decideBookTimeOff(
  state: EngineerRecord | null,
  command: { timeOffId: string; input: BookTimeOffInput; actor: TimeOffActor },
): EngineerEvent[] {
  if (!state) throw new DomainError('not-found', T.engineerNotFound);
  authorise(state, command.actor);
  if (entryOf(state.timeOff, command.timeOffId)) throw new DomainError('conflict', 'Time off already exists');
  const { from, to, kind, note } = command.input;
  const clash = Object.values(state.timeOff).find((booked) => booked.from <= to && from <= booked.to);
  if (clash) throw new DomainError('conflict', T.overlaps(clash.from, clash.to), 'from');
  return [{
    type: 'TimeOffBooked',
    data: { timeOffId: command.timeOffId, engineerId: state.engineer._id, from, to, kind, ...(note ? { note } : {}) },
  }];
}

export function decideCancelTimeOff(
  state: EngineerRecord | null,
  command: { timeOffId: string; actor: TimeOffActor },
): EngineerEvent[] {
  if (!state) throw new DomainError('not-found', T.engineerNotFound);
  authorise(state, command.actor);
  const booked = entryOf(state.timeOff, command.timeOffId);
  if (!booked) throw new DomainError('not-found', T.notFound);
  const { engineerId, from, to, kind } = booked;
  return [{ type: 'TimeOffCancelled', data: { timeOffId: booked._id, engineerId, from, to, kind } }];
}
