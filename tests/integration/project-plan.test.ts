/**
 * GET /api/projects/plan: the plan the server answers equals the domain function computed from the
 * public lists (the demo's mixed data: time off, a holiday, a tentative project with an assignment,
 * placeholders) at day, week and month; filters, order and paging; who may read it; each bad
 * parameter's 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerProjectPlanQuery, dateOfDay, dayOfDate, mondayOf, projectPlanQueryInput, type PlanProjectRow, type ProjectPlanResponse,
} from '../../domain/index.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { capacityFactsFromLists } from '../support/capacity-facts.ts';
import { signInAll, type Who } from '../support/planning-helpers.ts';

let t: TestApp;
let tokens: Record<Who, string>;

const today = new Date().toISOString().slice(0, 10);
const thisMonday = dateOfDay(mondayOf(dayOfDate(today)));
const plusDays = (date: string, n: number) => dateOfDay(dayOfDate(date) + n);

const plan = (query: string, token = tokens.manager) => t.request({ method: 'GET', url: `/api/projects/plan?${query}`, token });

async function expected(query: Record<string, string>): Promise<ProjectPlanResponse> {
  const facts = await capacityFactsFromLists(t, tokens.manager);
  const projects = (await t.request({ method: 'GET', url: '/api/projects', token: tokens.manager })).json() as (PlanProjectRow & Record<string, unknown>)[];
  const rows = projects.map(({ _id, name, status, tentative, startDate, endDate, version }) => ({ _id, name, status, tentative, startDate, endDate, version }));
  return answerProjectPlanQuery({ ...facts, projects: rows }, projectPlanQueryInput.parse(query), 'UTC');
}

/** A planning write on an engineer's own days, with the version it was made against. */
async function putDays(engineerId: string, path: 'work-week' | 'employment', body: unknown) {
  const { version } = (await t.request({ method: 'GET', url: `/api/engineers/${engineerId}`, token: tokens.manager })).json() as { version: number };
  const response = await t.request({ method: 'PUT', url: `/api/engineers/${engineerId}/${path}`, token: tokens.manager, body, headers: { 'if-match': `"${version}"` } });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  t = await startTestApp();
  ({ tokens } = await signInAll(t));
  // Beside the demo's time off, holiday, tentative project and placeholders: people with days of their
  // own, whose assignments count only on them (a four-day week from next week, a leaver in three weeks).
  const engineers = (await t.request({ method: 'GET', url: '/api/engineers', token: tokens.manager })).json() as { _id: string; email: string }[];
  const [fourDays, leaver] = engineers.filter((e) => e.email !== 'engineer@demo.test');
  await putDays(fourDays!._id, 'work-week', { from: plusDays(thisMonday, 7), days: [100, 100, 100, 100, 0, 0, 0] });
  await putDays(leaver!._id, 'employment', { leaveDate: plusDays(thisMonday, 24) });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/projects/plan equals the domain function on the loaded facts', () => {
  it.each([
    // Six weeks: the demo's tentative work starts 14 days from now (a weekend day never leaves it out),
    // and its open roles 30 days from now or on the first of next month, up to 31 days away.
    ['day', 41],
    ['week', 26 * 7 - 1],
    ['month', 365],
  ])('step=%s', async (step, span) => {
    const query = { from: plusDays(thisMonday, -3), to: plusDays(thisMonday, span), step };
    const response = await plan(new URLSearchParams(query).toString());
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as ProjectPlanResponse;
    expect(body).toEqual(await expected(query));
    // The demo's mixed data is really in it: staffed work, tentative work and open roles.
    const sum = (figure: 'staffed' | 'tentative' | 'demand') => body.totals.reduce((total, p) => total + p[figure], 0);
    expect(sum('staffed')).toBeGreaterThan(0);
    expect(sum('tentative')).toBeGreaterThan(0);
    expect(sum('demand')).toBeGreaterThan(0);
    expect(response.headers['x-total-count']).toBe(String(body.total));
    expect(response.headers['x-cursor']).toMatch(/^\d+:\d+$/);
  });

  it('includeTentative, q, status, sort and a page agree with the function too; totals cover every match', async () => {
    const from = thisMonday;
    const to = plusDays(thisMonday, 83);
    const queries: Record<string, string>[] = [
      { from, to, includeTentative: 'true', sort: 'staffed' },
      { from, to, sort: 'demand', limit: '2', offset: '1' },
      { from, to, sort: 'start', status: 'active' },
      { from, to, q: 'app' },
    ];
    for (const query of queries) {
      const response = await plan(new URLSearchParams(query).toString());
      expect(response.statusCode, JSON.stringify(query)).toBe(200);
      expect(response.json(), JSON.stringify(query)).toEqual(await expected(query));
    }
    const page = (await plan(`from=${from}&to=${to}&limit=1`)).json() as ProjectPlanResponse;
    const all = (await plan(`from=${from}&to=${to}`)).json() as ProjectPlanResponse;
    expect(page.rows).toHaveLength(1);
    expect(page.totals).toEqual(all.totals);
  });
});

