import { compareCursorTexts } from '../../domain/cursor.ts';
import type { RecordedEvent } from '../../domain/events.ts';
import { applyToPlan } from '../../domain/plan.ts';
import { listPosition } from '../lib/api.ts';
import { includedIn, minCursor, parseSnapshot, type PgSnapshot } from '../lib/snapshot.ts';
import { assignmentsStore, loadAssignments, setAssignments } from './assignments.ts';
import {
  holidayCalendarsStore, holidaysStore, loadHolidayCalendars, loadHolidays, loadPlaceholders, loadTimeOff, placeholdersStore, setHolidayCalendars,
  setHolidays, setPlaceholders, setTimeOff, timeOffStore,
} from './capacityFacts.ts';
import { type Collection, observeLoads } from './collection.ts';
import { engineersStore, loadEngineers, setEngineers } from './engineers.ts';
import { applyToProfile, currentPlan } from './plan.ts';
import { loadProjects, projectsStore, setProjects } from './projects.ts';

/**
 * Live events folded into the valtio collections exactly once .
 *
 * Each list remembers the PostgreSQL snapshot its last load was read in (X-Snapshot): an event whose
 * transaction is visible in it is already in the list and is skipped; any other event is folded in with
 * the domain's `applyToPlan`, once (its cursor is remembered until the next load). Events that arrive
 * while a load is in flight are kept and folded into the new answer when it lands, unless its snapshot
 * already includes them. An event received before a load began always committed before that load's
 * snapshot was taken, so it is included; only events received during a load need that replay.
 *
 * The socket must start from a cursor no list is ahead of: `startCursor()` is the smallest X-Cursor of
 * the loaded lists, taken once no load is in flight. Below the socket's first cursor (or a 'reload'
 * cursor) the client never received events: a list that loads with an older X-Cursor than that floor
 * (its request raced the socket's start) is loaded again rather than left with a hole.
 */
export type ListName = 'engineers' | 'projects' | 'assignments' | 'timeOff' | 'holidays' | 'placeholders' | 'holidayCalendars';
export const LIST_NAMES: readonly ListName[] = ['engineers', 'projects', 'assignments', 'timeOff', 'holidays', 'placeholders', 'holidayCalendars'];

type Position = { cursor: string; snapshot: PgSnapshot };
type Tracking = { position: Position | null; applied: Set<string>; holeReloads: number };

const lists: Record<ListName, { state: Collection<unknown>; set: (data: never) => void; load: () => Promise<boolean> }> = {
  engineers: { state: engineersStore as Collection<unknown>, set: setEngineers, load: loadEngineers },
  projects: { state: projectsStore as Collection<unknown>, set: setProjects, load: loadProjects },
  assignments: { state: assignmentsStore as Collection<unknown>, set: setAssignments, load: loadAssignments },
  timeOff: { state: timeOffStore as Collection<unknown>, set: setTimeOff, load: loadTimeOff },
  holidays: { state: holidaysStore as Collection<unknown>, set: setHolidays, load: loadHolidays },
  placeholders: { state: placeholdersStore as Collection<unknown>, set: setPlaceholders, load: loadPlaceholders },
  holidayCalendars: { state: holidayCalendarsStore as Collection<unknown>, set: setHolidayCalendars, load: loadHolidayCalendars },
};

const MAX_HOLE_RELOADS = 3;
const fresh = (): Tracking => ({ position: null, applied: new Set(), holeReloads: 0 });
const freshTracking = () => Object.fromEntries(LIST_NAMES.map((name) => [name, fresh()])) as Record<ListName, Tracking>;
let tracking = freshTracking();
let inFlight = 0;
let journal: RecordedEvent[] = [];
let floor: string | null = null;
const settledListeners = new Set<() => void>();
const planListeners = new Set<(event: RecordedEvent | null) => void>();

const nameOf = (state: Collection<unknown>): ListName | undefined => LIST_NAMES.find((name) => lists[name].state === state);

