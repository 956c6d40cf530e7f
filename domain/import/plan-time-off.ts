import { decideBookTimeOff, decideCancelTimeOff } from '../decide/time-off.ts';
import type { Engineer, TimeOff } from '../entities.ts';
import type { EngineerEvent } from '../events.ts';
import { evolveEngineerRecord, type EngineerRecord, withEntry } from '../evolve.ts';
import type { BookTimeOffInput } from '../inputs.ts';
import { timeOffMessages as T } from '../messages.ts';
import { decideRow, errorRow, repeatedKeys, updateRow } from './plan-rows.ts';
import { timeOffRowInput, type RowValues } from './rows.ts';
import type { PlannedRow } from './types.ts';

export type TimeOffFields = Omit<BookTimeOffInput, 'version'>;

/** A new booking, or one with the same days whose kind or note changes: cancelled and booked again (there is no edit event). */
export type TimeOffCommand =
  | { type: 'book'; engineerId: string; input: TimeOffFields }
  | { type: 'rebook'; engineerId: string; timeOffId: string; input: TimeOffFields };

export type TimeOffNow = { engineers: readonly Engineer[]; timeOff: readonly TimeOff[] };

const importer = { id: 'import', role: 'manager' };
const sameNote = (a?: string, b?: string) => (a ?? '') === (b ?? '');

/**
 * Per row: book time off, rebook the booking with the same engineer and days when its kind or note
 * differ, or nothing to do. Each row is decided against the bookings before it, the file's own
 * included, so two rows that overlap are refused as the API would refuse the second.
 */
export function planTimeOff(rows: readonly RowValues[], now: TimeOffNow): PlannedRow<TimeOffCommand>[] {
  const engineers = new Map(now.engineers.map((e) => [e.email.toLowerCase(), e]));
  const states = new Map<string, EngineerRecord>(now.engineers.map((e) => [e._id, { engineer: e, timeOff: {} }]));
  for (const booking of now.timeOff) {
    const state = states.get(booking.engineerId);
    if (state) state.timeOff = withEntry(state.timeOff, booking._id, booking);
  }
  const fold = (engineerId: string, events: EngineerEvent[]) => {
    const state = events.reduce<EngineerRecord | null>((s, event) => evolveEngineerRecord(s, event, 0), states.get(engineerId)!);
    states.set(engineerId, state!);
  };
  const repeated = repeatedKeys();

  return rows.map((row, index): PlannedRow<TimeOffCommand> => {
    const { value, errors } = timeOffRowInput(row);
    if (!value) return errorRow(row.line, (row.values.engineerEmail ?? '').trim(), errors);
    const key = `${value.engineerEmail} from ${value.from} to ${value.to}`;
    const repeats = repeated(row.line, key, 'engineer and days');
    if (repeats.length > 0) return errorRow(row.line, key, repeats);
    const engineer = engineers.get(value.engineerEmail);
    if (!engineer) return errorRow(row.line, key, [{ line: row.line, column: 'engineerEmail', message: T.engineerNotFound }]);
    const { engineerEmail: _email, ...input } = value;
    const state = states.get(engineer._id)!;
    const booked = Object.values(state.timeOff).find((t) => t.from === input.from && t.to === input.to);
    if (booked && booked.kind === input.kind && sameNote(booked.note, input.note)) {
      return { line: row.line, key, action: 'unchanged', changes: [], errors: [] };
    }
    const timeOffId = `planned-${index}`;
    const decided = decideRow(row.line, () => {
      const cancelled = booked ? decideCancelTimeOff(state, { timeOffId: booked._id, actor: importer }) : [];
      const after = cancelled.reduce<EngineerRecord | null>((s, event) => evolveEngineerRecord(s, event, 0), state);
      return [...cancelled, ...decideBookTimeOff(after, { timeOffId, input, actor: importer })];
    });
    if (!decided.value) return errorRow(row.line, key, decided.errors);
    fold(engineer._id, decided.value);
    if (!booked) return { line: row.line, key, action: 'create', changes: [], errors: [], command: { type: 'book', engineerId: engineer._id, input } };
    const diff = [
      ...(booked.kind === input.kind ? [] : [{ field: 'kind', from: booked.kind, to: input.kind }]),
      ...(sameNote(booked.note, input.note) ? [] : [{ field: 'note', from: booked.note ?? '', to: input.note ?? '' }]),
    ];
    return updateRow(row.line, key, diff, { type: 'rebook', engineerId: engineer._id, timeOffId: booked._id, input });
  });
}
