/**
 * The lists with a query string: GET /api/assignments, /api/engineers and /api/projects searched,
 * filtered, sorted and paged, over the demo plan. Without a query they still answer the bare array
 * they always did. Expected rows are worked out here from the demo's table (tests/support/screens.ts)
 * with plain code; the assignments' orders are also checked against the client's in-memory answer
 * (domain/lists), which the Assignments screen uses for a past moment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerAssignmentList, assignmentListQuery, type Assignment, compareCursorTexts, type Engineer, type Project } from '../../domain/index.ts';
import { dayFromToday } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { demoAssignments, demoEngineers, demoProjects } from '../support/screens.ts';

const seededAt = new Date();
let t: TestApp;
let manager: string;
let engineer: string;
let bare: { assignments: Assignment[]; engineers: Engineer[]; projects: Project[] };

type Answer<T> = { status: number; rows: T[]; total: number | undefined; next: string | undefined; headers: Record<string, unknown>; body: any };

async function list<T>(url: string, token = manager): Promise<Answer<T>> {
  const response = await t.request({ method: 'GET', url, token });
  const total = response.headers['x-total-count'];
  const next = response.headers['x-next-after'];
  const body = response.json();
  return {
    status: response.statusCode,
    rows: response.statusCode === 200 ? body : [],
    total: total === undefined ? undefined : Number(total),
    next: next === undefined ? undefined : String(next),
    headers: response.headers,
    body,
  };
}

const ok = async <T,>(url: string, token = manager) => {
  const answer = await list<T>(url, token);
  expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer;
};

/** Every row of a list, page by page through X-Next-After: the ids in the order they came, and each page's total. */
async function walk(path: string, limit: number, token = manager) {
  const ids: string[] = [];
  const totals: number[] = [];
  let after: string | undefined;
  for (let pages = 0; pages < 100; pages += 1) {
    const sep = path.includes('?') ? '&' : '?';
    const answer = await ok<{ _id: string }>(`${path}${sep}limit=${limit}${after ? `&after=${encodeURIComponent(after)}` : ''}`, token);
    expect(answer.rows.length).toBeLessThanOrEqual(limit);
    ids.push(...answer.rows.map((r) => r._id));
    totals.push(answer.total!);
    if (!answer.next) return { ids, totals, pages: pages + 1 };
    expect(answer.rows).toHaveLength(limit);
    after = answer.next;
  }
  throw new Error('more than 100 pages');
}

const engineerName = (key: string) => demoEngineers.find((e) => e.key === key)!.name;
const projectName = (key: string) => demoProjects.find((p) => p.key === key)!.name;
/** The demo's assignments as 'Engineer @ Project' labels, the way rows are compared below. */
const label = (a: Assignment) => `${a.engineerId.name} @ ${a.projectId.name}`;
const labelsWhere = (keep: (row: (typeof demoAssignments)[number]) => boolean) =>
  demoAssignments.filter(keep).map(([e, p]) => `${engineerName(e)} @ ${projectName(p)}`).sort();
const labels = (rows: Assignment[]) => rows.map(label).sort();

/** Runs `check` while one more assignment (on Customer Portal Redesign, days from..to) exists, then removes it. */
async function withAssignment(made: { engineer: string; role: string; from: number; to: number }, check: () => Promise<void>) {
  const engineerId = bare.engineers.find((e) => e.name === made.engineer)!._id;
  const projectId = bare.projects.find((p) => p.name === projectName('portal'))!._id;
  const body = { engineerId, projectId, role: made.role, allocationPercentage: 5, startDate: dayFromToday(made.from, seededAt), endDate: dayFromToday(made.to, seededAt) };
  const created = await t.request({ method: 'POST', url: '/api/assignments', token: manager, body });
  expect(created.statusCode).toBe(201);
  try {
    await check();
  } finally {
    await t.request({ method: 'DELETE', url: `/api/assignments/${created.json()._id}`, token: manager, body: { version: 1 } });
  }
}