/** Whether `event` still has to be folded into the list: loaded, not in its snapshot, not applied yet. */
export function isNewTo(name: ListName, event: Pick<RecordedEvent, 'cursor'>): boolean {
  if (!lists[name].state.loaded) return false;
  const { position, applied } = tracking[name];
  if (applied.has(event.cursor)) return false;
  return !(position && includedIn(position.snapshot, event.cursor));
}

function applyTo(event: RecordedEvent, names: readonly ListName[]): ListName[] {
  const takers = names.filter((name) => isNewTo(name, event));
  if (takers.length === 0) return takers;
  for (const name of takers) tracking[name].applied.add(event.cursor);
  const before = currentPlan();
  const after = applyToPlan(before, event, event.streamPosition);
  for (const name of takers) if (after[name] !== before[name]) (lists[name].set as (data: unknown) => void)(after[name]);
  return takers;
}

/**
 * One event from the live channel: folded into every loaded list that does not have it yet, and into
 * the signed-in user's profile. Returns the lists it changed the knowledge of (empty for a duplicate).
 */
export function receiveEvent(event: RecordedEvent): ListName[] {
  if (inFlight > 0) journal.push(event);
  const takers = applyTo(event, LIST_NAMES);
  // A calendar's rule brings days no event lists (they are worked out by the server for the years read): the holidays are read again.
  if (event.type === 'HolidayCalendarRuleSet' && takers.includes('holidayCalendars') && lists.holidays.state.loaded) void lists.holidays.load();
  applyToProfile(event);
  for (const listener of [...planListeners]) listener(event);
  return takers;
}

/**
 * Called with every event of the live channel (after it is folded into the lists), and with null
 * when every list was read again instead: for views that ask the server for their rows (a searched,
 * paged list), which cannot fold an event in and ask again.
 */
export function onPlanEvent(listener: (event: RecordedEvent | null) => void): () => void {
  planListeners.add(listener);
  return () => void planListeners.delete(listener);
}

observeLoads({
  started(state) {
    if (nameOf(state)) inFlight += 1;
  },
  loaded(state, data) {
    const name = nameOf(state);
    if (!name) return;
    const position = listPosition(data);
    const snapshot = parseSnapshot(position?.snapshot);
    const track = tracking[name];
    track.position = position && snapshot ? { cursor: position.cursor, snapshot } : null;
    track.applied = new Set();
    for (const event of journal) applyTo(event, [name]);
    if (floor && track.position && compareCursorTexts(track.position.cursor, floor) < 0 && track.holeReloads < MAX_HOLE_RELOADS) {
      track.holeReloads += 1;
      queueMicrotask(() => void lists[name].load());
    } else {
      track.holeReloads = 0;
    }
  },
  ended(state) {
    if (!nameOf(state)) return;
    inFlight = Math.max(0, inFlight - 1);
    if (inFlight > 0) return;
    journal = [];
    for (const listener of [...settledListeners]) listener();
  },
});

/** Loads of the lists in flight right now. */
export const loadsInFlight = () => inFlight;

/** The cursor to start the live channel from: the smallest X-Cursor of the loaded lists (null: none loaded). */
export const startCursor = (): string | null =>
  minCursor(LIST_NAMES.flatMap((name) => (lists[name].state.loaded && tracking[name].position ? [tracking[name].position!.cursor] : [])));

/** The live channel starts (or was told to reload) at `cursor`: no event at or below it will arrive. */
export function setFloor(cursor: string) {
  floor = cursor;
}

/** Called whenever the last load in flight ends. */
export function onLoadsSettled(listener: () => void): () => void {
  settledListeners.add(listener);
  return () => void settledListeners.delete(listener);
}

/** The server said the client is too far behind to replay: every loaded list is read again. */
export async function reloadLoadedLists(): Promise<void> {
  await Promise.all(LIST_NAMES.filter((name) => lists[name].state.loaded).map((name) => lists[name].load()));
  for (const listener of [...planListeners]) listener(null);
}

/** Forgets everything (the session ended). */
export function resetLiveSync() {
  tracking = freshTracking();
  journal = [];
  floor = null;
}
