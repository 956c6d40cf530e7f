import { io, type ManagerOptions, type SocketOptions } from 'socket.io-client';
import { fromCallback, type AnyEventObject } from 'xstate';
import type { RecordedEvent } from '../../domain/events.ts';

/** What a socket transport connects with, and the SOCKET.* events it sends back to the live connection machine. */
export type SocketInput = { token: string; after: string };

export type SocketEvent =
  | { type: 'SOCKET.CONNECTED' }
  | { type: 'SOCKET.EVENT'; event: RecordedEvent }
  /** Caught up: events now arrive as they commit. */
  | { type: 'SOCKET.LIVE'; cursor: string }
  /** Too far behind to replay: reload the collections; events after `cursor` follow. */
  | { type: 'SOCKET.RELOAD'; cursor: string }
  | { type: 'SOCKET.DISCONNECTED'; reason: string }
  /** The server refused the handshake (bad or expired token). */
  | { type: 'SOCKET.REFUSED'; message: string }
  /** The server ended this session (signed out, deactivated, role changed) and is closing the connection. */
  | { type: 'SOCKET.SIGNED_OUT' };

/** What the server answers a handshake without a valid token (server/plugins/live.ts). */
export const AUTH_REFUSAL = 'Authentication required';

export type LiveSocketOptions = {
  /** The server's origin; the page's own when omitted. */
  url?: string;
  /** Extra socket.io options (tests pass a transport or a timeout). */
  socket?: Partial<ManagerOptions & SocketOptions>;
};

/**
 * The socket.io side of the live connection machine: one connection per invocation, handshake
 * `auth: {token, after}`, the server's 'event' / 'live' / 'reload' messages forwarded as SOCKET.*
 * events. socket.io's own reconnection is off: the machine reconnects, each time from the newest
 * cursor it holds, which socket.io's retries (with the first handshake's `after`) would not do.
 * WebSocket first; long polling if a proxy refuses the upgrade.
 */
export function socketIoActor(options: LiveSocketOptions = {}) {
  return fromCallback<AnyEventObject, SocketInput>(({ sendBack, input }) => {
    const send = (event: SocketEvent) => sendBack(event);
    const settings: Partial<ManagerOptions & SocketOptions> = {
      path: '/socket.io',
      auth: { token: input.token, after: input.after },
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      reconnection: false,
      forceNew: true,
      timeout: 10_000,
      ...options.socket,
    };
    const socket = options.url ? io(options.url, settings) : io(settings);
    socket.on('connect', () => send({ type: 'SOCKET.CONNECTED' }));
    socket.on('event', (event: RecordedEvent) => send({ type: 'SOCKET.EVENT', event }));
    socket.on('live', (message: { cursor: string }) => send({ type: 'SOCKET.LIVE', cursor: message.cursor }));
    socket.on('reload', (message: { cursor: string }) => send({ type: 'SOCKET.RELOAD', cursor: message.cursor }));
    socket.on('signed-out', () => send({ type: 'SOCKET.SIGNED_OUT' }));
    socket.on('disconnect', (reason) => send({ type: 'SOCKET.DISCONNECTED', reason: String(reason) }));
    socket.on('connect_error', (error) => {
      // A refusal by the server's middleware is final for this token; anything else is the network.
      const refused = error.message === AUTH_REFUSAL;
      send(refused ? { type: 'SOCKET.REFUSED', message: error.message } : { type: 'SOCKET.DISCONNECTED', reason: error.message || 'connect error' });
    });
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  });
}
