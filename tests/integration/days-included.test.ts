/**
 * Spans are days, both ends included (one rule for every answer): /api/capacity at day, week and month,
 * /api/projects/plan and /api/actuals agree day by day with a sum worked out here, independently of the
 * domain's code, over the assignment list, for a plan that holds the boundaries: a Monday-to-Friday week,
 * a one-day span, a span ending on a holiday, one ending on the last day of a month and of a year, a
 * one-day overload inside a month, and a range that cuts its first and last weeks. A scenario holding the
 * same spans as drafts agrees too: its capacity, its comparison with the live plan and its project plan
 * (the project plan screen's query on the scenario's plan). The read models rebuilt from the events equal
 * the live ones.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerProjectPlanQuery, projectPlanQueryInput } from '../../domain/capacity/project-plan-query.ts';
import type { Plan as FoldedPlan } from '../../domain/plan.ts';
import { rebuildReadModels } from '../../server/projections/rebuild.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { givenPlan } from '../support/given-plan.ts';

let t: TestApp;
let plan: Awaited<ReturnType<typeof givenPlan<'vera' | 'wren', 'portal' | 'drafts'>>>;
/** A scenario whose drafts put Wren on Draft Portal over the same spans; nothing of it is live. */
let scenarioId: string;

const HOLIDAY = '2024-12-24';
/** [first day, last day, allocation]: each as a manager types it, the last day the last day worked. */
const spans: [string, string, number][] = [
  ['2024-12-02', '2024-12-06', 50], // Monday to Friday
  ['2024-12-11', '2024-12-11', 30], // one day (a Wednesday)
  ['2024-12-11', '2024-12-11', 80], // the same day again: 110 % on that one day of December
  ['2024-12-16', HOLIDAY, 40], // ends on a holiday (Tuesday)
  ['2024-12-27', '2024-12-31', 60], // ends on the last day of the month and the year (a Tuesday)
  ['2024-12-31', '2025-01-03', 20], // crosses the year (Tuesday to Friday)
];

const DAY = 86_400_000;
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const daysFrom = (from: string, to: string) => {
  const out: string[] = [];
  for (let ms = Date.parse(`${from}T00:00:00Z`); ms <= Date.parse(`${to}T00:00:00Z`); ms += DAY) out.push(dayText(ms));
  return out;
};
const isWorkingDay = (date: string) => {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && date !== HOLIDAY;
};
/** The independent sum: each working day's booked percent, from the spans as written. */
const bookedOn = (date: string) =>
  isWorkingDay(date) ? spans.filter(([first, last]) => first <= date && date <= last).reduce((sum, [, , pct]) => sum + pct, 0) : 0;
const isoWeekOf = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  const thursday = new Date(d.getTime() + (3 - ((d.getUTCDay() + 6) % 7)) * DAY);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  return `${thursday.getUTCFullYear()}-W${String(Math.floor((thursday.getTime() - yearStart) / DAY / 7) + 1).padStart(2, '0')}`;
};
const sumBy = (from: string, to: string, keyOf: (date: string) => string) => {
  const sums = new Map<string, number>();
  for (const date of daysFrom(from, to)) sums.set(keyOf(date), (sums.get(keyOf(date)) ?? 0) + bookedOn(date));
  return [...sums.entries()];
};

type Row = { engineer: { _id: string }; periods: { key: string; booked: number; workingDays: number; capacity: number }[] };
const capacityOf = async (from: string, to: string, step: string) => {
  const body = await plan.get<{ rows: Row[] }>(`/api/capacity?from=${from}&to=${to}&step=${step}&engineerId=${plan.engineers.vera}`);
  return body.rows[0]!.periods;
};