beforeAll(async () => {
  t = await startTestApp({ now: seededAt });
  [manager, engineer] = await Promise.all([t.login(demo.manager), t.login(demo.engineer)]);
  const [assignments, engineers, projects] = await Promise.all([
    ok<Assignment>('/api/assignments'),
    ok<Engineer>('/api/engineers'),
    ok<Project>('/api/projects'),
  ]);
  bare = { assignments: assignments.rows, engineers: engineers.rows, projects: projects.rows };
});

afterAll(async () => {
  await t?.close();
});

describe('without a query string nothing changes', () => {
  it.each(['/api/assignments', '/api/engineers', '/api/projects'])('%s answers the whole bare array, no paging headers', async (url) => {
    const answer = await ok<{ _id: string }>(url);
    expect(Array.isArray(answer.body)).toBe(true);
    expect(answer.rows.length).toBe({ '/api/assignments': 14, '/api/engineers': 8, '/api/projects': 6 }[url]);
    expect(answer.headers['x-cursor']).toMatch(/^\d+:\d+$/);
    expect(answer.headers['x-snapshot']).toMatch(/^\d+:\d+:/);
    expect(answer.total).toBeUndefined();
    expect(answer.next).toBeUndefined();
  });

  it('keeps the bare orders: assignments and projects by start date, engineers by name', () => {
    const starts = bare.assignments.map((a) => Date.parse(a.startDate));
    expect(starts).toEqual([...starts].sort((x, y) => x - y));
    expect(bare.engineers.map((e) => e.name)).toEqual(demoEngineers.map((e) => e.name).sort());
    const projectStarts = bare.projects.map((p) => Date.parse(p.startDate));
    expect(projectStarts).toEqual([...projectStarts].sort((x, y) => x - y));
  });

  it.each([
    ['/api/assignments', 'assignments'],
    ['/api/engineers', 'engineers'],
    ['/api/projects', 'projects'],
  ] as const)('%s with a query serves rows of exactly the bare shape, plus the total and the position headers', async (url, name) => {
    const answer = await ok<{ _id: string }>(`${url}?limit=1000`);
    expect(answer.total).toBe(bare[name].length);
    expect(answer.next).toBeUndefined();
    expect(answer.headers['x-cursor']).toMatch(/^\d+:\d+$/);
    expect(answer.headers['x-snapshot']).toMatch(/^\d+:\d+:/);
    const byId = new Map<string, unknown>(bare[name].map((row) => [row._id, row]));
    expect(answer.rows).toHaveLength(bare[name].length);
    for (const row of answer.rows) expect(row).toEqual(byId.get(row._id));
  });
});

