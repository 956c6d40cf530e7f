/**
 * Small helpers shared by the integration tests of the HTTP API (tests/integration/*.test.ts).
 */
import { createHmac } from 'node:crypto';
import type { TestApp } from './app.ts';

/** The secret tests/support/app.ts starts every test app with (a control test proves it still matches). */
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** An HS256 JWT built with node:crypto only, so tests can forge, expire or re-sign tokens. */
export function signHs256(payload: Record<string, unknown>, secret: string, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }): string {
  const signingInput = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  const signature = createHmac('sha256', secret).update(signingInput).digest('base64url');
  return `${signingInput}.${signature}`;
}

/** The claims of a token, read without verifying it. */
export function decodeJwt(token: string): Record<string, unknown> {
  const part = token.split('.')[1];
  if (!part) throw new Error(`not a JWT: ${token}`);
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** The same token with a different (but well-formed) signature. */
export function tamperSignature(token: string): string {
  const [header, payload, signature] = token.split('.');
  const flipped = signature!.startsWith('A') ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
  return `${header}.${payload}.${flipped}`;
}

/** Every key, at any depth, of a JSON value. */
export function deepKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(deepKeys);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...deepKeys(inner)]);
  }
  return [];
}

/** Keys that would betray a credential: anything mentioning password or hash. */
export const credentialKeys = (value: unknown) => deepKeys(value).filter((key) => /password|hash/i.test(key));

/** Every string, at any depth, of a JSON value. */
export function deepStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(deepStrings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(deepStrings);
  return [];
}

const DAY = 86_400_000;

/** Midnight UTC today plus `offset` days, as the demo seed computes its dates. */
export function dayFromToday(offset: number, now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + offset * DAY).toISOString();
}

/** Days from today (UTC) to the first of next month: where the demo seed puts next month's facts. */
export function daysToNextMonth(now = new Date()): number {
  return Math.round((Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())) / DAY);
}

/** A create-project payload that passes every rule of spec §5, shaped as the spec's client sends it (§7). */
export function validProjectPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Search Relevance Tuning',
    description: 'Tune ranking of the product search so that the right items show first.',
    startDate: dayFromToday(1),
    endDate: dayFromToday(60),
    requiredSkills: ['TypeScript', 'PostgreSQL'],
    teamSize: 3,
    status: 'planning',
    managerId: '',
    ...overrides,
  };
}

/** Compares two cursors "<transaction_id>:<global_position>" numerically, by the pair. */
export function compareCursorStrings(a: string, b: string): number {
  const [ta, pa] = a.split(':').map((part) => BigInt(part));
  const [tb, pb] = b.split(':').map((part) => BigInt(part));
  if (ta !== tb) return ta! < tb! ? -1 : 1;
  if (pa !== pb) return pa! < pb! ? -1 : 1;
  return 0;
}

/** A create-assignment payload that passes every rule of issue 5, for the given engineer and project. */
export function validAssignmentPayload(engineerId: string, projectId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    engineerId,
    projectId,
    role: 'Backend Engineer',
    allocationPercentage: 40,
    startDate: dayFromToday(-1),
    endDate: dayFromToday(30),
    ...overrides,
  };
}

let engineerSequence = 0;

/** A register-engineer payload (issue 5: a manager registers an engineer) with an email no other call gets. */
export function validEngineerPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  engineerSequence += 1;
  return {
    name: `New Hire ${engineerSequence}`,
    email: `new.hire.${engineerSequence}.${Date.now().toString(36)}@demo.test`,
    department: 'Platform',
    seniority: 'mid',
    maxCapacity: 100,
    skills: ['TypeScript'],
    password: 'initial-pass-1',
    ...overrides,
  };
}

/**
 * Polls `probe` until `done` holds (or throws after `timeoutMs`). For what other test files can hold
 * back for a moment: event readers only see transactions older than every one still open on the server
 * (design.md §5 rule 4), and the test server is shared.
 */
export async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`eventually: condition not met within ${timeoutMs} ms; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** An event as GET /api/events serves it. */
export type ApiEvent = {
  cursor: string;
  streamId: string;
  streamPosition: number;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  recordedAt: string;
};

/** One stream's history through GET /api/events?streamId=, once at least `count` of its events are visible. */
export async function streamHistory(t: Pick<TestApp, 'request'>, token: string, streamId: string, count: number): Promise<ApiEvent[]> {
  const body = await eventually(
    async () => {
      const response = await t.request({ method: 'GET', url: `/api/events?limit=1000&streamId=${encodeURIComponent(streamId)}`, token });
      if (response.statusCode !== 200) throw new Error(`GET /api/events: ${response.statusCode} ${response.body}`);
      return response.json() as { events: ApiEvent[] };
    },
    (value) => value.events.length >= count,
  );
  return body.events;
}
