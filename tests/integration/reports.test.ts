/**
 * GET /api/reports/utilisation over HTTP and real PostgreSQL: figures by hand on a small fixture (a
 * Monday-to-Friday assignment cut by a month, a holiday, a part-timer, recorded hours), the report
 * equal to the schedule's own figures (GET /api/capacity) summed for every period and group, past and
 * future, groups summing to the totals, the CSV saying the JSON, and bad input refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromToday, validEngineerPayload, validProjectPayload } from '../support/api-helpers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { expectWritten, ifMatch } from '../support/capacity-facts-helpers.ts';
import { signInAll, type Who } from '../support/planning-helpers.ts';

type Figures = {
  key: string; capacity: number; booked: number; tentative: number; demand: number; bench: number; overloadedPersonDays: number;
  plannedHours?: number; actualHours?: number;
};
type Report = {
  periods: { key: string; start: string; end: string; workingDays: number; past: boolean; toDate: boolean }[];
  groups: { key: string; label: string; people: number; periods: Figures[] }[];
  totals: { people: number; periods: Figures[] };
};
type CapacityCell = { key: string; capacity: number; booked: number; tentative: number; overloadedDays: number };
type Capacity = {
  periods: { key: string }[];
  rows: { engineer: { _id: string; department: string }; periods: CapacityCell[] }[];
  totals: { key: string; capacity: number; confirmed: number; tentative: number; placeholder: number }[];
};

const TEAM = 'Report Fixture';
let t: TestApp;
let tokens: Record<Who, string>;

const get = (url: string, token = tokens.manager, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, token, headers });
const report = async (query: string): Promise<Report> => {
  const response = await get(`/api/reports/utilisation?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Report;
};
const capacity = async (query: string): Promise<Capacity> => {
  const response = await get(`/api/capacity?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Capacity;
};

beforeAll(async () => {
  t = await startTestApp();
  ({ tokens } = await signInAll(t));
  const post = async <T>(url: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    expectWritten<T>(await t.request({ method: 'POST', url, token: tokens.manager, body, headers }), 201);
  /*
   * April 2024 has 22 weekdays; May 23, one of them (Wed 1) made a holiday: 22. Ada works full days,
   * Ben half days. Both are on the project Mon 29 April through Fri 3 May: Ada at 60 %, Ben at 80 %
   * (above his 50 % on each counted day). April counts Mon 29 and Tue 30, May Thu 2 and Fri 3.
   */
  const ada = await post<{ _id: string; version: number }>('/api/engineers', validEngineerPayload({ name: 'Ada Fixture', department: TEAM, maxCapacity: 100, skills: ['Rust'] }));
  const ben = await post<{ _id: string }>('/api/engineers', validEngineerPayload({ name: 'Ben Fixture', department: TEAM, maxCapacity: 50, skills: ['Rust'] }));
  const project = await post<{ _id: string; version: number }>('/api/projects', validProjectPayload({ name: 'Report Fixture Project', startDate: '2024-01-01T00:00:00.000Z', endDate: '2024-12-31T00:00:00.000Z', status: 'active' }));
  await post('/api/holidays', { date: '2024-05-01', name: 'May Day' });
  await post('/api/assignments', { engineerId: ada._id, projectId: project._id, role: 'Backend Engineer', allocationPercentage: 60, startDate: '2024-04-29', endDate: '2024-05-03' });
  await post('/api/assignments', { engineerId: ben._id, projectId: project._id, role: 'Data Analyst', allocationPercentage: 80, startDate: '2024-04-29', endDate: '2024-05-03' });
  // An open designer's role Mon 6 to Fri 10 May, full time: 5 person-days of demand.
  await post(`/api/projects/${project._id}/placeholders`, { role: 'Designer', skills: ['Figma'], allocationPercentage: 100, startDate: '2024-05-06', endDate: '2024-05-10' }, ifMatch(project.version));
  // Ada records 20 hours in the week of 29 April (2024-W18): her 4 working days share them, 10 h in each month.
  const version = ((await get(`/api/engineers/${ada._id}`)).json() as { version: number }).version;
  const put = await t.request({ method: 'PUT', url: `/api/engineers/${ada._id}/actuals/2024-W18`, token: tokens.manager, body: { entries: [{ projectId: project._id, hours: 20 }] }, headers: ifMatch(version) });
  expect(put.statusCode, put.body).toBe(200);
});

