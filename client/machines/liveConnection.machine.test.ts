import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type AnyEventObject } from 'xstate';
import type { RecordedEvent } from '../../domain/events.ts';
import type { SocketEvent, SocketInput } from '../lib/liveClient.ts';
import { liveConnectionMachine, liveStatusOf, reconnectDelay } from './liveConnection.machine.ts';

/** A fake socket: records each connection's input, lets the test speak for the server. */
function fakeSocket() {
  const connections: { input: SocketInput; closed: boolean; send: (event: SocketEvent) => void }[] = [];
  const actor = fromCallback<AnyEventObject, SocketInput>(({ sendBack, input }) => {
    const connection = { input, closed: false, send: (event: SocketEvent) => sendBack(event) };
    connections.push(connection);
    return () => {
      connection.closed = true;
    };
  });
  return { actor, connections, last: () => connections.at(-1)! };
}

const event = (cursor: string, type: RecordedEvent['type'] = 'ProjectUpdated') =>
  ({ cursor, type, streamId: 'project-p1', streamPosition: 2, data: { projectId: 'p1', changes: { name: 'X' } }, metadata: { actorId: 'm' }, recordedAt: '' }) as unknown as RecordedEvent;

function start() {
  const socket = fakeSocket();
  const applied: { cursor: string; live: boolean }[] = [];
  const reloads: string[] = [];
  const refused: string[] = [];
  const machine = liveConnectionMachine.provide({
    actors: { socket: socket.actor },
    actions: {
      applyEvent: (_, params) => applied.push({ cursor: params.event.cursor, live: params.live }),
      reload: (_, params) => reloads.push(params.cursor),
    },
  });
  const actor = createActor(machine).start();
  actor.on('refused', (e) => refused.push(e.message));
  const status = () => liveStatusOf(actor.getSnapshot());
  return { actor, socket, applied, reloads, refused, status };
}

