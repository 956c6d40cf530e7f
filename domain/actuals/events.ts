/**
 * What was done, per engineer and ISO week, in hours per project (design section 13). The facts live on
 * the engineer's stream, so a week's version is the engineer's, and a lock is one event per engineer:
 * locking a week for everyone is many streams written in one transaction.
 */
export type ActualsEntry = { projectId: string; hours: number };

/** The whole week as recorded: a later ActualsRecorded replaces it, so the history keeps every correction. */
export type ActualsRecorded = {
  type: 'ActualsRecorded';
  data: {
    engineerId: string;
    week: string;
    entries: ActualsEntry[];
    note?: string;
    /** Why a locked week was changed (a manager must say). */
    reason?: string;
    /** The week's entries before, so the history reads 'from 30 h to 34 h on Portal' without a replay. */
    previous?: ActualsEntry[];
  };
};
export type ActualsWeekLocked = { type: 'ActualsWeekLocked'; data: { engineerId: string; week: string } };
export type ActualsWeekUnlocked = { type: 'ActualsWeekUnlocked'; data: { engineerId: string; week: string; reason: string } };
export type ActualsEvent = ActualsRecorded | ActualsWeekLocked | ActualsWeekUnlocked;

export const actualsEventTypes = ['ActualsRecorded', 'ActualsWeekLocked', 'ActualsWeekUnlocked'] as const;

/** One engineer's week as it stands. */
export type ActualsWeek = {
  engineerId: string;
  week: string;
  entries: ActualsEntry[];
  note?: string;
  /** Whether anything was ever recorded: a week that was only locked has no entries, and is not filled. */
  recorded: boolean;
  locked: boolean;
  /** The engineer stream's version when the week last changed. */
  version: number;
};

export const isActualsEvent = (event: { type: string }): event is ActualsEvent =>
  (actualsEventTypes as readonly string[]).includes(event.type);

export const emptyWeek = (engineerId: string, week: string): ActualsWeek => ({ engineerId, week, entries: [], recorded: false, locked: false, version: 0 });

/** The week after one event. */
export function evolveActualsWeek(state: ActualsWeek | null, event: ActualsEvent, version: number): ActualsWeek {
  const week = state ?? emptyWeek(event.data.engineerId, event.data.week);
  switch (event.type) {
    case 'ActualsRecorded': {
      const { note: _old, ...rest } = week;
      return { ...rest, entries: event.data.entries, ...(event.data.note ? { note: event.data.note } : {}), recorded: true, version };
    }
    case 'ActualsWeekLocked':
      return { ...week, locked: true, version };
    case 'ActualsWeekUnlocked':
      return { ...week, locked: false, version };
    default: {
      // Exhaustive without importing the event table (events.ts imports this file's types).
      const unhandled: never = event;
      throw new Error(`Unhandled actuals event: ${JSON.stringify(unhandled)}`);
    }
  }
}

/** An engineer's weeks by key, after one event. */
export function evolveActualsWeeks(weeks: Readonly<Record<string, ActualsWeek>>, event: ActualsEvent, version: number): Record<string, ActualsWeek> {
  const key = event.data.week;
  const next = evolveActualsWeek(Object.hasOwn(weeks, key) ? weeks[key]! : null, event, version);
  const copy = { ...weeks };
  // Defined, not assigned: a week key is validated, but the fold never trusts a key to be harmless.
  Object.defineProperty(copy, key, { value: next, enumerable: true, writable: true, configurable: true });
  return copy;
}
