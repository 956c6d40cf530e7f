import { entryOf, isActualsEvent, isTimeOffEvent, type ActualsWeek, type EngineerEvent, type EngineerRecord, type TimeOff } from '../../domain/index.ts';
import type { DbOrTrx, Writer } from '../db/connect.ts';
import { projectEngineer, projectEngineers } from './engineers.ts';
import { projectMany, type ProjectedState } from './many.ts';
import { projectFacts } from './facts.ts';

/** The read-model row of one booking (also used by the rebuild). */
export const timeOffRow = (state: TimeOff) => ({
  id: state._id,
  engineer_id: state.engineerId,
  from_date: state.from,
  to_date: state.to,
  version: state.version,
  doc: JSON.stringify(state),
});

/** The read-model row of one engineer's week of actuals (also used by the rebuild). */
export const actualsRow = (week: ActualsWeek) => ({
  id: `${week.engineerId} ${week.week}`,
  engineer_id: week.engineerId,
  week: week.week,
  version: week.version,
  doc: JSON.stringify(week),
});

/** The engineer (their version moves with every booking and week) and the bookings and weeks these events touched. */
export async function projectEngineerRecord(db: Writer, id: string, state: EngineerRecord | null, events: readonly EngineerEvent[]) {
  await projectEngineer(db, id, state?.engineer ?? null);
  const touched = events.filter(isTimeOffEvent).map((event) => event.data.timeOffId);
  await projectFacts(db, 'time_off', touched, (timeOffId) => (state ? entryOf(state.timeOff, timeOffId) : undefined), timeOffRow);
  await projectFacts(db, 'actuals', weeksTouched(id, events), (key) => weekOf(state, id, key), actualsRow);
}

const weeksTouched = (id: string, events: readonly EngineerEvent[]) => [...new Set(events.filter(isActualsEvent).map((event) => `${id} ${event.data.week}`))];
const weekOf = (state: EngineerRecord | null, id: string, key: string) => (state?.actuals ? entryOf(state.actuals, key.slice(id.length + 1)) : undefined);

/**
 * Many engineer streams after a batch (a week locked for everyone, an import of actuals): the engineers
 * and the weeks touched in a few statements; time off, rare in a batch, one stream at a time.
 */
export async function projectEngineerRecords(db: DbOrTrx, states: readonly ProjectedState<EngineerRecord>[]) {
  await projectEngineers(db, states.map(({ id, state }) => ({ id, state: state?.engineer ?? null })));
  const weeks = states.flatMap(({ id, state, events = [] }) =>
    weeksTouched(id, events as EngineerEvent[]).map((key) => ({ id: key, state: weekOf(state, id, key) ?? null })));
  await projectMany(db, 'actuals', actualsRow, weeks);
  for (const { id, state, events = [] } of states) {
    const touched = (events as EngineerEvent[]).filter(isTimeOffEvent).map((event) => event.data.timeOffId);
    if (touched.length > 0) await projectFacts(db as Writer, 'time_off', touched, (timeOffId) => (state ? entryOf(state.timeOff, timeOffId) : undefined), timeOffRow);
  }
}