describe('tentative work in the answer: what the screen counts by', () => {
  it('left out, a pipeline project has no staffed work and its tentative work is apart; included, staffed holds it in every row and total', async () => {
    const query = `from=${thisMonday}&to=${plusDays(thisMonday, 83)}&step=month`;
    const off = (await plan(query)).json() as ProjectPlanResponse;
    const on = (await plan(`${query}&includeTentative=true`)).json() as ProjectPlanResponse;
    const sum = (periods: readonly { staffed: number; tentative: number }[], figure: 'staffed' | 'tentative') => periods.reduce((total, p) => total + p[figure], 0);
    const pipeline = (answer: ProjectPlanResponse) => answer.rows.find((row) => row.project.tentative)!;
    expect(sum(pipeline(off).periods, 'tentative')).toBeGreaterThan(0);
    expect(sum(pipeline(off).periods, 'staffed')).toBe(0);
    expect(sum(pipeline(on).periods, 'staffed')).toBe(sum(pipeline(off).periods, 'tentative'));
    for (const [p, total] of off.totals.entries()) {
      expect(total.staffed).toBeCloseTo(off.rows.reduce((all, row) => all + row.periods[p]!.staffed, 0), 6);
      expect(on.totals[p]!.staffed).toBeCloseTo(total.staffed + total.tentative, 6);
      expect(on.totals[p]!.tentative).toBe(total.tentative);
    }
  });
});

describe('who may read it', () => {
  it('managers and auditors; an engineer gets 403; without a token 401', async () => {
    const query = `from=${thisMonday}&to=${thisMonday}`;
    expect((await plan(query, tokens.auditor)).statusCode).toBe(200);
    expect((await plan(query, tokens.engineer)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/projects/plan?${query}` })).statusCode).toBe(401);
  });
});

describe('bad parameters get a 400 naming the rule', () => {
  it.each([
    ['', 'from must be a date written YYYY-MM-DD'],
    [`from=${thisMonday}&to=2026-13-01`, 'to must be a date written YYYY-MM-DD'],
    [`from=${thisMonday}&to=${plusDays(thisMonday, -1)}`, 'to must be on or after from'],
    [`from=${thisMonday}&to=${plusDays(thisMonday, 800)}`, 'The range may span at most 731 days'],
    [`from=${thisMonday}&to=${thisMonday}&step=year`, 'step must be day, week or month'],
    [`from=${thisMonday}&to=${thisMonday}&sort=peak`, 'sort must be name, start, staffed or demand'],
    [`from=${thisMonday}&to=${thisMonday}&status=won`, 'status must be planning, active or completed'],
    [`from=${thisMonday}&to=${thisMonday}&limit=0`, 'limit must be a whole number from 1 to 5000'],
    [`from=${thisMonday}&to=${thisMonday}&offset=-1`, 'offset must be a whole number, 0 or more'],
    [`from=${thisMonday}&to=${thisMonday}&includeTentative=yes`, 'includeTentative must be true or false'],
    [`from=${thisMonday}&to=${thisMonday}&q=${'x'.repeat(201)}`, 'Search text must be less than 200 characters'],
  ])('%s -> %s', async (query, message) => {
    const response = await plan(query);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ message, code: 'VALIDATION_FAILED' });
  });
});
