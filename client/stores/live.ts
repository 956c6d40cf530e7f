import { useSelector } from '@xstate/react';
import { createActor } from 'xstate';
import type { RecordedEvent } from '../../domain/events.ts';
import { socketIoActor } from '../lib/liveClient.ts';
import { liveConnectionMachine, liveStatusOf } from '../machines/liveConnection.machine.ts';
import { assignmentsStore, loadAssignments } from './assignments.ts';
import { callsOf } from './calls.ts';
import { loadHolidays } from './capacityFacts.ts';
import { type ListName, loadsInFlight, onLoadsSettled, receiveEvent, reloadLoadedLists, resetLiveSync, setFloor, startCursor } from './liveSync.ts';
import { profileStore } from './profile.ts';
import { projectsStore } from './projects.ts';
import { registerSignOutCleanup, sessionActor } from './session.ts';

/** 'New assignment: <project>' for the signed-in engineer. */
export type AssignmentNotice = { assignmentId: string; projectName: string; role: string; allocationPercentage: number; startDate: string; endDate: string };

const noticeListeners = new Set<(notice: AssignmentNotice) => void>();
export function onAssignmentNotice(listener: (notice: AssignmentNotice) => void): () => void {
  noticeListeners.add(listener);
  return () => void noticeListeners.delete(listener);
}

/**
 * An engineer hears of an assignment made for them when it is news: not already in the assignments
 * they loaded (history they have is replayed silently), or, with no assignments loaded, once live.
 */
export async function assignmentNoticeFor(event: RecordedEvent, takers: readonly ListName[], live: boolean): Promise<AssignmentNotice | null> {
  if (event.type !== 'AssignmentCreated') return null;
  const user = profileStore.data;
  if (!user || user.role !== 'engineer' || event.data.engineerId !== user._id) return null;
  const news = assignmentsStore.loaded ? takers.includes('assignments') : live;
  if (!news) return null;
  const { assignmentId, projectId, role, allocationPercentage, startDate, endDate } = event.data;
  let projectName = projectsStore.data.find((p) => p._id === projectId)?.name;
  if (!projectName) projectName = await callsOf('projects').get(projectId).then((p) => p.name, () => 'a project');
  return { assignmentId, projectName, role, allocationPercentage, startDate, endDate };
}

async function noticeIfNew(event: RecordedEvent, takers: ListName[], live: boolean) {
  const notice = await assignmentNoticeFor(event, takers, live);
  if (notice) for (const listener of [...noticeListeners]) listener(notice);
}

/**
 * An engineer's assignments are only their own: an assignment handed to them is one their list never had
 * (the event carries only what changed), and one handed away must leave it. Either way they read it again.
 */
export function reassignmentReloads(event: RecordedEvent): boolean {
  if (event.type !== 'AssignmentUpdated' || event.data.changes.engineerId === undefined) return false;
  return profileStore.data?.role === 'engineer' && assignmentsStore.loaded;
}

/** An event the live channel delivered, or null when it said to reload everything. */
type LiveChangeListener = (event: RecordedEvent | null) => void;
const changeListeners = new Set<LiveChangeListener>();
/**
 * Called after every event the live channel delivers, and when it says to reload: screens that fetch
 * figures of their own (the schedule's grid) fetch them again.
 */
export function onLiveChange(listener: LiveChangeListener): () => void {
  changeListeners.add(listener);
  return () => void changeListeners.delete(listener);
}
const liveChanged = (event: RecordedEvent | null) => {
  for (const listener of [...changeListeners]) listener(event);
};

/** The app's one live connection: socket.io, events folded into the collections. */
export const liveActor = createActor(
  liveConnectionMachine.provide({
    actors: { socket: socketIoActor() },
    actions: {
      applyEvent: (_, { event, live }) => {
        const takers = receiveEvent(event);
        if (reassignmentReloads(event)) void loadAssignments();
        void noticeIfNew(event, takers, live);
        liveChanged(event);
      },
      reload: (_, { cursor }) => {
        setFloor(cursor);
        void reloadLoadedLists();
        liveChanged(null);
      },
    },
  }),
);

// A refused handshake means the token is no longer good: one profile call lets a 401 sign the session out.
liveActor.on('refused', () => void callsOf('profile').get().catch(() => undefined));
// The server ended the session (signed out elsewhere, deactivated, role changed): sign out at once.
liveActor.on('signedOut', () => sessionActor.send({ type: 'UNAUTHORIZED' }));

const signedInToken = () => {
  const session = sessionActor.getSnapshot();
  return session.matches('signedIn') ? session.context.token : null;
};

/**
 * A screen that reads no list (History, People & access, Webhooks, Import / Export) still needs the
 * live channel: it carries the session's own end (signed out elsewhere, deactivated) and the Live
 * status. Its start needs a place in the log, which only a list answer gives: the holidays, the
 * smallest list every role may read, are loaded for it once per session.
 */
let cursorAsked = false;

/** Starts once signed in and the first loads have settled, from the smallest cursor they reflect. */
function startWhenReady() {
  const token = signedInToken();
  if (!token || !liveActor.getSnapshot().matches('idle') || loadsInFlight() > 0) return;
  const after = startCursor();
  if (!after) {
    if (!cursorAsked) {
      cursorAsked = true;
      void loadHolidays();
    }
    return;
  }
  setFloor(after);
  liveActor.send({ type: 'START', token, after });
}

function stop() {
  cursorAsked = false;
  if (!liveActor.getSnapshot().matches('idle')) liveActor.send({ type: 'STOP' });
  resetLiveSync();
}

let started = false;
/** Wires the live connection to the session (idempotent); the signed-in shell calls it. */
export function startLiveConnection() {
  if (started) return;
  started = true;
  liveActor.start();
  onLoadsSettled(startWhenReady);
  sessionActor.subscribe((session) => {
    if (session.matches('signedIn')) startWhenReady();
    else stop();
  });
  registerSignOutCleanup(stop);
  if (typeof window !== 'undefined') {
    window.addEventListener('online', () => liveActor.send({ type: 'RETRY' }));
    window.addEventListener('offline', () => liveActor.send({ type: 'NETWORK_LOST' }));
  }
  startWhenReady();
}

/** Reconnect now instead of waiting for the next attempt. */
export const retryLiveConnection = () => liveActor.send({ type: 'RETRY' });

export const useLiveStatus = () => useSelector(liveActor, liveStatusOf);
export const useLiveDetail = () =>
  useSelector(liveActor, (s) => ({ attempts: s.context.attempts, lastError: s.context.lastError, cause: s.context.cause }), (a, b) =>
    a.attempts === b.attempts && a.lastError === b.lastError && a.cause === b.cause);