afterAll(async () => {
  await t?.close();
});

describe('figures by hand on a small fixture', () => {
  it('by team over April and May 2024: capacity, booked, bench, overloads, demand, planned and actual hours', async () => {
    const answer = await report(`from=2024-04-01&to=2024-05-31&step=month&groupBy=team&team=${encodeURIComponent(TEAM)}`);
    expect(answer.periods).toEqual([
      { key: '2024-04', start: '2024-04-01', end: '2024-04-30', workingDays: 22, past: true, toDate: false },
      { key: '2024-05', start: '2024-05-01', end: '2024-05-31', workingDays: 22, past: true, toDate: false },
    ]);
    expect(answer.groups.map((g) => [g.label, g.people])).toEqual([[TEAM, 2], ['Open roles (no one yet)', 0]]);
    // Capacity 22 + 22 x 0.5 = 33 days a month; booked 2 x 0.6 + 2 x 0.8 = 2.8; bench (22 - 1.2) + (11 - 1.6) = 30.2;
    // Ben over on 2 days a month; planned 2.8 x 8 = 22.4 h; Ada's 20 recorded hours 10 and 10.
    expect(answer.groups[0]!.periods).toEqual([
      { key: '2024-04', capacity: 33, booked: 2.8, tentative: 0, demand: 0, bench: 30.2, overloadedPersonDays: 2, plannedHours: 22.4, actualHours: 10 },
      { key: '2024-05', capacity: 33, booked: 2.8, tentative: 0, demand: 0, bench: 30.2, overloadedPersonDays: 2, plannedHours: 22.4, actualHours: 10 },
    ]);
    expect(answer.groups[1]!.periods.map((p) => p.demand)).toEqual([0, 5]);
    expect(answer.totals.periods.map((p) => [p.capacity, p.demand, p.plannedHours, p.actualHours])).toEqual([[33, 0, 22.4, 10], [33, 5, 22.4, 10]]);
  });

  it('a past quarter by role holds planned and actual hours', async () => {
    const answer = await report(`from=2024-04-01&to=2024-06-30&step=quarter&groupBy=role&team=${encodeURIComponent(TEAM)}`);
    expect(answer.periods.map((p) => [p.key, p.start, p.end, p.past])).toEqual([['2024-Q2', '2024-04-01', '2024-06-30', true]]);
    const byRole = Object.fromEntries(answer.groups.map((g) => [g.label, [g.people, g.periods[0]!.plannedHours, g.periods[0]!.actualHours, g.periods[0]!.demand]]));
    // Ada, the backend engineer: 4 days x 60 % x 8 h = 19.2 h planned, 20 recorded; Ben, the analyst: 4 x 80 % x 8 = 25.6 h, none recorded.
    expect(byRole).toEqual({ 'Backend Engineer': [1, 19.2, 20, 0], 'Data Analyst': [1, 25.6, 0, 0], Designer: [0, 0, 0, 5] });
    expect(answer.totals.periods[0]).toMatchObject({ plannedHours: 44.8, actualHours: 20, demand: 5 });
  });

  it('the same week by day: each counted day its own figure, the holiday none', async () => {
    const answer = await report(`from=2024-04-29&to=2024-05-03&step=day&groupBy=person&team=${encodeURIComponent(TEAM)}`);
    const ada = answer.groups.find((g) => g.label === 'Ada Fixture')!;
    expect(ada.periods.map((p) => [p.key, p.capacity, p.booked, p.actualHours])).toEqual([
      ['2024-04-29', 1, 0.6, 5], ['2024-04-30', 1, 0.6, 5], ['2024-05-01', 0, 0, 0], ['2024-05-02', 1, 0.6, 5], ['2024-05-03', 1, 0.6, 5],
    ]);
  });
});

