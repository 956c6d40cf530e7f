/**
 * Many accounts deactivated at once, against real PostgreSQL: POST /api/accounts/bulk (People & access's
 * selection). All or none: an unknown id, an invitation or the last active admin refuses the lot with a
 * clear 4xx {message} naming whose, and nothing is written; done, the accounts cannot sign in and their
 * sessions end; reactivated the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, startTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login(demo.manager);
});
afterAll(async () => {
  await t?.close();
});

type Account = { _id: string; email: string; status: string; admin: boolean; name: string };
const accounts = async () => (await t.request({ method: 'GET', url: '/api/accounts', token: admin })).json() as Account[];
const byEmail = async (email: string) => (await accounts()).find((a) => a.email === email)!;
const eventCount = async () => Number((await t.app.db.selectFrom('events').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
const bulk = (body: unknown, token = admin) => t.request({ method: 'POST', url: '/api/accounts/bulk', token, body });

describe('POST /api/accounts/bulk', () => {
  it('deactivates several accounts in one request: their sessions end; again it changes nothing; reactivated the same way', async () => {
    const engineerToken = await t.login(demo.engineer);
    const chosen = [await byEmail(demo.engineer), await byEmail(demo.auditor)];
    const ids = chosen.map((a) => a._id);
    const before = await eventCount();
    const done = await bulk({ ids, active: false });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().changed).toBe(2);
    expect((done.json().accounts as Account[]).map((a) => a.status)).toEqual(['deactivated', 'deactivated']);
    expect(await eventCount()).toBe(before + 2);
    expect((await t.request({ method: 'GET', url: '/api/auth/profile', token: engineerToken })).statusCode).toBe(401);
    const again = await bulk({ ids, active: false });
    expect(again.json().changed).toBe(0);
    expect(await eventCount()).toBe(before + 2);
    const back = await bulk({ ids, active: true });
    expect(back.json().changed).toBe(2);
    expect((await accounts()).filter((a) => ids.includes(a._id)).map((a) => a.status)).toEqual(['active', 'active']);
  });

  it('all or none: an unknown id, an invitation, or the last active admin refuses the lot with a 4xx naming it, and nothing is written', async () => {
    const engineer = await byEmail(demo.engineer);
    const invited = await t.request({ method: 'POST', url: '/api/accounts/invites', token: admin, body: { email: 'new.one@org.test', name: 'New One', role: 'engineer' } });
    expect(invited.statusCode, invited.body).toBeLessThan(300);
    const invitedId = (invited.json() as { account: Account }).account._id;
    const me = await byEmail(demo.manager);
    const before = await eventCount();

    const unknown = await bulk({ ids: [engineer._id, 'nobody'], active: false });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Nothing was changed: 1 account was not found (first: nobody)');
    const pending = await bulk({ ids: [engineer._id, invitedId], active: false });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toMatch(/^Nothing was changed: New One: /);
    const lastAdmin = await bulk({ ids: [engineer._id, me._id], active: false });
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.json().message).toContain('Nothing was changed: Dana Whitfield:');
    expect((await bulk({ ids: [], active: false })).statusCode).toBe(400);
    expect((await bulk({ ids: [engineer._id] })).json()).toMatchObject({ message: expect.stringContaining('active') });

    expect(await eventCount()).toBe(before);
    expect((await byEmail(demo.engineer)).status).toBe('active');
    // Admins only.
    expect((await bulk({ ids: [engineer._id], active: false }, await t.login(demo.manager2))).statusCode).toBe(403);
  });
});