beforeAll(async () => {
  t = await startTestApp();
  plan = await givenPlan(t, {
    engineers: {
      vera: { name: 'Vera Days', email: 'vera.days@demo.test', skills: ['React'] },
      wren: { name: 'Wren Drafted', email: 'wren.drafted@demo.test', skills: ['React'] },
    },
    projects: {
      portal: { name: 'Days Portal', startDate: '2024-11-01T00:00:00.000Z', endDate: '2025-03-31T00:00:00.000Z' },
      drafts: { name: 'Draft Portal', startDate: '2024-11-01T00:00:00.000Z', endDate: '2025-03-31T00:00:00.000Z' },
    },
  });
  const holiday = await t.request({ method: 'POST', url: '/api/holidays', token: plan.tokens.manager, body: { date: HOLIDAY, name: 'Christmas Eve' } });
  expect(holiday.statusCode, holiday.body).toBe(201);
  for (const [index, [first, last, allocationPercentage]] of spans.entries()) {
    await plan.assign(`span${index}`, 'vera', 'portal', { allocationPercentage, startDate: first, endDate: last, role: 'Developer' });
  }
  const manager = plan.tokens.manager;
  const created = await t.request({ method: 'POST', url: '/api/scenarios', token: manager, body: { name: 'Days drafted' } });
  expect(created.statusCode, created.body).toBe(201);
  scenarioId = (created.json() as { _id: string })._id;
  for (const [first, last, allocationPercentage] of spans) {
    const input = { engineerId: plan.engineers.wren, projectId: plan.projects.drafts, role: 'Developer', allocationPercentage, startDate: first, endDate: last };
    const drafted = await t.request({ method: 'POST', url: `/api/scenarios/${scenarioId}/changes`, token: manager, body: { command: { kind: 'createAssignment', assignmentId: randomUUID(), input } } });
    expect(drafted.statusCode, drafted.body).toBeLessThan(300);
  }
});

afterAll(() => t?.close());

