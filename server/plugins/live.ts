import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Server as SocketServer } from 'socket.io';
import { parseCursor } from '../../domain/index.ts';
import { ChannelSessions } from '../live/channel-sessions.ts';
import { AssignmentOwners } from '../live/owners.ts';
import { Subscription } from '../live/subscription.ts';
import { EventTailer } from '../live/tailer.ts';
import type { Viewer } from '../live/visibility.ts';
import { tokenFromHeader } from './auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    live: { tailer: EventTailer; io: SocketServer; connections: () => number };
  }
}

/** How often open channels' sessions are checked: an ended one is closed within this and a query. */
const SWEEP_MS = 400;

export type LiveOptions = { databaseUrl: string; maxBacklog?: number; pollMs?: number };

/**
 * The live channels: socket.io for the web app, a plain WebSocket at
 * /api/events/stream for integrations. Both replay after the client's cursor, then follow the tailer.
 */
export default fp(async function live(app: FastifyInstance, options: LiveOptions) {
  const owners = new AssignmentOwners();
  const tailer = new EventTailer(app.db, options.databaseUrl, owners, {
    pollMs: options.pollMs ?? 1_000,
    onError: (error) => app.log.warn({ err: error }, 'event tailer'),
  });
  const deps = { db: app.db, tailer, owners, maxBacklog: options.maxBacklog ?? 5_000 };

  // The account behind the token, as it is now: an ended session or a deactivated account is refused at the handshake.
  const viewerFrom = async (token: string | undefined): Promise<(Viewer & { sid: string }) | null> => {
    const claims = await app.viewerOf(token);
    return claims && { id: claims.sub, role: claims.role, sid: claims.sid };
  };
  // Sign-out, deactivation and role changes happen on any instance (or in SQL): each instance asks the
  // database about its own channels' sessions every SWEEP_MS, in one query, and closes those no longer
  // good or whose role changed (the client reconnects and is then seen with its new rights, or refused).
  const channels = new ChannelSessions();
  const watch = channels.watch.bind(channels);
  const sweep = () => channels.sweep((sessionIds) => app.sessions.rightsOf(sessionIds));
  let sweeping: NodeJS.Timeout | undefined;

  // socket.io shares the HTTP server with @fastify/websocket, which would answer its upgrades with a
  // 404: let socket.io's own upgrade listener have them.
  app.addHook('onRequest', async (request, reply) => {
    if (request.raw.url?.startsWith('/socket.io/') && request.headers.upgrade) reply.hijack();
  });
  const io = new SocketServer(app.server, { path: '/socket.io', destroyUpgrade: false, serveClient: false });

  io.use(async (socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown; after?: unknown };
    let viewer: (Viewer & { sid: string }) | null;
    try {
      viewer = await viewerFrom(typeof auth.token === 'string' ? tokenFromHeader(auth.token) : undefined);
    } catch (error) {
      // Not a refusal of the token: the client treats any other message as a network failure and retries.
      app.log.warn({ err: error }, 'live handshake: account lookup failed');
      return next(new Error('Service unavailable, try again'));
    }
    if (!viewer) return next(new Error('Authentication required'));
    const after = parseCursor(typeof auth.after === 'string' ? auth.after : undefined);
    if (!after) return next(new Error('after must be a cursor such as "1234:56"'));
    socket.data.viewer = { id: viewer.id, role: viewer.role };
    socket.data.sid = viewer.sid;
    socket.data.after = after;
    next();
  });

  io.on('connection', (socket) => {
    const subscription = new Subscription(deps, socket.data.viewer as Viewer, socket.data.after, {
      event: (event) => socket.emit('event', event),
      live: (cursor) => socket.emit('live', { cursor }),
      reload: (cursor) => socket.emit('reload', { cursor }),
    });
    const unwatch = watch({ sid: socket.data.sid as string, role: (socket.data.viewer as Viewer).role }, () => {
      socket.emit('signed-out');
      socket.disconnect(true);
    });
    socket.on('disconnect', () => {
      unwatch();
      subscription.close();
    });
    subscription.start().catch((error) => {
      app.log.warn({ err: error }, 'live catch-up failed');
      socket.disconnect(true);
    });
  });

  await app.register(websocket);
  app.get('/api/events/stream', {
    websocket: true,
    schema: { hide: true },
  }, async (socket, request: FastifyRequest<{ Querystring: { after?: string; token?: string } }>) => {
    let viewer: (Viewer & { sid: string }) | null;
    try {
      viewer = await viewerFrom(tokenFromHeader(request.headers.authorization) ?? request.query.token);
    } catch (error) {
      app.log.warn({ err: error }, 'event stream: account lookup failed');
      return socket.close(1013, 'Service unavailable, try again');
    }
    // The client may have gone while its account was looked up: its 'close' has passed already.
    if (socket.readyState !== socket.OPEN) return;
    if (!viewer) return socket.close(4401, 'Authentication required');
    if (viewer.role === 'engineer') return socket.close(4403, 'Managers and auditors only');
    const after = parseCursor(request.query.after);
    if (!after) return socket.close(4400, 'after must be a cursor such as "1234:56"');
    const subscription = new Subscription(deps, viewer, after, {
      event: (event) => socket.send(JSON.stringify(event)),
      live: (cursor) => socket.send(JSON.stringify({ control: 'live', cursor })),
      reload: (cursor) => socket.send(JSON.stringify({ control: 'reload', cursor })),
    });
    const unwatch = watch(viewer, () => socket.close(4401, 'Session ended'));
    socket.on('close', () => {
      unwatch();
      subscription.close();
    });
    subscription.start().catch((error) => {
      app.log.warn({ err: error }, 'stream catch-up failed');
      socket.close(1011, 'Catch-up failed');
    });
  });

  app.decorate('live', { tailer, io, connections: () => io.engine.clientsCount });
  app.addHook('onReady', async () => {
    await tailer.start();
    sweeping = setInterval(() => {
      sweep().catch((error: unknown) => app.log.warn({ err: error }, 'live: session check failed'));
    }, SWEEP_MS);
    sweeping.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(sweeping);
    await tailer.stop();
    io.disconnectSockets(true);
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });
});
