/**
 * Saved views: a screen's address under a name, private or shared. Shared ones are listed for every
 * manager and auditor, private ones only for their owner; only the owner removes one; bad input is a
 * 400 with its message and writes nothing; and the live channel carries a view to exactly those who
 * may list it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { connectSocketIo, listen, type LiveClient } from '../support/live-clients.ts';

type View = { _id: string; name: string; path: string; shared: boolean; ownerId: string; version: number };

let t: TestApp;
let url: string;
let manager: string;
let manager2: string;
let auditor: string;
let engineer: string;
const clients: LiveClient[] = [];

beforeAll(async () => {
  t = await startTestApp();
  url = await listen(t.app);
  [manager, manager2, auditor, engineer] = await Promise.all([t.login(demo.manager), t.login(demo.manager2), t.login(demo.auditor), t.login(demo.engineer)]);
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await t?.close();
});

const save = (token: string, body: unknown) => t.request({ method: 'POST', url: '/api/views', token, body });
const list = async (token: string) => {
  const response = await t.request({ method: 'GET', url: '/api/views', token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as View[];
};
const remove = (token: string, id: string) => t.request({ method: 'DELETE', url: `/api/views/${id}`, token });
const eventCount = async () => (await t.app.db.selectFrom('events').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n;

describe('saved views', () => {
  it('lists shared views for every manager and auditor, and private ones only for their owner', async () => {
    const path = '/capacity?from=2026-12-07&step=week&zoom=month';
    const shared = await save(manager, { name: 'My team, next quarter', path, shared: true });
    expect(shared.statusCode, shared.body).toBe(201);
    const sharedView = shared.json() as View;
    expect(sharedView).toMatchObject({ name: 'My team, next quarter', path, shared: true, ownerId: decodeJwt(manager).sub });
    expect(typeof sharedView._id).toBe('string');
    const mine = (await save(manager, { name: '  Only mine  ', path: '/engineers?q=sam' })).json() as View;
    // Trimmed, and private unless said otherwise.
    expect(mine).toMatchObject({ name: 'Only mine', shared: false });

    expect((await list(manager)).map((v) => v._id).sort()).toEqual([sharedView._id, mine._id].sort());
    for (const other of [manager2, auditor]) {
      const seen = await list(other);
      expect(seen.map((v) => v._id)).toContain(sharedView._id);
      expect(seen.map((v) => v._id)).not.toContain(mine._id);
    }
    // An auditor saves views of their own too; engineers have none of these screens.
    expect((await save(auditor, { name: 'Audit', path: '/report?range=last-quarter' })).statusCode).toBe(201);
    expect((await save(engineer, { name: 'Nope', path: '/capacity' })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/views', token: engineer })).statusCode).toBe(403);
  });

  it('lets only the owner remove a view: 403 for a shared one of someone else, 404 for a private one', async () => {
    const shared = (await save(manager, { name: 'Shared plan', path: '/projects/plan?project=x', shared: true })).json() as View;
    const secret = (await save(manager, { name: 'Secret', path: '/report' })).json() as View;
    const refused = await remove(manager2, shared._id);
    expect(refused.statusCode).toBe(403);
    expect(typeof refused.json().message).toBe('string');
    expect((await remove(manager2, secret._id)).statusCode).toBe(404);
    expect((await list(manager2)).map((v) => v._id)).toContain(shared._id);

    const removed = await remove(manager, shared._id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await list(manager2)).map((v) => v._id)).not.toContain(shared._id);
    expect((await list(manager)).map((v) => v._id)).not.toContain(shared._id);
    // Gone: removing it again finds nothing.
    expect((await remove(manager, shared._id)).statusCode).toBe(404);
    expect((await remove(manager, 'no-such-view')).statusCode).toBe(404);
  });

  it('refuses bad input with 400 {message} and writes nothing', async () => {
    const before = await eventCount();
    const bad: unknown[] = [
      {},
      { name: '', path: '/capacity' },
      { name: '   ', path: '/capacity' },
      { name: 'x'.repeat(81), path: '/capacity' },
      { name: 'Elsewhere', path: 'https://evil.test/capacity' },
      { name: 'Elsewhere', path: '//evil.test/capacity' },
      { name: 'Elsewhere', path: '/\\evil.test' },
      { name: 'Spaces', path: '/capacity?q=a b' },
      { name: 'Long', path: `/capacity?q=${'a'.repeat(2_000)}` },
      { name: 'Shared?', path: '/capacity', shared: 'yes' },
      { name: 42, path: '/capacity' },
      [],
    ];
    for (const body of bad) {
      const response = await save(manager, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof response.json().message, JSON.stringify(body)).toBe('string');
    }
    expect(await eventCount()).toBe(before);
  });

  it('sends a shared view live to other managers, and a private one only to its owner', async () => {
    const [own, other, byEngineer] = await Promise.all([
      connectSocketIo(url, { token: manager }), connectSocketIo(url, { token: manager2 }), connectSocketIo(url, { token: engineer }),
    ]);
    clients.push(own, other, byEngineer);
    const privateView = (await save(manager, { name: 'Private live', path: '/engineers' })).json() as View;
    const sharedView = (await save(manager, { name: 'Shared live', path: '/capacity?step=month', shared: true })).json() as View;
    const viewIdOf = (event: { data: Record<string, unknown> }) => event.data.viewId;
    await other.until((c) => c.events.some((e) => e.type === 'ViewSaved' && viewIdOf(e) === sharedView._id), 'the shared view saved');
    await own.until((c) => c.events.some((e) => e.type === 'ViewSaved' && viewIdOf(e) === sharedView._id), 'the shared view at its owner');
    expect(own.events.some((e) => e.type === 'ViewSaved' && viewIdOf(e) === privateView._id)).toBe(true);

    expect((await remove(manager, sharedView._id)).statusCode).toBe(200);
    await other.until((c) => c.events.some((e) => e.type === 'ViewRemoved' && viewIdOf(e) === sharedView._id), 'the shared view removed');
    // The private one was saved before the shared one: had it been sent to the other manager, it would have come first.
    expect(other.events.some((e) => viewIdOf(e) === privateView._id)).toBe(false);
    expect(byEngineer.events.some((e) => e.type.startsWith('View'))).toBe(false);
  });
});