describe('the boundaries, counted day by day against an independent sum', () => {
  it('a one-day assignment is accepted; one whose last day is before its first is refused with a clear message and nothing is written', async () => {
    const refused = await t.request({
      method: 'POST', url: '/api/assignments', token: plan.tokens.manager,
      body: { engineerId: plan.engineers.vera, projectId: plan.projects.portal, role: 'Developer', allocationPercentage: 10, startDate: '2024-12-12', endDate: '2024-12-11' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'End date cannot be before start date' });
    const mine = (await plan.get<{ engineerId: { _id: string } }[]>('/api/assignments')).filter((a) => a.engineerId._id === plan.engineers.vera);
    expect(mine).toHaveLength(spans.length);
  });

  it('step=day: every day of December and early January equals the sum (Mon-Fri 50 each day, 110 on Dec 11, nothing on the holiday)', async () => {
    const periods = await capacityOf('2024-12-01', '2025-01-05', 'day');
    expect(periods.map((p) => [p.key, p.booked])).toEqual(daysFrom('2024-12-01', '2025-01-05').map((date) => [date, bookedOn(date)]));
    // By hand: the Mon-Fri week is five days of 50; the one-day overload; Dec 24 off; Dec 31 carries both year-end spans.
    const on = (date: string) => periods.find((p) => p.key === date)!.booked;
    expect([on('2024-12-02'), on('2024-12-06'), on('2024-12-07'), on('2024-12-11'), on('2024-12-23'), on(HOLIDAY), on('2024-12-31'), on('2025-01-03')]).toEqual([50, 50, 0, 110, 40, 0, 80, 20]);
  });

  it('step=week: the Mon-Fri week reads 50 %; the weeks equal the sum, the first and last cut by the range to their days inside it', async () => {
    const periods = await capacityOf('2024-12-04', '2025-01-02', 'week');
    expect(periods.map((p) => [p.key, p.booked])).toEqual(sumBy('2024-12-04', '2025-01-02', isoWeekOf));
    const whole = await capacityOf('2024-12-02', '2024-12-08', 'week');
    expect(whole.map((p) => [p.booked, p.capacity, p.workingDays])).toEqual([[250, 500, 5]]);
    // The cut first week holds Wed-Fri only: 3 x 50.
    expect(periods[0]).toMatchObject({ key: '2024-W49', booked: 150, workingDays: 3 });
  });

  it('step=month: December and January each get their own days of the year-end span', async () => {
    const periods = await capacityOf('2024-12-01', '2025-01-31', 'month');
    expect(periods.map((p) => [p.key, p.booked])).toEqual(sumBy('2024-12-01', '2025-01-31', (date) => date.slice(0, 7)));
    // January: Jan 1, 2 and 3 of the 20 % span (Jan 1 is a working day here: only Dec 24 is a holiday).
    expect(periods[1]!.booked).toBe(60);
  });

  it('/api/projects/plan counts the project on the same days, at day, week and month', async () => {
    for (const [step, from, to, keyOf] of [
      ['day', '2024-12-01', '2025-01-05', (date: string) => date],
      ['week', '2024-12-04', '2025-01-02', isoWeekOf],
      ['month', '2024-12-01', '2025-01-31', (date: string) => date.slice(0, 7)],
    ] as const) {
      const body = await plan.get<{ rows: { project: { _id: string }; periods: { key: string; staffed: number }[] }[] }>(
        `/api/projects/plan?from=${from}&to=${to}&step=${step}&q=Days%20Portal`,
      );
      const row = body.rows.find((r) => r.project._id === plan.projects.portal)!;
      expect(row.periods.map((p) => [p.key, p.staffed]), step).toEqual(sumBy(from, to, keyOf));
    }
  });

  it('/api/actuals plans 8 hours a full day on the same days', async () => {
    const body = await plan.get<{ rows: { engineer: { _id: string }; periods: { key: string; plannedHours: number }[] }[] }>(
      `/api/actuals?from=2024-12-02&to=2025-01-05&by=engineer&engineerId=${plan.engineers.vera}`,
    );
    const row = body.rows.find((r) => r.engineer._id === plan.engineers.vera)!;
    expect(row.periods.map((p) => [p.key, p.plannedHours])).toEqual(sumBy('2024-12-02', '2025-01-05', isoWeekOf).map(([key, pct]) => [key, (pct * 8) / 100]));
  });

  const views = [
    ['day', '2024-12-01', '2025-01-05', (date: string) => date],
    ['week', '2024-12-04', '2025-01-02', isoWeekOf],
    ['month', '2024-12-01', '2025-01-31', (date: string) => date.slice(0, 7)],
  ] as const;

  it("the scenario's capacity counts its drafted spans on the same days, at day, week and month; the live plan has none of them", async () => {
    for (const [step, from, to, keyOf] of views) {
      const query = `from=${from}&to=${to}&step=${step}&engineerId=${plan.engineers.wren}`;
      const drafted = await plan.get<{ rows: Row[] }>(`/api/scenarios/${scenarioId}/capacity?${query}`);
      expect(drafted.rows[0]!.periods.map((p) => [p.key, p.booked]), step).toEqual(sumBy(from, to, keyOf));
      const live = await plan.get<{ rows: Row[] }>(`/api/capacity?${query}`);
      expect(live.rows[0]!.periods.every((p) => p.booked === 0), step).toBe(true);
    }
    // By hand, in the day view: 110 on Dec 11, nothing on the holiday, both year-end spans on Dec 31.
    const days = (await plan.get<{ rows: Row[] }>(`/api/scenarios/${scenarioId}/capacity?from=2024-12-11&to=2024-12-31&step=day&engineerId=${plan.engineers.wren}`)).rows[0]!.periods;
    expect([days[0]!.booked, days.find((p) => p.key === HOLIDAY)!.booked, days.at(-1)!.booked]).toEqual([110, 0, 80]);
  });

  it("the scenario's comparison adds exactly the drafted days to the live totals, period by period", async () => {
    for (const [step, from, to, keyOf] of views) {
      const body = await plan.get<{ periods: { key: string; live: { confirmed: number }; scenario: { confirmed: number } }[] }>(
        `/api/scenarios/${scenarioId}/compare?from=${from}&to=${to}&step=${step}`,
      );
      expect(body.periods.map((p) => [p.key, p.scenario.confirmed - p.live.confirmed]), step).toEqual(sumBy(from, to, keyOf));
    }
  });

  it("the scenario's plan holds the drafts with their own first and last days, and its project plan counts Draft Portal on the same days", async () => {
    const { plan: folded } = await plan.get<{ plan: FoldedPlan }>(`/api/scenarios/${scenarioId}/plan`);
    const drafted = folded.assignments.filter((a) => a.engineerId._id === plan.engineers.wren);
    expect(drafted.map((a) => [a.startDate.slice(0, 10), a.endDate.slice(0, 10), a.allocationPercentage]).sort()).toEqual([...spans].sort());
    // As the project plan screen answers a scenario: the server's own query, on the scenario's plan.
    const projects = folded.projects.map(({ _id, name, status, tentative, startDate, endDate, version }) => ({ _id, name, status, tentative, startDate, endDate, version }));
    const facts = { ...folded, projects, tentativeProjectIds: projects.filter((p) => p.tentative).map((p) => p._id) };
    for (const [step, from, to, keyOf] of views) {
      const answer = answerProjectPlanQuery(facts, projectPlanQueryInput.parse({ from, to, step, q: 'Draft Portal' }), 'UTC');
      const row = answer.rows.find((r) => r.project._id === plan.projects.drafts)!;
      expect(row.periods.map((p) => [p.key, p.staffed]), step).toEqual(sumBy(from, to, keyOf));
    }
  });

  it('the read models rebuilt from the events equal the live ones', async () => {
    expect((await rebuildReadModels(t.app.db, { swap: false })).equal).toBe(true);
  });
});