describe('GET /api/assignments with a query', () => {
  it('orders current and upcoming first by start date, then completed, the latest ended first (the default)', async () => {
    const { rows } = await ok<Assignment>('/api/assignments?limit=100');
    const now = Date.now();
    const done = rows.map((a) => Date.parse(a.endDate) <= now);
    const firstDone = done.indexOf(true);
    expect(firstDone).toBe(12); // 8 active + 4 upcoming, then Sam's and Lucas's finished work
    expect(done.slice(firstDone).every(Boolean)).toBe(true);
    const openStarts = rows.slice(0, firstDone).map((a) => Date.parse(a.startDate));
    expect(openStarts).toEqual([...openStarts].sort((x, y) => x - y));
    const doneEnds = rows.slice(firstDone).map((a) => Date.parse(a.endDate));
    expect(doneEnds).toEqual([...doneEnds].sort((x, y) => y - x));
    // Internal Tools Refresh ended for both 20 days ago: the tie goes by id.
    expect(rows.slice(firstDone).map((a) => a.projectId.name)).toEqual([projectName('tools'), projectName('tools')]);
  });

  it('searches the engineer name and email, the project name and the role, case-insensitively', async () => {
    expect(labels((await ok<Assignment>('/api/assignments?q=PRIYA')).rows)).toEqual(labelsWhere(([e]) => e === 'priya'));
    expect(labels((await ok<Assignment>('/api/assignments?q=tom.becker%40demo')).rows)).toEqual(labelsWhere(([e]) => e === 'tom'));
    expect(labels((await ok<Assignment>('/api/assignments?q=payments%20platform')).rows)).toEqual(labelsWhere(([, p]) => p === 'payments'));
    const leads = await ok<Assignment>('/api/assignments?q=lead');
    expect(leads.rows.map((a) => a.role).sort()).toEqual(['Infrastructure Lead', 'Tech Lead']);
    expect(leads.total).toBe(2);
  });

  it('takes % and _ in the search text literally, and finds nothing for text nobody has', async () => {
    for (const q of ['%25', '_', 'zzz']) {
      const answer = await ok<Assignment>(`/api/assignments?q=${q}`);
      expect(answer.rows).toEqual([]);
      expect(answer.total).toBe(0);
    }
  });

  it('filters by engineer and by project', async () => {
    const priya = bare.engineers.find((e) => e.name === 'Priya Patel')!;
    const portal = bare.projects.find((p) => p.name === projectName('portal'))!;
    expect(labels((await ok<Assignment>(`/api/assignments?engineerId=${priya._id}`)).rows)).toEqual(labelsWhere(([e]) => e === 'priya'));
    expect(labels((await ok<Assignment>(`/api/assignments?projectId=${portal._id}`)).rows)).toEqual(labelsWhere(([, p]) => p === 'portal'));
    const both = await ok<Assignment>(`/api/assignments?projectId=${portal._id}&engineerId=${priya._id}`);
    expect(both.rows).toEqual([]);
    expect(both.total).toBe(0);
  });

  it('filters by status now: upcoming, active, completed, and any of several', async () => {
    const upcoming = labelsWhere(([, , , , from]) => from > 0);
    const completed = labelsWhere(([, , , , , to]) => to < 0);
    const active = labelsWhere(([, , , , from, to]) => from <= 0 && to >= 0);
    expect([upcoming.length, active.length, completed.length]).toEqual([4, 8, 2]);
    expect(labels((await ok<Assignment>('/api/assignments?status=upcoming')).rows)).toEqual(upcoming);
    expect(labels((await ok<Assignment>('/api/assignments?status=active')).rows)).toEqual(active);
    expect(labels((await ok<Assignment>('/api/assignments?status=completed')).rows)).toEqual(completed);
    expect(labels((await ok<Assignment>('/api/assignments?status=upcoming,completed')).rows)).toEqual([...upcoming, ...completed].sort());
    expect(labels((await ok<Assignment>('/api/assignments?status=upcoming&status=completed')).rows)).toEqual([...upcoming, ...completed].sort());
  });

  it('filters by a date range: assignments that overlap it', async () => {
    const from = dayFromToday(100, seededAt);
    const to = dayFromToday(-100, seededAt);
    expect(labels((await ok<Assignment>(`/api/assignments?from=${from}`)).rows)).toEqual(labelsWhere(([, , , , , end]) => end > 100));
    expect(labels((await ok<Assignment>(`/api/assignments?to=${to}`)).rows)).toEqual(labelsWhere(([, , , , start]) => start < -100));
    // A date alone is that whole day (UTC): to=<day 14> still holds Tom's Mobile App v2 starting on day 14.
    const day14 = dayFromToday(14, seededAt).slice(0, 10);
    const window = await ok<Assignment>(`/api/assignments?from=${dayFromToday(10, seededAt).slice(0, 10)}&to=${day14}`);
    expect(labels(window.rows)).toEqual(labelsWhere(([, , , , start, end]) => start <= 14 && end > 10));
    expect(labels(window.rows)).toContain(`Tom Becker @ ${projectName('mobile')}`);
  });

  it('sorts by each key both ways, ties by start date then id, as the client orders the same list in memory', async () => {
    const at = new Date();
    for (const key of ['startDate', 'endDate', 'engineer', 'project', 'role', 'allocation']) {
      for (const sort of [key, `-${key}`]) {
        const { rows } = await ok<Assignment>(`/api/assignments?sort=${sort}`);
        const expected = answerAssignmentList(bare.assignments, assignmentListQuery.parse({ sort }), at).rows;
        expect(rows.map((a) => a._id), sort).toEqual(expected.map((a) => a._id));
      }
    }
    const byAllocation = (await ok<Assignment>('/api/assignments?sort=-allocation&limit=1')).rows[0]!;
    expect(`${byAllocation.engineerId.name} ${byAllocation.allocationPercentage}`).toBe('Aisha Khan 100');
    const names = (await ok<Assignment>('/api/assignments?sort=engineer')).rows.map((a) => a.engineerId.name);
    expect(names).toEqual([...names].sort());
    const current = (await ok<Assignment>('/api/assignments')).rows; // bare, for the ids
    const byCurrent = answerAssignmentList(current, assignmentListQuery.parse({}), at).rows;
    expect((await ok<Assignment>('/api/assignments?sort=current')).rows.map((a) => a._id)).toEqual(byCurrent.map((a) => a._id));
  });

  it('pages with limit and after through every row exactly once, in the unpaged order, for every sort', async () => {
    for (const sort of ['current', 'startDate', '-endDate', 'engineer', '-project', 'role', '-allocation']) {
      const whole = (await ok<Assignment>(`/api/assignments?sort=${sort}`)).rows.map((a) => a._id);
      const { ids, totals, pages } = await walk(`/api/assignments?sort=${sort}`, 4);
      expect(ids, sort).toEqual(whole);
      expect(new Set(ids).size).toBe(14);
      expect(pages).toBe(4);
      expect(totals.every((n) => n === 14)).toBe(true);
    }
  });

  it('pages a search and a filter the same way', async () => {
    const { ids, totals } = await walk('/api/assignments?q=engineer&status=active,upcoming', 2);
    // 'engineer' is in most roles, and in Sam's email (engineer@demo.test).
    const expected = labelsWhere(([e, , role, , , to]) => (/engineer/i.test(role) || e === 'sam') && to >= 0);
    expect(ids).toHaveLength(expected.length);
    expect(new Set(ids).size).toBe(expected.length);
    expect(totals.every((n) => n === expected.length)).toBe(true);
  });

  it('pages with offset too', async () => {
    const whole = (await ok<Assignment>('/api/assignments?sort=role')).rows.map((a) => a._id);
    const page = await ok<Assignment>('/api/assignments?sort=role&offset=4&limit=4');
    expect(page.rows.map((a) => a._id)).toEqual(whole.slice(4, 8));
    expect(page.total).toBe(14);
    const last = await ok<Assignment>('/api/assignments?sort=role&offset=12&limit=4');
    expect(last.rows.map((a) => a._id)).toEqual(whole.slice(12));
    expect(last.next).toBeUndefined();
  });

  it('keeps a reader paging on from seeing a row twice when rows are added before the cursor', async () => {
    const first = await ok<Assignment>('/api/assignments?sort=startDate&limit=5');
    await withAssignment({ engineer: 'Jordan Lee', role: 'Reviewer', from: -300, to: -250 }, async () => {
      const rest = await ok<Assignment>(`/api/assignments?sort=startDate&limit=100&after=${encodeURIComponent(first.next!)}`);
      const seen = [...first.rows, ...rest.rows].map((a) => a._id);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toHaveLength(14); // the new row sorts before the cursor: not on the later page
      expect(rest.total).toBe(15);
    });
  });

  it('gives an engineer only their own, whatever they ask for', async () => {
    const own = labelsWhere(([e]) => e === 'sam');
    const mine = await ok<Assignment>('/api/assignments?limit=100', engineer);
    expect(labels(mine.rows)).toEqual(own);
    expect(mine.total).toBe(3);
    const priya = bare.engineers.find((e) => e.name === 'Priya Patel')!;
    const theirs = await ok<Assignment>(`/api/assignments?engineerId=${priya._id}`, engineer);
    expect(theirs.rows).toEqual([]);
    expect(theirs.total).toBe(0);
    expect((await ok<Assignment>('/api/assignments?q=priya', engineer)).total).toBe(0);
    const { ids } = await walk('/api/assignments', 2, engineer);
    expect(ids).toHaveLength(3);
  });

  it('refuses a query without a token (401)', async () => {
    const response = await t.request({ method: 'GET', url: '/api/assignments?limit=5' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/engineers with a query', () => {
  const names = (rows: Engineer[]) => rows.map((e) => e.name).sort();
  const demoNames = (keep: (e: (typeof demoEngineers)[number]) => boolean) => demoEngineers.filter(keep).map((e) => e.name).sort();

  it('searches the name, the email and the skills, case-insensitively', async () => {
    expect(names((await ok<Engineer>('/api/engineers?q=chen')).rows)).toEqual(['Mei Chen']);
    expect(names((await ok<Engineer>('/api/engineers?q=aisha.khan%40')).rows)).toEqual(['Aisha Khan']);
    expect(names((await ok<Engineer>('/api/engineers?q=KUBE')).rows)).toEqual(['Priya Patel']);
    const node = await ok<Engineer>('/api/engineers?q=node.js');
    expect(names(node.rows)).toEqual(demoNames((e) => e.skills.includes('Node.js')));
    expect(node.total).toBe(3);
  });

  it('filters by any of the skills, by department (any case) and by seniority', async () => {
    expect(names((await ok<Engineer>('/api/engineers?skills=Python')).rows)).toEqual(['Elena Rossi', 'Mei Chen']);
    expect(names((await ok<Engineer>('/api/engineers?skills=Python,Swift')).rows)).toEqual(['Elena Rossi', 'Mei Chen', 'Tom Becker']);
    expect(names((await ok<Engineer>('/api/engineers?department=platform')).rows)).toEqual(demoNames((e) => e.department === 'Platform'));
    expect(names((await ok<Engineer>('/api/engineers?seniority=senior')).rows)).toEqual(demoNames((e) => e.seniority === 'senior'));
    expect(names((await ok<Engineer>('/api/engineers?seniority=junior,mid&skills=React')).rows)).toEqual(['Jordan Lee']);
  });

  it('sorts by name, department, seniority and capacity, ties by name', async () => {
    const order = async (sort: string) => (await ok<Engineer>(`/api/engineers?sort=${sort}`)).rows.map((e) => e.name);
    const byName = demoEngineers.map((e) => e.name).sort();
    expect(await order('name')).toEqual(byName);
    expect(await order('-name')).toEqual([...byName].reverse());
    const rank = { junior: 0, mid: 1, senior: 2 } as Record<string, number>;
    const sorted = (key: (e: (typeof demoEngineers)[number]) => string | number, desc = false) =>
      [...demoEngineers]
        .sort((x, y) => {
          const [a, b] = [key(x), key(y)];
          const primary = a < b ? -1 : a > b ? 1 : 0;
          return (desc ? -primary : primary) || (x.name < y.name ? -1 : 1);
        })
        .map((e) => e.name);
    expect(await order('department')).toEqual(sorted((e) => e.department));
    expect(await order('-seniority')).toEqual(sorted((e) => rank[e.seniority]!, true));
    expect(await order('maxCapacity')).toEqual(sorted((e) => e.maxCapacity));
  });

  it('pages every engineer exactly once with limit and after, and with offset', async () => {
    for (const sort of ['name', '-department', 'seniority', '-maxCapacity']) {
      const whole = (await ok<Engineer>(`/api/engineers?sort=${sort}`)).rows.map((e) => e._id);
      const { ids, totals } = await walk(`/api/engineers?sort=${sort}`, 3);
      expect(ids, sort).toEqual(whole);
      expect(totals.every((n) => n === 8)).toBe(true);
    }
    const page = await ok<Engineer>('/api/engineers?offset=6&limit=5');
    expect(page.rows.map((e) => e.name)).toEqual(demoEngineers.map((e) => e.name).sort().slice(6));
    expect(page.total).toBe(8);
  });
});

describe('GET /api/projects with a query', () => {
  const names = (rows: Project[]) => rows.map((p) => p.name).sort();
  const demoNames = (keep: (p: (typeof demoProjects)[number]) => boolean) => demoProjects.filter(keep).map((p) => p.name).sort();

  it('searches the name, the description and the required skills', async () => {
    expect(names((await ok<Project>('/api/projects?q=portal')).rows)).toEqual([projectName('portal')]);
    expect(names((await ok<Project>('/api/projects?q=kotlin')).rows)).toEqual([projectName('mobile')]);
    const byDescription = await ok<Project>('/api/projects?q=INCREMENTAL');
    expect(names(byDescription.rows)).toEqual([projectName('warehouse')]);
    expect(byDescription.rows[0]!.description).toContain('incremental');
  });

  it('filters by status, any of several, and by tentative', async () => {
    expect(names((await ok<Project>('/api/projects?status=planning')).rows)).toEqual(demoNames((p) => p.status === 'planning'));
    expect(names((await ok<Project>('/api/projects?status=active,completed')).rows)).toEqual(demoNames((p) => p.status !== 'planning'));
    // The demo's one tentative project is the mobile app.
    expect((await ok<Project>('/api/projects?tentative=false')).total).toBe(5);
    expect((await ok<Project>('/api/projects?tentative=true')).total).toBe(1);
  });

  it('sorts by start date (the default), end date, name and status', async () => {
    const order = async (sort?: string) => (await ok<Project>(`/api/projects?${sort ? `sort=${sort}&` : ''}limit=50`)).rows.map((p) => p.name);
    const by = (key: (p: (typeof demoProjects)[number]) => number | string, desc = false) =>
      [...demoProjects]
        .sort((x, y) => {
          const [a, b] = [key(x), key(y)];
          const primary = a < b ? -1 : a > b ? 1 : 0;
          return (desc ? -primary : primary) || x.from - y.from || (x.name < y.name ? -1 : 1);
        })
        .map((p) => p.name);
    expect(await order()).toEqual(by((p) => p.from));
    expect(await order('-endDate')).toEqual(by((p) => p.to, true));
    expect(await order('name')).toEqual(by((p) => p.name));
    expect(await order('status')).toEqual(by((p) => ['planning', 'active', 'completed'].indexOf(p.status)));
  });

  it('pages every project exactly once', async () => {
    for (const sort of ['startDate', '-name', 'status']) {
      const whole = (await ok<Project>(`/api/projects?sort=${sort}`)).rows.map((p) => p._id);
      const { ids, totals } = await walk(`/api/projects?sort=${sort}`, 4);
      expect(ids, sort).toEqual(whole);
      expect(totals.every((n) => n === 6)).toBe(true);
    }
  });
});

describe('bad query values are refused with 400 {message, code, issues}', () => {
  const tampered = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const cases: [string, string, string][] = [
    ['/api/assignments?sortBy=name', 'sortBy', 'Unknown parameter: sortBy'],
    ['/api/assignments?limit=0', 'limit', 'limit must be a whole number from 1 to 1000'],
    ['/api/assignments?limit=1001', 'limit', 'limit must be a whole number from 1 to 1000'],
    ['/api/assignments?limit=ten', 'limit', 'limit must be a whole number from 1 to 1000'],
    ['/api/assignments?limit=2.5', 'limit', 'limit must be a whole number from 1 to 1000'],
    ['/api/assignments?offset=-1', 'offset', 'offset must be a whole number, 0 or more'],
    ['/api/assignments?after=not-a-cursor!', 'after', 'after must be the X-Next-After value of a previous page'],
    [`/api/assignments?after=${tampered(['startDate', ['yesterday', 'x'], null])}&sort=startDate`, 'after', 'after must be the X-Next-After value of a previous page'],
    [`/api/assignments?after=${tampered(['startDate', [1, 2, 3], null])}&sort=startDate`, 'after', 'after must be the X-Next-After value of a previous page'],
    [`/api/assignments?after=${tampered(['role', ['a', 'b', 'c'], null])}`, 'after', 'after belongs to another sort order: start again without it'],
    [`/api/assignments?after=${tampered(['current', [0, 'x', 'y', 'z'], null])}&offset=3`, 'after', 'Send either after or offset, not both'],
    ['/api/assignments?sort=-current', 'sort', 'sort must be one of current, startDate, endDate, engineer, project, role, allocation, -startDate, -endDate, -engineer, -project, -role, -allocation'],
    ['/api/assignments?status=finished', 'status', 'status must be upcoming, active or completed'],
    ['/api/assignments?from=yesterday', 'from', 'from must be a date (YYYY-MM-DD) or an ISO 8601 date-time'],
    ['/api/assignments?to=2026-02-30', 'to', 'to must be a date (YYYY-MM-DD) or an ISO 8601 date-time'],
    ['/api/assignments?from=2026-05-01&to=2026-04-01', 'to', 'to must be after from'],
    [`/api/assignments?q=${'x'.repeat(201)}`, 'q', 'Search text must be less than 200 characters'],
    ['/api/engineers?seniority=principal', 'seniority', 'seniority must be junior, mid or senior'],
    ['/api/engineers?sort=skills', 'sort', 'sort must be one of name, department, seniority, maxCapacity, -name, -department, -seniority, -maxCapacity'],
    ['/api/engineers?team=platform', 'team', 'Unknown parameter: team'],
    ['/api/projects?status=archived', 'status', 'status must be planning, active or completed'],
    ['/api/projects?tentative=maybe', 'tentative', 'tentative must be true or false'],
    ['/api/projects?limit=-3', 'limit', 'limit must be a whole number from 1 to 1000'],
  ];
  it.each(cases)('%s', async (url, path, message) => {
    const answer = await list(url);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION_FAILED');
    expect(answer.body.message).toBe(message);
    expect(answer.body.issues).toContainEqual({ path, message });
  });
});

describe('a page says which events it reflects, as the bare list does', () => {
  // The cursor is the newest event every reader can see; any open transaction in the cluster can hold
  // it back for a while, so it is compared by order with the bare list's, read just before and after.
  it('carries a cursor between those of bare lists read before and after it, and shows a write at once', async () => {
    const cursorOf = async (url: string) => String((await ok(url)).headers['x-cursor']);
    await withAssignment({ engineer: 'Lucas Silva', role: 'Pairing', from: 1, to: 9 }, async () => {
      const before = await cursorOf('/api/assignments');
      const page = await ok<Assignment>('/api/assignments?q=pairing');
      const after = await cursorOf('/api/assignments');
      expect(page.rows.map((a) => a.role)).toEqual(['Pairing']);
      const cursor = String(page.headers['x-cursor']);
      expect(compareCursorTexts(before, cursor)).toBeLessThanOrEqual(0);
      expect(compareCursorTexts(cursor, after)).toBeLessThanOrEqual(0);
      expect(String(page.headers['x-snapshot'])).toMatch(/^\d+:\d+:/);
    });
  });
});
