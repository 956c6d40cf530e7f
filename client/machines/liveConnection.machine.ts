import { assign, emit, fromCallback, setup, type AnyEventObject } from 'xstate';
import { compareCursorTexts } from '../../domain/cursor.ts';
import type { RecordedEvent } from '../../domain/events.ts';
import type { SocketEvent, SocketInput } from '../lib/liveClient.ts';

/**
 * The live connection: idle until the session starts it with a token and the
 * cursor its collections stand at; then connecting -> catching up (the server replays what was missed)
 * -> live. A lost connection goes offline and reconnects by itself after a growing delay, resuming
 * from the newest cursor received, so nothing is lost and nothing is replayed twice. Signing out stops it.
 * When the server says the session has ended (`signed-out`), it stays down (ended) and says so, until
 * the session stops it.
 *
 * The socket is an injected callback actor (`socket`): it connects with `{token, after}` and sends back
 * the SOCKET.* events (defined with the transport, lib/liveClient.ts, which provides the socket.io one;
 * tests a fake).
 */
export type LiveConnectionEvent =
  | SocketEvent
  | { type: 'START'; token: string; after: string }
  | { type: 'STOP' }
  /** Reconnect now (the browser is back online, or the user asked). */
  | { type: 'RETRY' }
  /** The browser says the network is gone. */
  | { type: 'NETWORK_LOST' };

export type LiveConnectionContext = {
  token: string | null;
  /** Where to resume: the newest cursor received (event, 'live' or 'reload'), or the start cursor. */
  cursor: string | null;
  /** Failed or lost connections in a row; sets the reconnect delay. */
  attempts: number;
  /** Whether this session was connected before (a new connection is then a reconnection). */
  wasConnected: boolean;
  lastError: string | null;
  /** Why it is offline: the connection failed or dropped, the browser lost the network, or the server refused the token. */
  cause: 'lost' | 'network' | 'refused' | null;
};

export type LiveConnectionEmitted =
  | { type: 'refused'; message: string }
  /** The server ended the session: the app signs out at once. */
  | { type: 'signedOut' };

/** 1 s, 2 s, 4 s, 8 s, then every 15 s. */
export const reconnectDelay = (attempts: number) => Math.min(15_000, 1_000 * 2 ** Math.max(0, attempts - 1));

const newer = (current: string | null, next: string) => (current === null || compareCursorTexts(next, current) > 0 ? next : current);