/** The schedule's own figures summed, in person-days, as the report must say them. */
function summed(rows: Capacity['rows'], periodKeys: readonly string[], periodOf: (key: string) => string) {
  const sums = new Map(periodKeys.map((key) => [key, { capacity: 0, booked: 0, tentative: 0, bench: 0, overloadedPersonDays: 0 }]));
  for (const row of rows) {
    const perPeriod = new Map<string, { capacity: number; booked: number }>();
    for (const cell of row.periods) {
      const sum = sums.get(periodOf(cell.key))!;
      sum.capacity += cell.capacity / 100;
      sum.booked += cell.booked / 100;
      sum.tentative += cell.tentative / 100;
      sum.overloadedPersonDays += cell.overloadedDays;
      const own = perPeriod.get(periodOf(cell.key)) ?? { capacity: 0, booked: 0 };
      own.capacity += cell.capacity;
      own.booked += cell.booked;
      perPeriod.set(periodOf(cell.key), own);
    }
    for (const [key, own] of perPeriod) sums.get(key)!.bench += Math.max(0, own.capacity - own.booked) / 100;
  }
  return sums;
}

const expectClose = (actual: Figures, expected: { capacity: number; booked: number; tentative: number; bench: number; overloadedPersonDays: number }) => {
  for (const field of ['capacity', 'booked', 'tentative', 'bench'] as const) expect(actual[field], `${actual.key} ${field}`).toBeCloseTo(expected[field], 6);
  expect(actual.overloadedPersonDays).toBe(expected.overloadedPersonDays);
};

describe("the report is the schedule's own figures summed", () => {
  // Eight weeks back (the demo's past) to sixteen ahead: past and future in one range, cut weeks at both ends.
  const from = dayFromToday(-60).slice(0, 10);
  const to = dayFromToday(110).slice(0, 10);

  for (const step of ['week', 'month'] as const) {
    it(`by team and ${step}: every group's figures are /api/capacity's for its department, the totals its totals`, async () => {
      const answer = await report(`from=${from}&to=${to}&step=${step}&groupBy=team`);
      const schedule = await capacity(`from=${from}&to=${to}&step=${step}`);
      expect(answer.periods.map((p) => p.key)).toEqual(schedule.periods.map((p) => p.key));
      expect(answer.periods.some((p) => p.past) && answer.periods.some((p) => !p.past && !p.toDate)).toBe(true);
      const people = answer.groups.filter((g) => g.key !== 'open-roles');
      expect(people.length).toBeGreaterThan(1);
      for (const group of people) {
        const own = await capacity(`from=${from}&to=${to}&step=${step}&department=${encodeURIComponent(group.label)}`);
        expect(group.people).toBe(own.rows.length);
        const sums = summed(own.rows, answer.periods.map((p) => p.key), (key) => key);
        group.periods.forEach((figures) => expectClose(figures, sums.get(figures.key)!));
      }
      answer.totals.periods.forEach((figures, p) => {
        const total = schedule.totals[p]!;
        expect(figures.capacity).toBeCloseTo(total.capacity / 100, 6);
        expect(figures.booked).toBeCloseTo(total.confirmed / 100, 6);
        expect(figures.tentative).toBeCloseTo(total.tentative / 100, 6);
        expect(figures.demand).toBeCloseTo(total.placeholder / 100, 6);
      });
      const all = summed(schedule.rows, answer.periods.map((p) => p.key), (key) => key);
      answer.totals.periods.forEach((figures) => expectClose(figures, all.get(figures.key)!));
      expect(answer.totals.people).toBe(schedule.rows.length);
    });
  }

  it("by person and quarter: each person's quarter is the sum of their months on the schedule", async () => {
    const answer = await report(`from=${from}&to=${to}&step=quarter&groupBy=person`);
    const schedule = await capacity(`from=${from}&to=${to}&step=month`);
    const quarterOf = (month: string) => `${month.slice(0, 4)}-Q${Math.floor((Number(month.slice(5, 7)) - 1) / 3) + 1}`;
    const keys = answer.periods.map((p) => p.key);
    expect(keys).toEqual([...new Set(schedule.periods.map((p) => quarterOf(p.key)))]);
    const byId = new Map(schedule.rows.map((row) => [row.engineer._id, row]));
    for (const group of answer.groups.filter((g) => g.key !== 'open-roles')) {
      expect(group.people).toBe(1);
      const sums = summed([byId.get(group.key)!], keys, quarterOf);
      group.periods.forEach((figures) => expectClose(figures, sums.get(figures.key)!));
    }
  });

  it('groups sum to the totals by team, role, seniority and person; by skill each person counts in each skill', async () => {
    for (const groupBy of ['team', 'role', 'seniority', 'person', 'skill'] as const) {
      const answer = await report(`from=${from}&to=${to}&step=month&groupBy=${groupBy}`);
      const sum = (field: keyof Figures, p: number) => answer.groups.reduce((total, g) => total + (g.periods[p]![field] as number ?? 0), 0);
      const people = answer.groups.reduce((total, g) => total + g.people, 0);
      answer.totals.periods.forEach((totals, p) => {
        for (const field of ['capacity', 'booked', 'tentative', 'demand', 'bench', 'overloadedPersonDays'] as const) {
          if (groupBy === 'skill') expect(sum(field, p)).toBeGreaterThanOrEqual(totals[field] - 1e-6);
          else expect(sum(field, p), `${groupBy} ${totals.key} ${field}`).toBeCloseTo(totals[field], 6);
        }
        if (totals.plannedHours !== undefined && groupBy !== 'skill') {
          expect(Math.abs(sum('plannedHours', p) - totals.plannedHours)).toBeLessThanOrEqual(0.01 * answer.groups.length);
          expect(Math.abs(sum('actualHours', p) - totals.actualHours!)).toBeLessThanOrEqual(0.01 * answer.groups.length);
        }
      });
      if (groupBy === 'skill') expect(people).toBeGreaterThanOrEqual(answer.totals.people);
      else expect(people).toBe(answer.totals.people);
    }
  });
});