describe('live connection machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stays idle, without a socket, until started', () => {
    const { actor, socket, status } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(status()).toBe('idle');
    expect(socket.connections).toHaveLength(0);
  });

  it('connects with the token and cursor, catches up, then goes live', () => {
    const { actor, socket, applied, status } = start();
    actor.send({ type: 'START', token: 'tok', after: '100:5' });
    expect(actor.getSnapshot().value).toEqual({ online: 'connecting' });
    expect(status()).toBe('connecting');
    expect(socket.last().input).toEqual({ token: 'tok', after: '100:5' });

    socket.last().send({ type: 'SOCKET.CONNECTED' });
    expect(actor.getSnapshot().value).toEqual({ online: 'catchingUp' });
    expect(status()).toBe('catchingUp');
    socket.last().send({ type: 'SOCKET.EVENT', event: event('101:6') });
    socket.last().send({ type: 'SOCKET.EVENT', event: event('103:7') });
    socket.last().send({ type: 'SOCKET.LIVE', cursor: '103:7' });
    expect(actor.getSnapshot().value).toEqual({ online: 'live' });
    expect(status()).toBe('live');
    socket.last().send({ type: 'SOCKET.EVENT', event: event('104:8') });

    expect(applied).toEqual([
      { cursor: '101:6', live: false },
      { cursor: '103:7', live: false },
      { cursor: '104:8', live: true },
    ]);
    expect(actor.getSnapshot().context.cursor).toBe('104:8');
    expect(socket.connections).toHaveLength(1);
  });

  it('takes the cursor of "live" when it is ahead of the events received (events the viewer may not see)', () => {
    const { actor, socket } = start();
    actor.send({ type: 'START', token: 'tok', after: '100:5' });
    socket.last().send({ type: 'SOCKET.CONNECTED' });
    socket.last().send({ type: 'SOCKET.LIVE', cursor: '120:40' });
    expect(actor.getSnapshot().context.cursor).toBe('120:40');
  });

  it('goes offline on disconnect and reconnects by itself from the newest cursor, with a growing delay', () => {
    const { actor, socket, status } = start();
    actor.send({ type: 'START', token: 'tok', after: '100:5' });
    socket.last().send({ type: 'SOCKET.CONNECTED' });
    socket.last().send({ type: 'SOCKET.LIVE', cursor: '100:5' });
    socket.last().send({ type: 'SOCKET.EVENT', event: event('102:9') });

    socket.last().send({ type: 'SOCKET.DISCONNECTED', reason: 'transport close' });
    expect(actor.getSnapshot().value).toBe('offline');
    expect(socket.connections[0]!.closed).toBe(true);
    expect(status()).toBe('reconnecting');
    expect(actor.getSnapshot().context).toMatchObject({ attempts: 1, lastError: 'transport close', cause: 'lost' });

    vi.advanceTimersByTime(reconnectDelay(1) - 1);
    expect(socket.connections).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(socket.connections).toHaveLength(2);
    expect(socket.last().input).toEqual({ token: 'tok', after: '102:9' });
    expect(status()).toBe('reconnecting');

    // The retry fails too: the next wait is longer.
    socket.last().send({ type: 'SOCKET.DISCONNECTED', reason: 'xhr poll error' });
    expect(actor.getSnapshot().context.attempts).toBe(2);
    vi.advanceTimersByTime(reconnectDelay(1));
    expect(socket.connections).toHaveLength(2);
    vi.advanceTimersByTime(reconnectDelay(2) - reconnectDelay(1));
    expect(socket.connections).toHaveLength(3);

    socket.last().send({ type: 'SOCKET.CONNECTED' });
    expect(actor.getSnapshot().context.attempts).toBe(0);
    expect(status()).toBe('catchingUp');
  });

  it('reads as offline after three failures in a row, and when the browser loses the network', () => {
    const { actor, socket, status } = start();
    actor.send({ type: 'START', token: 'tok', after: '1:1' });
    for (let i = 0; i < 3; i += 1) {
      socket.last().send({ type: 'SOCKET.DISCONNECTED', reason: 'websocket error' });
      if (i < 2) {
        expect(status()).toBe('reconnecting');
        vi.advanceTimersByTime(reconnectDelay(i + 1));
      }
    }
    expect(status()).toBe('offline');

    actor.send({ type: 'RETRY' });
    socket.last().send({ type: 'SOCKET.CONNECTED' });
    socket.last().send({ type: 'SOCKET.LIVE', cursor: '1:1' });
    actor.send({ type: 'NETWORK_LOST' });
    expect(actor.getSnapshot().value).toBe('offline');
    expect(status()).toBe('offline');
    expect(actor.getSnapshot().context.cause).toBe('network');
  });

  it('while the browser has no network it reads as offline, also during background attempts; back online it reconnects', () => {
    const { actor, socket, status } = start();
    actor.send({ type: 'START', token: 'tok', after: '1:1' });
    socket.last().send({ type: 'SOCKET.CONNECTED' });
    socket.last().send({ type: 'SOCKET.LIVE', cursor: '1:1' });
    actor.send({ type: 'NETWORK_LOST' });
    expect(status()).toBe('offline');
    vi.advanceTimersByTime(reconnectDelay(1));
    expect(actor.getSnapshot().value).toEqual({ online: 'connecting' });
    expect(status()).toBe('offline');
    socket.last().send({ type: 'SOCKET.DISCONNECTED', reason: 'websocket error' });
    expect(status()).toBe('offline');
    expect(actor.getSnapshot().context.cause).toBe('network');

    actor.send({ type: 'RETRY' });
    expect(status()).toBe('reconnecting');
    socket.last().send({ type: 'SOCKET.CONNECTED' });
    expect(status()).toBe('catchingUp');
    expect(actor.getSnapshot().context).toMatchObject({ cause: null, attempts: 0 });
  });

  it('reconnects at once on RETRY (the browser is back online)', () => {
    const { actor, socket } = start();
    actor.send({ type: 'START', token: 'tok', after: '1:1' });
    socket.last().send({ type: 'SOCKET.DISCONNECTED', reason: 'io server disconnect' });
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().value).toEqual({ online: 'connecting' });
    expect(socket.connections).toHaveLength(2);
  });

  it('on "reload" asks for the collections again and resumes from the reload cursor', () => {
    const { actor, socket, reloads, applied } = start();
    actor.send({ type: 'START', token: 'tok', after: '1:1' });
    socket.last().send({ type: 'SOCKET.CONNECTED' });
    socket.last().send({ type: 'SOCKET.RELOAD', cursor: '9000:7000' });
    expect(reloads).toEqual(['9000:7000']);
    expect(actor.getSnapshot().value).toEqual({ online: 'catchingUp' });
    socket.last().send({ type: 'SOCKET.EVENT', event: event('9001:7001') });
    socket.last().send({ type: 'SOCKET.LIVE', cursor: '9001:7001' });
    expect(applied).toEqual([{ cursor: '9001:7001', live: false }]);

    socket.last().send({ type: 'SOCKET.DISCONNECTED', reason: 'ping timeout' });
    vi.advanceTimersByTime(reconnectDelay(1));
    expect(socket.last().input.after).toBe('9001:7001');
  });

  it('a refused handshake goes offline and says so', () => {
    const { actor, socket, refused, status } = start();
    actor.send({ type: 'START', token: 'expired', after: '1:1' });
    socket.last().send({ type: 'SOCKET.REFUSED', message: 'Authentication required' });
    expect(actor.getSnapshot().value).toBe('offline');
    expect(refused).toEqual(['Authentication required']);
    expect(status()).toBe('offline');
  });

  it('the server ending the session closes the socket, says so once, and never reconnects', () => {
    const { actor, socket, status } = start();
    const signedOut = vi.fn();
    actor.on('signedOut', signedOut);
    actor.send({ type: 'START', token: 'tok', after: '1:1' });
    socket.last().send({ type: 'SOCKET.CONNECTED' });
    socket.last().send({ type: 'SOCKET.LIVE', cursor: '2:2' });
    socket.last().send({ type: 'SOCKET.SIGNED_OUT' });
    expect(actor.getSnapshot().value).toBe('ended');
    expect(signedOut).toHaveBeenCalledOnce();
    expect(socket.last().closed).toBe(true);
    expect(status()).toBe('offline');
    vi.advanceTimersByTime(60_000);
    expect(socket.connections).toHaveLength(1);
    actor.send({ type: 'STOP' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('signing out stops it: the socket closes, no reconnect, the context is forgotten', () => {
    const { actor, socket, status } = start();
    actor.send({ type: 'START', token: 'tok', after: '1:1' });
    socket.last().send({ type: 'SOCKET.CONNECTED' });
    actor.send({ type: 'STOP' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(status()).toBe('idle');
    expect(socket.last().closed).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ token: null, cursor: null, attempts: 0 });

    // Stopped while waiting to reconnect: the timer no longer reconnects.
    actor.send({ type: 'START', token: 'tok2', after: '5:5' });
    socket.last().send({ type: 'SOCKET.DISCONNECTED', reason: 'transport close' });
    actor.send({ type: 'STOP' });
    vi.advanceTimersByTime(60_000);
    expect(socket.connections).toHaveLength(2);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('ignores events before it is connected and after it stopped', () => {
    const { actor, socket, applied } = start();
    actor.send({ type: 'START', token: 'tok', after: '1:1' });
    socket.last().send({ type: 'SOCKET.EVENT', event: event('2:2') });
    actor.send({ type: 'STOP' });
    socket.last().send({ type: 'SOCKET.EVENT', event: event('3:3') });
    expect(applied).toEqual([]);
  });

  it('backs off 1, 2, 4, 8 seconds, then every 15', () => {
    expect([1, 2, 3, 4, 5, 9].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 15000, 15000]);
  });
});