export const liveConnectionMachine = setup({
  types: {
    context: {} as LiveConnectionContext,
    events: {} as LiveConnectionEvent,
    emitted: {} as LiveConnectionEmitted,
  },
  actors: {
    socket: fromCallback<AnyEventObject, SocketInput>(() => {
      throw new Error('The socket actor was not provided');
    }),
  },
  actions: {
    /** Fold a received event into the collections; `live` is false while catching up. */
    applyEvent: (_, _params: { event: RecordedEvent; live: boolean }) => {},
    /** Reload the collections; the server goes on from `cursor`. */
    reload: (_, _params: { cursor: string }) => {},
    forget: assign({ token: null, cursor: null, attempts: 0, wasConnected: false, lastError: null, cause: null }),
    rememberCursor: assign(({ context }, params: { cursor: string }) => ({ cursor: newer(context.cursor, params.cursor) })),
  },
  delays: {
    reconnectDelay: ({ context }) => reconnectDelay(context.attempts),
  },
}).createMachine({
  id: 'liveConnection',
  context: { token: null, cursor: null, attempts: 0, wasConnected: false, lastError: null, cause: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        START: {
          target: 'online',
          actions: assign(({ event }) => ({ token: event.token, cursor: event.after, attempts: 0, wasConnected: false, lastError: null, cause: null })),
        },
      },
    },
    online: {
      invoke: {
        src: 'socket',
        input: ({ context }) => ({ token: context.token!, after: context.cursor! }),
      },
      initial: 'connecting',
      states: {
        connecting: {
          on: {
            'SOCKET.CONNECTED': {
              target: 'catchingUp',
              actions: assign({ attempts: 0, wasConnected: true, lastError: null, cause: null }),
            },
            'SOCKET.REFUSED': {
              target: '#liveConnection.offline',
              actions: [
                assign(({ context, event }) => ({ attempts: context.attempts + 1, lastError: event.message, cause: 'refused' as const })),
                emit(({ event }) => ({ type: 'refused' as const, message: event.message })),
              ],
            },
          },
        },
        catchingUp: {
          on: {
            'SOCKET.EVENT': {
              actions: [
                { type: 'applyEvent', params: ({ event }) => ({ event: event.event, live: false }) },
                { type: 'rememberCursor', params: ({ event }) => ({ cursor: event.event.cursor }) },
              ],
            },
            'SOCKET.RELOAD': {
              actions: [
                { type: 'rememberCursor', params: ({ event }) => ({ cursor: event.cursor }) },
                { type: 'reload', params: ({ event }) => ({ cursor: event.cursor }) },
              ],
            },
            'SOCKET.LIVE': {
              target: 'live',
              actions: { type: 'rememberCursor', params: ({ event }) => ({ cursor: event.cursor }) },
            },
          },
        },
        live: {
          on: {
            'SOCKET.EVENT': {
              actions: [
                { type: 'applyEvent', params: ({ event }) => ({ event: event.event, live: true }) },
                { type: 'rememberCursor', params: ({ event }) => ({ cursor: event.event.cursor }) },
              ],
            },
            'SOCKET.RELOAD': {
              target: 'catchingUp',
              actions: [
                { type: 'rememberCursor', params: ({ event }) => ({ cursor: event.cursor }) },
                { type: 'reload', params: ({ event }) => ({ cursor: event.cursor }) },
              ],
            },
          },
        },
      },
      on: {
        'SOCKET.SIGNED_OUT': {
          target: 'ended',
          actions: [assign({ lastError: 'Your session has ended', cause: 'refused' as const }), emit({ type: 'signedOut' as const })],
        },
        'SOCKET.DISCONNECTED': {
          target: 'offline',
          actions: assign(({ context, event }) => ({
            attempts: context.attempts + 1,
            lastError: event.reason,
            // While the browser says the network is gone, a failed attempt is no news.
            cause: context.cause === 'network' ? ('network' as const) : ('lost' as const),
          })),
        },
        NETWORK_LOST: {
          target: 'offline',
          actions: assign(({ context }) => ({ attempts: context.attempts + 1, lastError: 'The network is unavailable', cause: 'network' as const })),
        },
        STOP: { target: 'idle', actions: 'forget' },
      },
    },
    /** The server ended the session: no reconnecting with a token it refuses. */
    ended: {
      on: { STOP: { target: 'idle', actions: 'forget' } },
    },
    offline: {
      after: { reconnectDelay: 'online' },
      on: {
        // The network is back, or the user asked: try now, as after a short blip.
        RETRY: { target: 'online', actions: assign(({ context }) => ({ cause: 'lost' as const, attempts: Math.min(context.attempts, 1) })) },
        NETWORK_LOST: { actions: assign({ cause: 'network' as const, lastError: 'The network is unavailable' }) },
        STOP: { target: 'idle', actions: 'forget' },
      },
    },
  },
});

/** What the header shows. */
export type LiveStatus = 'idle' | 'connecting' | 'catchingUp' | 'live' | 'reconnecting' | 'offline';

/**
 * Short blips read as 'reconnecting'; a lost network, a refused token or a third failure in a row read
 * as 'offline', also while the next attempt runs in the background (no flicker every few seconds).
 */
export function liveStatusOf(snapshot: {
  matches: (value: 'idle' | 'offline' | 'ended' | { online: 'connecting' | 'catchingUp' | 'live' }) => boolean;
  context: LiveConnectionContext;
}): LiveStatus {
  const { context } = snapshot;
  if (snapshot.matches('idle')) return 'idle';
  if (snapshot.matches('ended')) return 'offline';
  if (snapshot.matches({ online: 'live' })) return 'live';
  if (snapshot.matches({ online: 'catchingUp' })) return 'catchingUp';
  const blip = context.cause !== 'network' && context.cause !== 'refused' && context.attempts < 3;
  if (snapshot.matches({ online: 'connecting' })) {
    if (context.attempts === 0 && !context.wasConnected) return 'connecting';
    return blip ? 'reconnecting' : 'offline';
  }
  return blip ? 'reconnecting' : 'offline';
}
