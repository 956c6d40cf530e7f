/**
 * Planning engineers: POST /api/engineers (a manager registers an engineer with an initial password),
 * PATCH /api/engineers/:id (managers: any planning field; an engineer: only their own skills) and
 * GET /api/engineers/suitable?projectId= (engineers sharing a required skill, best first).
 * Exact shapes and ETags, each rule's message, 404s, the role matrix, 428/409, read-your-writes
 * (profile, capacity), the new engineer's login, and the actor in every event's metadata.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  credentialKeys, dayFromToday, decodeJwt, deepStrings, streamHistory, validAssignmentPayload, validEngineerPayload, validProjectPayload,
} from '../support/api-helpers.ts';
import { suitableDates, suitableEngineers } from '../../domain/index.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { capacityFactsFromLists } from '../support/capacity-facts.ts';
import { dbEventCount } from '../support/history-helpers.ts';
import { dbStreamEvents, expectValidation, signInAll, type Who } from '../support/planning-helpers.ts';

type Engineer = {
  _id: string; name: string; email: string; department: string; avatar?: string; skills: string[];
  seniority: 'junior' | 'mid' | 'senior'; maxCapacity: number; version: number;
};
type Suitable = Engineer & { matchingSkills: string[]; availableCapacity: number; averageFree: number; load: number | null; freeWeeks: number; weeks: number; onProject: boolean; fit: { kind: string } };

const CONFLICT = 'This engineer was changed by someone else. Reload to see the latest version.';
const OWN_SKILLS_ONLY = 'Engineers may change only their own skills';
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const engineerKeys = ['_id', 'department', 'email', 'maxCapacity', 'name', 'seniority', 'skills', 'version'];

let t: TestApp;
let tokens: Record<Who, string>;
let actorIds: Record<Who, string>;
let seeded: Record<'sam' | 'priya' | 'mei' | 'aisha' | 'elena', Engineer>;
let paymentsId: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ tokens, actorIds } = await signInAll(t));
  const manager = tokens.manager;
  const engineers = (await t.request({ method: 'GET', url: '/api/engineers', token: manager })).json() as Engineer[];
  const byEmail = (email: string) => engineers.find((e) => e.email === email)!;
  seeded = {
    sam: byEmail(demo.engineer),
    priya: byEmail('priya.patel@demo.test'),
    mei: byEmail('mei.chen@demo.test'),
    aisha: byEmail('aisha.khan@demo.test'),
    elena: byEmail('elena.rossi@demo.test'),
  };
  const projects = (await t.request({ method: 'GET', url: '/api/projects', token: manager })).json() as { _id: string; name: string }[];
  paymentsId = projects.find((p) => p.name === 'Payments Platform Migration')!._id;
});

afterAll(async () => {
  await t?.close();
});

// ---- helpers

type Options = { token?: string; ifMatch?: string };
const register = (body: unknown, token = tokens.manager) => t.request({ method: 'POST', url: '/api/engineers', token, body });
const patch = (id: string, body: unknown, { token = tokens.manager, ifMatch }: Options = {}) =>
  t.request({ method: 'PATCH', url: `/api/engineers/${id}`, token, body, headers: ifMatch === undefined ? {} : { 'if-match': ifMatch } });
const get = (id: string, token = tokens.manager) => t.request({ method: 'GET', url: `/api/engineers/${id}`, token });
const list = async (token = tokens.manager): Promise<Engineer[]> => (await t.request({ method: 'GET', url: '/api/engineers', token })).json();
const suitable = (projectId: string, token = tokens.manager, more = '') =>
  t.request({ method: 'GET', url: `/api/engineers/suitable?projectId=${encodeURIComponent(projectId)}${more}`, token });
const login = (email: string, password: string) => t.request({ method: 'POST', url: '/api/auth/login', body: { email, password } });
const profile = async (token: string) => {
  const response = await t.request({ method: 'GET', url: '/api/auth/profile', token });
  expect(response.statusCode).toBe(200);
  return response.json();
};

/** Registers an engineer and returns them with their initial password. */
const registered = async (overrides: Record<string, unknown> = {}): Promise<Engineer & { password: string }> => {
  const payload = validEngineerPayload(overrides);
  const response = await register(payload);
  expect(response.statusCode, response.body).toBe(201);
  return { ...(response.json() as Engineer), password: payload.password as string };
};
const signIn = async (engineer: { email: string; password: string }) => {
  const response = await login(engineer.email, engineer.password);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token as string;
};
const assign = async (engineerId: string, projectId: string, overrides: Record<string, unknown>) => {
  const response = await t.request({
    method: 'POST', url: '/api/assignments', token: tokens.manager, body: validAssignmentPayload(engineerId, projectId, overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { _id: string };
};

const eventCount = () => dbEventCount(t);
const streamEvents = (engineerId: string) => dbStreamEvents(t, `engineer-${engineerId}`);

// ---- suitable (first: the seeded data is still as the seed made it)

describe('GET /api/engineers/suitable?projectId=', () => {
  it("ranks every demo engineer for Payments Platform Migration: by fit, then those with a required skill first, then the most free on average from today to the project's end, then most matching skills", async () => {
    const response = await suitable(paymentsId);
    expect(response.statusCode).toBe(200);
    const body = response.json() as Suitable[];
    // Go, PostgreSQL, Kubernetes from day -30 to 90: ranked from today (day 0), the past left out, by the
    // weekly low of free capacity (time off and holidays included), then matching skills.
    const project = (await t.request({ method: 'GET', url: `/api/projects/${paymentsId}`, token: tokens.manager })).json();
    const dates = suitableDates(project, {}, new Date(), 'UTC');
    const onProject = new Set((await capacityFactsFromLists(t, tokens.manager)).assignments
      .filter((a) => a.projectId === paymentsId).map((a) => a.engineerId as string));
    const expected = suitableEngineers(await capacityFactsFromLists(t, tokens.manager), { project, ...dates, onProject, timeZone: 'UTC' });
    expect(body.map((e) => [e.name, e.matchingSkills, e.availableCapacity, e.averageFree, e.load, e.freeWeeks, e.weeks, e.onProject, e.fit]))
      .toEqual(expected.map((e) => [e.name, e.matchingSkills, e.availableCapacity, e.averageFree, e.load, e.freeWeeks, e.weeks, e.onProject, e.fit]));
    // Everyone is offered (the form finds anyone by name); the fit ranks them, then the skills.
    const skilled = body.filter((e) => e.matchingSkills.length > 0);
    expect(skilled.map((e) => e.name).sort()).toEqual(['Aisha Khan', 'Elena Rossi', 'Mei Chen', 'Priya Patel']);
    const fitRank = ['fits', 'fitsExcept', 'noRoom'];
    for (let i = 1; i < body.length; i += 1) {
      const [a, b] = [body[i - 1]!, body[i]!];
      expect(fitRank.indexOf(a.fit.kind)).toBeLessThanOrEqual(fitRank.indexOf(b.fit.kind));
      if (a.fit.kind === b.fit.kind) expect(Number(a.matchingSkills.length > 0)).toBeGreaterThanOrEqual(Number(b.matchingSkills.length > 0));
    }
    expect(body.length).toBe((await t.request({ method: 'GET', url: '/api/engineers', token: tokens.manager })).json().length);
    // Priya: 80 % (to 90) + 40 % (to 30) overlap: 120 % a day, so -20 free at best; Aisha is at 100 % until day 45.
    expect(body.find((e) => e.name === 'Priya Patel')!.availableCapacity).toBeLessThanOrEqual(-20);
    expect(body.find((e) => e.name === 'Aisha Khan')!.availableCapacity).toBeLessThanOrEqual(0);
    for (let i = 1; i < skilled.length; i += 1) {
      if (skilled[i - 1]!.fit.kind === skilled[i]!.fit.kind) expect(skilled[i - 1]!.averageFree).toBeGreaterThanOrEqual(skilled[i]!.averageFree);
    }
    for (const engineer of body) {
      expect(Object.keys(engineer).sort()).toEqual([...engineerKeys, 'availableCapacity', 'averageFree', 'fit', 'freeWeeks', 'load', 'matchingSkills', 'onProject', 'weeks'].sort());
      const { matchingSkills: _m, availableCapacity: _a, averageFree: _f, load: _l, freeWeeks: _w, weeks: _n, onProject: _o, fit: _fit, ...rest } = engineer;
      const known = Object.values(seeded).find((e) => e._id === engineer._id);
      if (known) expect(rest).toEqual(known);
    }
    expect(credentialKeys(body)).toEqual([]);
  });

  it('orders by fit, then those with a required skill first, then by free capacity on average over the dates, then matching skills, then name; flags who is on the project; offers the others after them', async () => {
    const projectResponse = await t.request({
      method: 'POST', url: '/api/projects', token: tokens.manager,
      body: validProjectPayload({ name: 'Functional Rewrite', requiredSkills: ['Elixir', 'Haskell', 'OCaml'], startDate: dayFromToday(100), endDate: dayFromToday(160) }),
    });
    expect(projectResponse.statusCode).toBe(201);
    const projectId = projectResponse.json()._id as string;

    const three = await registered({ name: 'Three Skills Overbooked', skills: ['Haskell', 'OCaml', 'Elixir'] });
    const twoFree = await registered({ name: 'Two Skills Free', skills: ['Elixir', 'Haskell'] });
    const twoBusy = await registered({ name: 'Two Skills Busy', skills: ['Rust', 'Elixir', 'Haskell'] });
    const oneOutside = await registered({ name: 'One Skill Busy Elsewhen', skills: ['Haskell'] });
    const zed = await registered({ name: 'Zed Part Timer', skills: ['OCaml'], maxCapacity: 50 });
    const amy = await registered({ name: 'Amy Part Timer', skills: ['OCaml'], maxCapacity: 50 });
    const noSkill = await registered({ name: 'No Shared Skill', skills: ['COBOL'] });
    const mine = new Set([three, twoFree, twoBusy, oneOutside, zed, amy, noSkill].map((e) => e._id));
    const ours = (list: Suitable[]) => list.filter((e) => mine.has(e._id)).map((e) => [e.name, e.matchingSkills, e.onProject]);
    const expected = async (project: { _id: string }) => {
      const found = (await t.request({ method: 'GET', url: `/api/projects/${project._id}`, token: tokens.manager })).json();
      const onProject = new Set((await capacityFactsFromLists(t, tokens.manager)).assignments.filter((a) => a.projectId === project._id).map((a) => a.engineerId as string));
      const facts = await capacityFactsFromLists(t, tokens.manager);
      return suitableEngineers(facts, { project: found, ...suitableDates(found, {}, new Date(), 'UTC'), onProject, timeZone: 'UTC' });
    };

    await assign(three._id, projectId, { allocationPercentage: 60, startDate: dayFromToday(100), endDate: dayFromToday(130) });
    // Overlapping for 15 days, so a whole week at 130 % whatever weekday today is.
    await assign(three._id, projectId, { allocationPercentage: 70, startDate: dayFromToday(115), endDate: dayFromToday(160) });
    await assign(twoBusy._id, projectId, { allocationPercentage: 60, startDate: dayFromToday(110), endDate: dayFromToday(130) });
    await assign(oneOutside._id, paymentsId, { allocationPercentage: 90, startDate: dayFromToday(10), endDate: dayFromToday(100) });

    const body = (await suitable(projectId)).json() as Suitable[];
    // Two Skills Busy is at 60 % for three of the nine weeks: free 40 % then, 100 % the rest, so ahead of the part-timers' 50 %.
    // Asked without an allocation, a fit is any room: Three Skills Overbooked has none on the days at 130 %, so ranks after everyone with some every day.
    expect(ours(body)).toEqual([
      [twoFree.name, ['Elixir', 'Haskell'], false],
      [oneOutside.name, ['Haskell'], false],
      [twoBusy.name, ['Elixir', 'Haskell'], true],
      [amy.name, ['OCaml'], false],
      [zed.name, ['OCaml'], false],
      ['No Shared Skill', [], false],
      [three.name, ['Haskell', 'OCaml', 'Elixir'], true],
    ]);
    expect(body.find((e) => e._id === three._id)!.fit.kind).toBe('fitsExcept');
    expect(body.find((e) => e._id === twoBusy._id)).toMatchObject({ availableCapacity: 40, freeWeeks: expect.any(Number) });
    expect(body.find((e) => e._id === three._id)).toMatchObject({ availableCapacity: -30 });
    expect(body.find((e) => e._id === amy._id)).toMatchObject({ availableCapacity: 50, averageFree: 50 });
    expect(body.map((e) => e._id)).toEqual((await expected({ _id: projectId })).map((e) => e._id));

    // Read-your-writes: a new overlapping assignment and a skill change show in the next answer.
    await assign(twoFree._id, projectId, { allocationPercentage: 75, startDate: dayFromToday(150), endDate: dayFromToday(170) });
    expect((await patch(amy._id, { skills: ['OCaml', 'Elixir'] }, { ifMatch: '"1"' })).statusCode).toBe(200);
    const again = (await suitable(projectId, tokens.auditor)).json() as Suitable[];
    expect(again.find((e) => e._id === twoFree._id)).toMatchObject({ availableCapacity: 25, onProject: true });
    expect(again.find((e) => e._id === amy._id)).toMatchObject({ matchingSkills: ['OCaml', 'Elixir'] });
    expect(again.map((e) => e._id)).toEqual((await expected({ _id: projectId })).map((e) => e._id));

    // Dates asked: before anyone's work on it (days 100..109), everyone but the busy one elsewhere is free.
    const early = (await t.request({
      method: 'GET', token: tokens.manager,
      url: `/api/engineers/suitable?projectId=${projectId}&from=${dayFromToday(100).slice(0, 10)}&to=${dayFromToday(104).slice(0, 10)}`,
    })).json() as Suitable[];
    expect(early.find((e) => e._id === twoBusy._id)?.availableCapacity).toBe(100);

    // An allocation asked judges each fit for it, day by day: 40 % free on the days at 60 % is short of 50 %.
    const forHalf = (await suitable(projectId, tokens.manager, '&allocation=50')).json() as Suitable[];
    expect(forHalf.find((e) => e._id === twoBusy._id)!.fit).toMatchObject({ kind: 'fitsExcept', lowestFree: 40 });
    expect(forHalf.find((e) => e._id === amy._id)!.fit).toMatchObject({ kind: 'fits', lowestFree: 50 });
    expect((await suitable(projectId, tokens.manager, '&allocation=60')).json().find((e: Suitable) => e._id === amy._id).fit.kind).toBe('noRoom');
    const refused = await suitable(projectId, tokens.manager, '&allocation=0');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'allocation must be a number from 1 to 100' });
  });

  it('an auditor may ask; an engineer is refused 403; without a token 401', async () => {
    expect((await suitable(paymentsId, tokens.auditor)).statusCode).toBe(200);
    const refused = await suitable(paymentsId, tokens.engineer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: expect.stringMatching(/\S/), code: 'FORBIDDEN' });
    expect((await t.request({ method: 'GET', url: `/api/engineers/suitable?projectId=${paymentsId}` })).statusCode).toBe(401);
  });

  it('without projectId -> 400; an unknown project -> 404', async () => {
    for (const url of ['/api/engineers/suitable', '/api/engineers/suitable?projectId=']) {
      const response = await t.request({ method: 'GET', url, token: tokens.manager });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ message: 'projectId is required', code: 'VALIDATION_FAILED' });
    }
    const unknown = await suitable(randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Project not found', code: 'NOT_FOUND' });
  });
});