describe('CSV and bad input', () => {
  it('the CSV (format=csv or Accept: text/csv) says the JSON figures, group by group and period by period, then the totals', async () => {
    const query = `from=${dayFromToday(-60).slice(0, 10)}&to=${dayFromToday(40).slice(0, 10)}&step=month&groupBy=seniority`;
    const answer = await report(query);
    const byFormat = await get(`/api/reports/utilisation?${query}&format=csv`);
    const byAccept = await get(`/api/reports/utilisation?${query}`, tokens.manager, { accept: 'text/csv' });
    expect(byFormat.statusCode).toBe(200);
    expect(byFormat.headers['content-type']).toMatch(/^text\/csv/);
    expect(byAccept.body).toBe(byFormat.body);
    const [header, ...lines] = byFormat.body.trim().split('\r\n').map((line) => line.split(','));
    const fields = ['capacity', 'booked', 'tentative', 'demand', 'bench', 'overloadedPersonDays', 'plannedHours', 'actualHours'] as const;
    expect(header).toEqual(['group', 'groupKey', 'people', 'period', 'start', 'end', 'workingDays', ...fields]);
    const expected = [
      ...answer.groups.flatMap((g) => g.periods.map((f, p) => [g.label, g.key, g.people, f, answer.periods[p]!] as const)),
      ...answer.totals.periods.map((f, p) => ['Total', '', answer.totals.people, f, answer.periods[p]!] as const),
    ].map(([label, key, people, f, period]) => [label, key, String(people), period.key, period.start, period.end, String(period.workingDays), ...fields.map((field) => (f[field] === undefined ? '' : String(f[field])))]);
    expect(lines).toEqual(expected);
  });

  it('bad input is a 400 {message}; an engineer may not read it', async () => {
    const refused = async (query: string, message: string) => {
      const response = await get(`/api/reports/utilisation?${query}`);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ message });
    };
    await refused('from=2026-05-01&to=2026-04-01', 'to must be on or after from');
    await refused('from=2026-01-01&to=2026-03-31&step=year', 'step must be day, week, month or quarter');
    await refused('from=2026-01-01&to=2026-03-31&groupBy=project', 'groupBy must be team, role, skill, seniority or person');
    await refused('from=2024-01-01&to=2026-12-31&step=day', 'A report by day may span at most 366 days');
    await refused('from=2026-02-30&to=2026-03-31', 'from must be a date written YYYY-MM-DD');
    await refused('to=2026-03-31', 'from must be a date written YYYY-MM-DD');
    expect((await get('/api/reports/utilisation?from=2026-01-01&to=2026-03-31', tokens.engineer)).statusCode).toBe(403);
    // The first and last weeks of the years a date may have are cut, not a 500.
    for (const query of ['from=0001-01-01&to=0001-03-31&step=month', 'from=9999-10-01&to=9999-12-31&step=quarter&groupBy=role']) {
      const response = await get(`/api/reports/utilisation?${query}`);
      expect(response.statusCode, response.body).toBe(200);
    }
  });
});
