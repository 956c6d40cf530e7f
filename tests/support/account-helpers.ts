import { expect } from 'vitest';
import type { TestApp } from './app.ts';

/** Polls until `probe` answers `status`; the time that took, from `since`. */
export async function msUntilStatus(since: number, status: number, probe: () => Promise<{ statusCode: number }>): Promise<number> {
  for (;;) {
    const { statusCode } = await probe();
    const elapsed = Date.now() - since;
    if (statusCode === status) return elapsed;
    if (elapsed > 5_000) throw new Error(`still ${statusCode} after ${elapsed} ms, expected ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The secret of a link such as http://host/invite#token=abc. */
export const tokenOf = (url: string) => new URL(url).hash.replace(/^#token=/, '');

export type Invited = { id: string; email: string; version: number; inviteUrl: string };

/** Invites someone as the admin; fails the test unless the answer is 201. */
export async function invite(t: TestApp, adminToken: string, body: { email: string; name: string; role: string; admin?: boolean }): Promise<Invited> {
  const response = await t.request({ method: 'POST', url: '/api/accounts/invites', token: adminToken, body });
  expect(response.statusCode, response.body).toBe(201);
  const { account, inviteUrl } = response.json();
  return { id: account._id, email: account.email, version: account.version, inviteUrl };
}

/** Invites and accepts with `password`: an active account and its first token. */
export async function activeAccount(t: TestApp, adminToken: string, role: 'manager' | 'engineer' | 'auditor', password: string) {
  const email = `${role}.${Math.random().toString(36).slice(2, 10)}@org.test`;
  const invited = await invite(t, adminToken, { email, name: `Person ${email}`, role });
  const accepted = await t.request({ method: 'POST', url: `/api/invites/${tokenOf(invited.inviteUrl)}/accept`, body: { password } });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { id: invited.id, email, token: accepted.json().token as string };
}

/** Signs in with a password; the whole answer. */
export const signIn = (t: TestApp, email: string, password: string) =>
  t.request({ method: 'POST', url: '/api/auth/login', body: { email, password } });

/** The account's current version, for If-Match. */
export async function versionOf(t: TestApp, adminToken: string, id: string): Promise<number> {
  const list = (await t.request({ method: 'GET', url: '/api/accounts', token: adminToken })).json() as { _id: string; version: number }[];
  return list.find((a) => a._id === id)!.version;
}