// ---- POST

describe('POST /api/engineers', () => {
  it('registers an engineer: 201 with exactly the directory fields, version 1, ETag "1"; no credential anywhere', async () => {
    const payload = validEngineerPayload({
      name: 'Grace Hopper', email: 'Grace.Hopper@Demo.test', department: 'Compilers', seniority: 'senior', maxCapacity: 80,
      skills: ['COBOL', 'Compilers', 'COBOL'], password: 'first-day-secret',
    });
    const response = await register(payload);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers.etag).toBe('"1"');
    const body = response.json() as Engineer;
    expect(Object.keys(body).sort()).toEqual(engineerKeys);
    expect(body).toEqual({
      _id: expect.stringMatching(UUID_V7),
      name: 'Grace Hopper',
      email: 'grace.hopper@demo.test',
      department: 'Compilers',
      seniority: 'senior',
      maxCapacity: 80,
      skills: ['COBOL', 'Compilers'],
      version: 1,
    });
    expect(credentialKeys(body)).toEqual([]);
    expect(response.body).not.toContain('first-day-secret');

    // Read-your-writes.
    const one = await get(body._id, tokens.engineer);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(body);
    expect(one.headers.etag).toBe('"1"');
    expect((await list(tokens.auditor)).find((e) => e._id === body._id)).toEqual(body);

    // One EngineerRegistered, with the manager as actor and no password in it.
    const events = await streamHistory(t, tokens.auditor, `engineer-${body._id}`, 1);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'EngineerRegistered',
      data: { engineerId: body._id, name: 'Grace Hopper', email: 'grace.hopper@demo.test', skills: ['COBOL', 'Compilers'] },
      metadata: { actorId: actorIds.manager, actorRole: 'manager' },
    });
    expect(credentialKeys(events)).toEqual([]);
    expect(deepStrings(events).join(' ')).not.toContain('first-day-secret');
  });

  it('without a password the engineer is a planning record only: no account, nobody signs in as them', async () => {
    const payload = validEngineerPayload({ password: undefined });
    const response = await register(payload);
    expect(response.statusCode, response.body).toBe(201);
    expect(await t.app.db.selectFrom("users").select("id").where("email", "=", String(payload.email).toLowerCase()).executeTakeFirst()).toBeUndefined();
    expect((await login(String(payload.email), 'demo1234')).statusCode).toBe(401);
    // The e-mail is the record's: a second registration of it is refused as before.
    expect((await register(validEngineerPayload({ email: String(payload.email) }))).statusCode).toBe(409);
  });

  it('the new engineer logs in with the initial password and sees their own (empty) plan', async () => {
    const engineer = await registered({ name: 'Linus Newcomer', email: 'Linus.Newcomer@Demo.test', skills: ['C', 'Git'], maxCapacity: 50, seniority: 'junior' });
    const response = await login('Linus.Newcomer@Demo.test', engineer.password);
    expect(response.statusCode, response.body).toBe(200);
    const { token, user } = response.json();
    expect(user).toEqual({
      _id: engineer._id, name: 'Linus Newcomer', email: 'linus.newcomer@demo.test', role: 'engineer', department: 'Platform',
      admin: false, seniority: 'junior', maxCapacity: 50, skills: ['C', 'Git'],
    });
    expect(decodeJwt(token)).toMatchObject({ sub: engineer._id, role: 'engineer' });
    expect(await profile(token)).toEqual(user);
    expect((await t.request({ method: 'GET', url: '/api/assignments', token })).json()).toEqual([]);
    const capacity = await t.request({ method: 'GET', url: `/api/engineers/${engineer._id}/capacity`, token });
    expect(capacity.statusCode).toBe(200);
    expect(capacity.json()).toMatchObject({ engineerId: engineer._id, maxCapacity: 50, currentAllocation: 0, availableCapacity: 50 });
    // An engineer, not a manager.
    expect((await register(validEngineerPayload(), token)).statusCode).toBe(403);
    // The wrong password still fails.
    expect((await login(engineer.email, 'demo1234')).statusCode).toBe(401);
  });

  it('defaults: department Engineering, no skills', async () => {
    const payload = validEngineerPayload();
    delete payload.department;
    delete payload.skills;
    const response = await register(payload);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ department: 'Engineering', skills: [] });
  });

  it.each([
    ['an engineer', demo.engineer],
    ['an engineer, in other case', 'ENGINEER@Demo.Test'],
    ['a manager', demo.manager],
    ['the auditor', demo.auditor],
  ])('an email taken by %s -> 409, nothing recorded', async (_who, email) => {
    const before = await eventCount();
    const response = await register(validEngineerPayload({ email }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'An account with this email already exists', code: 'CONFLICT' });
    expect(await eventCount()).toBe(before);
  });

  it('two managers registering the same email at once: one 201, one 409, one engineer', async () => {
    const email = `same.time.${randomUUID().slice(0, 8)}@demo.test`;
    const before = await eventCount();
    const responses = await Promise.all([
      register(validEngineerPayload({ email, name: 'Same Time One' }), tokens.manager),
      register(validEngineerPayload({ email, name: 'Same Time Two' }), tokens.manager2),
    ]);
    expect(responses.map((r) => r.statusCode).sort(), responses.map((r) => r.body).join('\n')).toEqual([201, 409]);
    expect(responses.find((r) => r.statusCode === 409)!.json()).toEqual({ message: 'An account with this email already exists', code: 'CONFLICT' });
    expect((await list()).filter((e) => e.email === email)).toHaveLength(1);
    // The winner's EngineerRegistered and its AccountActivated (a password was given).
    expect(await eventCount()).toBe(before + 2);
  });

  it.each([
    ['name missing', { name: undefined }, 'Name is required', 'name'],
    ['name blank', { name: '  ' }, 'Name is required', 'name'],
    ['email missing', { email: undefined }, 'A valid email is required', 'email'],
    ['email invalid', { email: 'not-an-email' }, 'A valid email is required', 'email'],
    ['seniority unknown', { seniority: 'principal' }, 'Seniority must be junior, mid or senior', 'seniority'],
    ['seniority missing', { seniority: undefined }, 'Seniority must be junior, mid or senior', 'seniority'],
    ['max capacity 0', { maxCapacity: 0 }, 'Max capacity must be between 1 and 100', 'maxCapacity'],
    ['max capacity 101', { maxCapacity: 101 }, 'Max capacity must be between 1 and 100', 'maxCapacity'],
    ['max capacity 50.5', { maxCapacity: 50.5 }, 'Max capacity must be between 1 and 100', 'maxCapacity'],
    ['max capacity missing', { maxCapacity: undefined }, 'Max capacity must be between 1 and 100', 'maxCapacity'],
    ['password of 7 characters', { password: 'seven77' }, 'Password must be at least 8 characters', 'password'],
  ] as const)('%s -> 400 with the message, nothing recorded', async (_what, overrides, message, path) => {
    const before = await eventCount();
    expectValidation(await register(validEngineerPayload(overrides)), message, path);
    expect(await eventCount()).toBe(before);
  });

  it.each(['engineer', 'auditor'] as const)('the %s is refused 403, nothing recorded', async (who) => {
    const before = await eventCount();
    const payload = validEngineerPayload();
    const response = await register(payload, tokens[who]);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: expect.stringMatching(/\S/), code: 'FORBIDDEN' });
    expect(await eventCount()).toBe(before);
    expect((await login(payload.email as string, payload.password as string)).statusCode).toBe(401);
  });

  it('without a token -> 401', async () => {
    expect((await t.request({ method: 'POST', url: '/api/engineers', body: validEngineerPayload() })).statusCode).toBe(401);
  });
});

