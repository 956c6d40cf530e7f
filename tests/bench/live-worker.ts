/**
 * The live bench's clients (tests/bench/live.ts), in a worker thread so that receiving does not share
 * the server's event loop: `count` socket.io clients (websocket transport, as browsers use) signed in
 * with `token`, from cursor `after`. For each event it reports when the first and the last of its
 * clients received it, on the clock both threads share (performance.timeOrigin + performance.now()).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { io, type Socket } from 'socket.io-client';

type Input = { baseUrl: string; token: string; after: string; count: number };
export type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'error'; message: string }
  | { kind: 'arrived'; cursor: string; key: string; first: number; last: number; clients: number };

const { baseUrl, token, after, count } = workerData as Input;
const now = () => performance.timeOrigin + performance.now();
const post = (message: WorkerMessage) => parentPort!.postMessage(message);

const sockets: Socket[] = [];
const arrivals = new Map<string, { key: string; first: number; seen: number }>();
let live = 0;

type Event = { cursor: string; streamId: string };

for (let i = 0; i < count; i += 1) {
  const socket = io(baseUrl, { path: '/socket.io', auth: { token, after }, transports: ['websocket'], reconnection: false, forceNew: true, timeout: 30_000 });
  socket.on('event', (event: Event) => {
    const t = now();
    let entry = arrivals.get(event.cursor);
    if (!entry) arrivals.set(event.cursor, (entry = { key: event.streamId, first: t, seen: 0 }));
    entry.seen += 1;
    if (entry.seen === count) {
      arrivals.delete(event.cursor);
      post({ kind: 'arrived', cursor: event.cursor, key: entry.key, first: entry.first, last: t, clients: count });
    }
  });
  socket.once('live', () => {
    live += 1;
    if (live === count) post({ kind: 'ready' });
  });
  socket.on('connect_error', (error) => post({ kind: 'error', message: `client ${i}: ${error.message}` }));
  socket.on('disconnect', (reason) => {
    if (reason !== 'io client disconnect') post({ kind: 'error', message: `client ${i} disconnected: ${reason}` });
  });
  sockets.push(socket);
}

parentPort!.on('message', (message: { kind: 'close' }) => {
  if (message.kind !== 'close') return;
  for (const socket of sockets) socket.disconnect();
  setTimeout(() => process.exit(0), 50);
});
