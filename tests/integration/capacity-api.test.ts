/**
 * GET /api/capacity and GET /api/engineers/available: the grid the server answers equals the domain
 * model computed from the public lists, for every step; filters, order and paging; who sees what;
 * each bad parameter's 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerCapacityQuery, availableEngineers, capacityQueryInput, dateOfDay, dayOfDate, mondayOf, unpackCapacity,
  type CapacityEngineerRow, type CapacityFacts, type CapacityResponse, type PackedCapacityResponse,
} from '../../domain/index.ts';
import { dayFromToday, validAssignmentPayload } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { capacityFactsFromLists } from '../support/capacity-facts.ts';
import { signInAll, type Who } from '../support/planning-helpers.ts';

let t: TestApp;
let tokens: Record<Who, string>;
let actorIds: Record<Who, string>;

const today = new Date().toISOString().slice(0, 10);
const thisMonday = dateOfDay(mondayOf(dayOfDate(today)));
const plusDays = (date: string, n: number) => dateOfDay(dayOfDate(date) + n);

const capacity = (query: string, token = tokens.manager) => t.request({ method: 'GET', url: `/api/capacity?${query}`, token });
const expected = (facts: CapacityFacts<CapacityEngineerRow>, query: Record<string, string>, timeZone = 'UTC'): CapacityResponse =>
  answerCapacityQuery(facts, capacityQueryInput.parse(query), timeZone);

beforeAll(async () => {
  t = await startTestApp();
  ({ tokens, actorIds } = await signInAll(t));
  // Overload someone next month who is fine today: the question the whole feature answers.
  const engineers = (await t.request({ method: 'GET', url: '/api/engineers', token: tokens.manager })).json() as { _id: string; email: string }[];
  const projects = (await t.request({ method: 'GET', url: '/api/projects', token: tokens.manager })).json() as { _id: string; status: string }[];
  const elena = engineers.find((e) => e.email === 'elena.rossi@demo.test')!;
  const open = projects.find((p) => p.status !== 'completed')!;
  for (const allocationPercentage of [60, 60]) {
    const created = await t.request({
      method: 'POST', url: '/api/assignments', token: tokens.manager,
      body: validAssignmentPayload(elena._id, open._id, { allocationPercentage, startDate: dayFromToday(35), endDate: dayFromToday(60) }),
    });
    expect(created.statusCode, created.body).toBe(201);
  }
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/capacity equals the domain model computed from the lists', () => {
  it.each([
    ['week', 26 * 7 - 1],
    ['day', 20],
    ['month', 365],
  ])('step=%s', async (step, span) => {
    const query = { from: thisMonday, to: plusDays(thisMonday, span), step };
    const response = await capacity(new URLSearchParams(query).toString());
    expect(response.statusCode, response.body).toBe(200);
    const facts = await capacityFactsFromLists(t, tokens.manager);
    const body = response.json() as CapacityResponse;
    expect(body).toEqual(expected(facts, query));
    expect(body.rows.length).toBe(facts.engineers.length);
    expect(response.headers['x-total-count']).toBe(String(facts.engineers.length));
    expect(response.headers['x-cursor']).toMatch(/^\d+:\d+$/);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('includeTentative, filters, sort and a page agree with the model too', async () => {
    const facts = await capacityFactsFromLists(t, tokens.manager);
    const queries: Record<string, string>[] = [
      { from: thisMonday, to: plusDays(thisMonday, 83), includeTentative: 'true', sort: 'peak' },
      { from: thisMonday, to: plusDays(thisMonday, 83), sort: 'free', limit: '3', offset: '2' },
      { from: thisMonday, to: plusDays(thisMonday, 27), q: 'react' },
      { from: thisMonday, to: plusDays(thisMonday, 27), skills: 'Go,PostgreSQL', seniority: 'senior' },
      { from: thisMonday, to: plusDays(thisMonday, 27), minFree: '50', freeFrom: plusDays(thisMonday, 7), freeTo: plusDays(thisMonday, 13) },
    ];
    for (const query of queries) {
      const response = await capacity(new URLSearchParams(query).toString());
      expect(response.statusCode, JSON.stringify(query)).toBe(200);
      expect(response.json(), JSON.stringify(query)).toEqual(expected(facts, query));
    }
  });

  it('shape=columns is the same answer with each period said once: unpacked, it equals the model (its rows under a third of the size)', async () => {
    const facts = await capacityFactsFromLists(t, tokens.manager);
    const queries: Record<string, string>[] = [
      { from: thisMonday, to: plusDays(thisMonday, 26 * 7 - 1), step: 'week' },
      { from: thisMonday, to: plusDays(thisMonday, 83), step: 'day', includeTentative: 'true', sort: 'peak', limit: '4' },
    ];
    for (const query of queries) {
      const [cells, columns] = await Promise.all([capacity(new URLSearchParams(query).toString()), capacity(new URLSearchParams({ ...query, shape: 'columns' }).toString())]);
      expect(columns.statusCode, columns.body).toBe(200);
      const packed = columns.json() as PackedCapacityResponse;
      expect(packed.shape).toBe('columns');
      expect(packed.rows[0]).not.toHaveProperty('periods');
      expect(unpackCapacity(packed)).toEqual(expected(facts, query));
      expect(columns.headers['x-total-count']).toBe(cells.headers['x-total-count']);
      // The rows: the periods and totals are said once in both shapes.
      expect(JSON.stringify(packed.rows).length).toBeLessThan(JSON.stringify((cells.json() as CapacityResponse).rows).length / 3);
    }
  });

  it('the same request after a write shows the write: facts are kept only until the snapshot changes', async () => {
    const query = { from: thisMonday, to: plusDays(thisMonday, 27), step: 'week' };
    const before = await capacity(new URLSearchParams(query).toString());
    const again = await capacity(new URLSearchParams(query).toString());
    expect(again.body).toBe(before.body);
    const engineers = (await t.request({ method: 'GET', url: '/api/engineers', token: tokens.manager })).json() as { _id: string; email: string }[];
    const projects = (await t.request({ method: 'GET', url: '/api/projects', token: tokens.manager })).json() as { _id: string; status: string }[];
    const created = await t.request({
      method: 'POST', url: '/api/assignments', token: tokens.manager,
      body: validAssignmentPayload(engineers.find((e) => e.email === 'elena.rossi@demo.test')!._id, projects.find((p) => p.status !== 'completed')!._id, {
        allocationPercentage: 15, startDate: dayFromToday(7), endDate: dayFromToday(14),
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = await capacity(new URLSearchParams(query).toString());
    expect(after.body).not.toBe(before.body);
    expect(after.headers['x-snapshot']).not.toBe(before.headers['x-snapshot']);
    expect(after.json()).toEqual(expected(await capacityFactsFromLists(t, tokens.manager), query));
  });

  it('finds someone fine today who is overloaded next month, with the week it happens', async () => {
    const body = (await capacity(`from=${thisMonday}&to=${plusDays(thisMonday, 12 * 7 - 1)}&sort=peak`)).json() as CapacityResponse;
    const elena = body.rows.find((row) => row.engineer.email === 'elena.rossi@demo.test')!;
    const overloadedWeeks = elena.periods.filter((p) => p.status === 'overloaded').map((p) => p.key);
    expect(overloadedWeeks.length).toBeGreaterThan(0);
    expect(elena.periods[0]!.status).not.toBe('overloaded');
    // Sorted by peak: nobody above her has a lower peak.
    const index = body.rows.indexOf(elena);
    for (const row of body.rows.slice(0, index)) expect(row.peakUtilization ?? -1).toBeGreaterThanOrEqual(elena.peakUtilization!);
  });

  it('counts the organisation\'s days: the same plan in Europe/Berlin equals the model in that zone', async () => {
    const berlin = await startTestApp({ orgTimeZone: 'Europe/Berlin' });
    try {
      const token = await berlin.login(demo.manager);
      const query = { from: thisMonday, to: plusDays(thisMonday, 55), step: 'day' };
      const response = await berlin.request({ method: 'GET', url: `/api/capacity?${new URLSearchParams(query)}`, token });
      const body = response.json() as CapacityResponse;
      expect(body.timeZone).toBe('Europe/Berlin');
      expect(body).toEqual(expected(await capacityFactsFromLists(berlin, token), query, 'Europe/Berlin'));
    } finally {
      await berlin.close();
    }
  });
});

describe('who sees what', () => {
  it('an engineer gets only their own row, and no placeholder demand', async () => {
    const response = await capacity(`from=${thisMonday}&to=${plusDays(thisMonday, 27)}`, tokens.engineer);
    expect(response.statusCode).toBe(200);
    const body = response.json() as CapacityResponse;
    expect(body.rows.map((row) => row.engineer._id)).toEqual([actorIds.engineer]);
    expect(body.total).toBe(1);
    expect(body.totals.every((total) => total.placeholder === 0)).toBe(true);
  });

  it('engineerId narrows the grid to that engineer\'s row (their load as in the whole grid, no placeholder demand)', async () => {
    const query = `from=${thisMonday}&to=${plusDays(thisMonday, 83)}`;
    const whole = (await capacity(query)).json() as CapacityResponse;
    const aisha = whole.rows.find((row) => row.engineer.email === 'aisha.khan@demo.test')!;
    const response = await capacity(`${query}&engineerId=${aisha.engineer._id}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as CapacityResponse;
    expect(body.rows).toEqual([aisha]);
    expect(body.total).toBe(1);
    expect(body.totals.map((total) => total.confirmed)).toEqual(aisha.periods.map((period) => period.booked));
    expect(body.totals.every((total) => total.placeholder === 0)).toBe(true);
    const facts = await capacityFactsFromLists(t, tokens.manager);
    expect(body).toEqual(expected(facts, { from: thisMonday, to: plusDays(thisMonday, 83), engineerId: aisha.engineer._id }));
  });

  it('an engineer may name themselves in engineerId, nobody else (403)', async () => {
    const own = await capacity(`from=${thisMonday}&to=${thisMonday}&engineerId=${actorIds.engineer}`, tokens.engineer);
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json() as CapacityResponse).rows.map((row) => row.engineer._id)).toEqual([actorIds.engineer]);
    const other = await capacity(`from=${thisMonday}&to=${thisMonday}&engineerId=${actorIds.manager}`, tokens.engineer);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('an auditor reads it; without a token 401', async () => {
    expect((await capacity(`from=${thisMonday}&to=${thisMonday}`, tokens.auditor)).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/capacity?from=${thisMonday}&to=${thisMonday}` })).statusCode).toBe(401);
  });
});

describe('bad parameters get a 400 naming the rule', () => {
  it.each([
    ['', 'from must be a date written YYYY-MM-DD'],
    [`from=${thisMonday}`, 'to must be a date written YYYY-MM-DD'],
    [`from=2026-02-30&to=2026-03-30`, 'from must be a date written YYYY-MM-DD'],
    [`from=${thisMonday}&to=2026-13-01`, 'to must be a date written YYYY-MM-DD'],
    [`from=${thisMonday}&to=${plusDays(thisMonday, -1)}`, 'to must be on or after from'],
    [`from=${thisMonday}&to=${plusDays(thisMonday, 800)}`, 'The range may span at most 731 days'],
    [`from=${thisMonday}&to=${thisMonday}&step=year`, 'step must be day, week or month'],
    [`from=${thisMonday}&to=${thisMonday}&sort=age`, 'sort must be peak, free or name'],
    [`from=${thisMonday}&to=${thisMonday}&shape=rows`, 'shape must be cells or columns'],
    [`from=${thisMonday}&to=${thisMonday}&limit=0`, 'limit must be a whole number from 1 to 5000'],
    [`from=${thisMonday}&to=${thisMonday}&offset=-1`, 'offset must be a whole number, 0 or more'],
    [`from=${thisMonday}&to=${thisMonday}&minFree=150`, 'minFree must be a number between 0 and 100'],
    [`from=${thisMonday}&to=${thisMonday}&includeTentative=yes`, 'includeTentative must be true or false'],
    [`from=${thisMonday}&to=${thisMonday}&seniority=lead`, 'seniority must be junior, mid or senior'],
    [`from=${thisMonday}&to=${thisMonday}&engineerId=`, 'engineerId must be an engineer id'],
    [`from=${thisMonday}&to=${thisMonday}&freeFrom=${plusDays(thisMonday, 5)}&freeTo=${thisMonday}`, 'freeTo must be on or after freeFrom'],
  ])('%s -> %s', async (query, message) => {
    const response = await capacity(query);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ message, code: 'VALIDATION_FAILED' });
  });
});

describe('GET /api/engineers/available', () => {
  it('equals the domain model: at least minFree % free in every week, most free first, with the lowest figure', async () => {
    const facts = await capacityFactsFromLists(t, tokens.manager);
    const range = { from: plusDays(thisMonday, 7), to: plusDays(thisMonday, 13), minFree: 50 };
    const response = await t.request({ method: 'GET', url: `/api/engineers/available?from=${range.from}&to=${range.to}&minFree=50`, token: tokens.manager });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as (CapacityEngineerRow & { lowestFree: number })[];
    expect(body).toEqual(availableEngineers(facts, range).map(({ engineer, lowestFree, fit }) => ({ ...engineer, lowestFree, fit })));
    expect(body.length).toBeGreaterThan(0);
    for (const row of body) expect(row.lowestFree).toBeGreaterThanOrEqual(50);
  });

  it('"free next week at 50 % for React": skills narrow it to engineers with any of them', async () => {
    const response = await t.request({
      method: 'GET', token: tokens.auditor,
      url: `/api/engineers/available?from=${plusDays(thisMonday, 7)}&to=${plusDays(thisMonday, 11)}&minFree=50&skills=React`,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as CapacityEngineerRow[];
    for (const row of body) expect(row.skills).toContain('React');
  });

  it('an engineer is refused 403; bad minFree 400', async () => {
    const refused = await t.request({ method: 'GET', url: `/api/engineers/available?from=${thisMonday}&to=${thisMonday}&minFree=50`, token: tokens.engineer });
    expect(refused.statusCode).toBe(403);
    const bad = await t.request({ method: 'GET', url: `/api/engineers/available?from=${thisMonday}&to=${thisMonday}&minFree=x`, token: tokens.manager });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'minFree must be a number between 0 and 100' });
  });
});
