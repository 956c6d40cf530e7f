/**
 * A TCP proxy in front of the test PostgreSQL server, so a test can take "the database" away from one
 * app and give it back — what a restart or a failover looks like from the app — without touching the
 * server that every other test shares. While down, every open connection is cut and new ones are
 * closed as soon as they arrive.
 */
import { connect, createServer, type Socket } from 'node:net';

export type TcpProxy = {
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  url: (databaseUrl: string) => string;
  down: () => void;
  up: () => void;
  close: () => Promise<void>;
};

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let isDown = false;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A cut connection errors on both ends; that is the point here.
    socket.on('error', () => undefined);
  };
  const server = createServer((downstream) => {
    track(downstream);
    if (isDown) return void downstream.destroy();
    const upstream = connect(Number(target.port || 5432), target.hostname);
    track(upstream);
    downstream.pipe(upstream);
    upstream.pipe(downstream);
    downstream.on('close', () => upstream.destroy());
    upstream.on('close', () => downstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');

  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    url(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(address.port);
      return url.toString();
    },
    down() {
      isDown = true;
      cutAll();
    },
    up() {
      isDown = false;
    },
    async close() {
      cutAll();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