// ---- PATCH by a manager

describe('PATCH /api/engineers/:id by a manager', () => {
  it('changes any planning field: 200, the new version and ETag; the next GETs and their profile show it', async () => {
    const engineer = await registered({ skills: ['Go'] });
    const changes = { name: 'Renamed Engineer', department: 'Data', seniority: 'senior', maxCapacity: 60, skills: ['Go', 'Rust'] };
    const response = await patch(engineer._id, changes, { ifMatch: '"1"', token: tokens.manager2 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers.etag).toBe('"2"');
    const { password: _password, ...before } = engineer;
    expect(response.json()).toEqual({ ...before, ...changes, version: 2 });
    expect((await get(engineer._id)).json()).toEqual(response.json());
    expect((await list()).find((e) => e._id === engineer._id)).toEqual(response.json());
    expect(await profile(await signIn(engineer))).toMatchObject({ name: 'Renamed Engineer', department: 'Data', seniority: 'senior', maxCapacity: 60, skills: ['Go', 'Rust'] });

    const events = await streamEvents(engineer._id);
    expect(events.map((e) => e.type)).toEqual(['EngineerRegistered', 'EngineerProfileUpdated']);
    expect(events[1]).toMatchObject({ data: { engineerId: engineer._id, changes }, metadata: { actorId: actorIds.manager2, actorRole: 'manager' } });
  });

  it('a new maxCapacity shows in the capacity at once', async () => {
    const engineer = await registered({ maxCapacity: 100 });
    await assign(engineer._id, paymentsId, { allocationPercentage: 60, startDate: dayFromToday(-1), endDate: dayFromToday(20) });
    const capacityOf = async () => (await t.request({ method: 'GET', url: `/api/engineers/${engineer._id}/capacity`, token: tokens.manager })).json();
    expect(await capacityOf()).toMatchObject({ maxCapacity: 100, currentAllocation: 60, availableCapacity: 40, utilizationStatus: 'optimal' });
    expect((await patch(engineer._id, { maxCapacity: 50, version: 1 })).statusCode).toBe(200);
    expect(await capacityOf()).toMatchObject({
      maxCapacity: 50, currentAllocation: 60, availableCapacity: -10, utilizationPercentage: 120, utilizationStatus: 'overloaded',
    });
  });

  it('never changes the email (it is the login)', async () => {
    const engineer = await registered();
    const response = await patch(engineer._id, { email: 'changed@demo.test', name: 'Kept Email' }, { ifMatch: '"1"' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ email: engineer.email, name: 'Kept Email' });
    expect((await login(engineer.email, engineer.password)).statusCode).toBe(200);
  });

  it('a change to nothing new: 200, same version, nothing recorded', async () => {
    const engineer = await registered();
    const before = await eventCount();
    const response = await patch(engineer._id, { name: engineer.name, skills: engineer.skills }, { ifMatch: '"1"' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe('"1"');
    expect(await eventCount()).toBe(before);
  });

  it.each([
    ['name blank', { name: ' ' }, 'Name is required', 'name'],
    ['seniority unknown', { seniority: 'staff' }, 'Seniority must be junior, mid or senior', 'seniority'],
    ['max capacity 0', { maxCapacity: 0 }, 'Max capacity must be between 1 and 100', 'maxCapacity'],
    ['max capacity 101', { maxCapacity: 101 }, 'Max capacity must be between 1 and 100', 'maxCapacity'],
  ] as const)('%s -> 400 with the message, nothing recorded', async (_what, body, message, path) => {
    const engineer = await registered();
    const before = await eventCount();
    expectValidation(await patch(engineer._id, body, { ifMatch: '"1"' }), message, path);
    expect(await eventCount()).toBe(before);
  });

  it('without a version -> 428; with a stale one -> 409 (If-Match and body)', async () => {
    const engineer = await registered();
    const missing = await patch(engineer._id, { maxCapacity: 80 });
    expect(missing.statusCode).toBe(428);
    expect(missing.json()).toEqual({ message: expect.stringMatching(/version/i), code: 'VERSION_REQUIRED' });

    expect((await patch(engineer._id, { maxCapacity: 80 }, { ifMatch: '"1"' })).statusCode).toBe(200);
    const before = await eventCount();
    for (const response of [
      await patch(engineer._id, { maxCapacity: 70 }, { ifMatch: '"1"', token: tokens.manager2 }),
      await patch(engineer._id, { maxCapacity: 70, version: 1 }),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ message: CONFLICT, code: 'VERSION_CONFLICT', currentVersion: 2 });
    }
    expect(await eventCount()).toBe(before);
    expect((await get(engineer._id)).json()).toMatchObject({ maxCapacity: 80, version: 2 });
  });

  it.each(['"0"', '"1"'])('an unknown id -> 404 (If-Match %s)', async (ifMatch) => {
    const response = await patch(randomUUID(), { name: 'Ghost' }, { ifMatch });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toEqual({ message: 'Engineer not found', code: 'NOT_FOUND' });
  });
});

// ---- PATCH by an engineer or an auditor

describe('PATCH /api/engineers/:id by an engineer: their own skills only', () => {
  it('Sam edits his own skills: 200; GET, the directory and his profile show them; the event names him', async () => {
    const sam = (await get(seeded.sam._id)).json() as Engineer;
    const skills = [...sam.skills, 'Rust'];
    const response = await patch(sam._id, { skills }, { token: tokens.engineer, ifMatch: `"${sam.version}"` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers.etag).toBe(`"${sam.version + 1}"`);
    expect(response.json()).toEqual({ ...sam, skills, version: sam.version + 1 });
    expect((await get(sam._id, tokens.engineer)).json()).toEqual(response.json());
    expect((await list(tokens.engineer)).find((e) => e._id === sam._id)!.skills).toEqual(skills);
    expect(await profile(tokens.engineer)).toMatchObject({ _id: sam._id, role: 'engineer', skills });

    const events = await streamHistory(t, tokens.manager, `engineer-${sam._id}`, sam.version + 1);
    expect(events.at(-1)).toMatchObject({
      type: 'EngineerProfileUpdated',
      data: { engineerId: sam._id, changes: { skills } },
      metadata: { actorId: actorIds.engineer, actorRole: 'engineer' },
    });
  });

  it('with the version in the body too; and a newly registered engineer edits theirs', async () => {
    const sam = (await get(seeded.sam._id)).json() as Engineer;
    const response = await patch(sam._id, { skills: ['React', 'TypeScript'], version: sam.version }, { token: tokens.engineer });
    expect(response.statusCode, response.body).toBe(200);
    expect(await profile(tokens.engineer)).toMatchObject({ skills: ['React', 'TypeScript'] });

    const newcomer = await registered({ skills: [] });
    const token = await signIn(newcomer);
    const own = await patch(newcomer._id, { skills: ['Kotlin'] }, { token, ifMatch: '"1"' });
    expect(own.statusCode, own.body).toBe(200);
    expect(await profile(token)).toMatchObject({ skills: ['Kotlin'] });
  });

  it.each([
    ['name', { name: 'Samuel Rivera' }],
    ['maxCapacity', { maxCapacity: 50 }],
    ['skills with seniority', { skills: ['Go'], seniority: 'junior' }],
    ['skills with the same department', { skills: ['Go'], department: 'Product Engineering' }],
  ] as const)('changing their own %s -> 403, nothing recorded', async (_what, body) => {
    const sam = (await get(seeded.sam._id)).json() as Engineer;
    const before = await eventCount();
    const response = await patch(sam._id, body, { token: tokens.engineer, ifMatch: `"${sam.version}"` });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: OWN_SKILLS_ONLY, code: 'FORBIDDEN' });
    expect(await eventCount()).toBe(before);
    expect((await get(sam._id)).json()).toEqual(sam);
  });

  it.each([
    ['the right version', '"1"'],
    ['no version', undefined],
    ['a stale version', '"7"'],
  ] as const)("another engineer's skills, with %s -> 403, nothing recorded", async (_what, ifMatch) => {
    const before = await eventCount();
    const response = await patch(seeded.priya._id, { skills: ['Go'] }, { token: tokens.engineer, ifMatch });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toEqual({ message: OWN_SKILLS_ONLY, code: 'FORBIDDEN' });
    expect(await eventCount()).toBe(before);
    expect((await get(seeded.priya._id)).json()).toEqual(seeded.priya);
  });

  it('their own without a version -> 428; with a stale one -> 409', async () => {
    const sam = (await get(seeded.sam._id)).json() as Engineer;
    const missing = await patch(sam._id, { skills: ['Elm'] }, { token: tokens.engineer });
    expect(missing.statusCode).toBe(428);
    expect(missing.json()).toMatchObject({ code: 'VERSION_REQUIRED' });
    const stale = await patch(sam._id, { skills: ['Elm'] }, { token: tokens.engineer, ifMatch: `"${sam.version - 1}"` });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: CONFLICT, code: 'VERSION_CONFLICT', currentVersion: sam.version });
  });

  it('the auditor may not edit anyone, not even skills -> 403', async () => {
    const before = await eventCount();
    for (const ifMatch of ['"1"', undefined]) {
      const response = await patch(seeded.priya._id, { skills: ['Go'] }, { token: tokens.auditor, ifMatch });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: expect.stringMatching(/\S/), code: 'FORBIDDEN' });
    }
    expect(await eventCount()).toBe(before);
  });

  it('without a token -> 401', async () => {
    const response = await t.request({ method: 'PATCH', url: `/api/engineers/${seeded.priya._id}`, body: { skills: [] }, headers: { 'if-match': '"1"' } });
    expect(response.statusCode).toBe(401);
  });
});
