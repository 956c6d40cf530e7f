import { entryOf, isActualsEvent, isTimeOffEvent, type ActualsWeek, type EngineerEvent, type EngineerTimeOff, type TimeOff } from '../../domain/index.ts';
import type { Writer } from '../db/connect.ts';
import { projectEngineer } from './engineers.ts';
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
export async function projectEngineerTimeOff(db: Writer, id: string, state: EngineerTimeOff | null, events: readonly EngineerEvent[]) {
  await projectEngineer(db, id, state?.engineer ?? null);
  const touched = events.filter(isTimeOffEvent).map((event) => event.data.timeOffId);
  await projectFacts(db, 'time_off', touched, (timeOffId) => (state ? entryOf(state.timeOff, timeOffId) : undefined), timeOffRow);
  const weeks = events.filter(isActualsEvent).map((event) => event.data.week);
  await projectFacts(db, 'actuals', weeks.map((week) => `${id} ${week}`), (key) => (state?.actuals ? entryOf(state.actuals, key.slice(id.length + 1)) : undefined), actualsRow);
}
