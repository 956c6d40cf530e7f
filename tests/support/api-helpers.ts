/**
 * Small helpers shared by the integration tests of the HTTP API (tests/integration/*.test.ts).
 */
import { createHmac } from 'node:crypto';

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
