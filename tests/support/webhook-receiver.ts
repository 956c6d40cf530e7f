/**
 * A local HTTP endpoint for webhook tests: records what it is sent (body, headers, verified signature),
 * can answer failures, answer slowly, or be down (its port closed) and come back on the same port.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { verifySignature } from '../../domain/index.ts';

export type Received = {
  eventId: string; cursor: string | undefined; type: string; body: string; signed: boolean; payload: any;
  /** Every header as it arrived (lower-case names), for checks with other receivers' libraries. */
  headers: http.IncomingHttpHeaders;
};

export type Receiver = {
  url: string;
  received: Received[];
  /** The status to answer (200 unless set). */
  status: number;
  /** A wait before answering, in ms. */
  delayMs: number;
  /** Called as each delivery has arrived, before it is answered (a test can kill the sender then). */
  onArrive?: (payload: any) => void;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
  /** Resolves once `count` deliveries have arrived (of any event). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
};

export async function startReceiver(secret: string, path = '/hook'): Promise<Receiver> {
  const sockets = new Set<Socket>();
  let port = 0;
  const receiver: Receiver = {
    url: '',
    received: [],
    status: 200,
    delayMs: 0,
    down: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    up: () => listen(port),
    close: () => receiver.down(),
    async waitFor(count, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      while (receiver.received.length < count) {
        if (Date.now() > until) throw new Error(`the receiver got ${receiver.received.length} of ${count} deliveries within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
  let server = makeServer();
  function makeServer() {
    const created = http.createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', async () => {
        if (body.startsWith('{')) receiver.onArrive?.(JSON.parse(body));
        const signed = await verifySignature(secret, body, request.headers['x-signature'] as string | undefined);
        if (receiver.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, receiver.delayMs));
        if (receiver.status >= 200 && receiver.status < 300) {
          const payload = JSON.parse(body);
          receiver.received.push({
            eventId: request.headers['x-event-id'] as string, cursor: request.headers['x-cursor'] as string | undefined,
            type: payload.type, body, signed, payload, headers: request.headers,
          });
        }
        response.writeHead(receiver.status, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    created.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    return created;
  }
  async function listen(at: number) {
    server = makeServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(at, '127.0.0.1', () => resolve());
    });
    port = (server.address() as AddressInfo).port;
    receiver.url = `http://127.0.0.1:${port}${path}`;
  }
  await listen(0);
  return receiver;
}

/** Consecutive repeats removed: a delivery repeated after a crash shows once, so the order can be compared. */
export const withoutRepeats = <T>(items: T[]) => items.filter((item, index) => index === 0 || items[index - 1] !== item);
