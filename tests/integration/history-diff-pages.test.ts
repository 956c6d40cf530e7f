import { sql } from 'kysely';
/**
 * GET /api/history/diff in pages: on a plan of a few hundred changes made by three accounts, every
 * section (projects, assignments, engineers, the events in between) walked page by page with a small
 * `limit` gives exactly the whole diff, each row once and in order; `totals` and `pages` tell the truth
 * on every page; and every project and assignment row names who changed it, whichever page of the
 * events those changes fall on.
 */
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../server/auth/accounts.ts';
import { generatePlan } from '../../server/seed/generate.ts';
import { dayFromToday } from '../support/api-helpers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { givenPlan, type Plan } from '../support/given-plan.ts';
import { dbEventCount, sleep } from '../support/history-helpers.ts';
import { expectValidation } from '../support/planning-helpers.ts';

type Named = { _id: string; version: number; name?: string };
type EntityChanges = { created: Named[]; changed: { before: Named; after: Named }[]; removed: Named[] };
type ListPage = { offset: number; limit: number; total: number; truncated: boolean; nextOffset: number | null };
type Change = { cursor: string; type: string; streamId: string; actor: { id: string; name: string }; entity: { kind: string; id: string } };
type Diff = {
  from: string;
  to: string;
  projects: EntityChanges;
  assignments: EntityChanges;
  engineers: { engineerId: string; name: string }[];
  changes: Change[];
  totals: { projects: Record<'created' | 'changed' | 'removed', number>; assignments: Record<'created' | 'changed' | 'removed', number>; engineers: number; changes: number };
  pages: Record<'projects' | 'assignments' | 'engineers' | 'changes', ListPage>;
  actors: Record<string, { id: string; name: string }[]>;
};
type Section = keyof Diff['pages'];

const LIMIT = 7;
const GENERATOR = 'Data Generator';

let t: TestApp;
let plan: Plan<never, never, never>;
let from: string;
let to: string;
let eventsInWindow: number;
let generatorId: string;

const diffUrl = (query: Record<string, string | number>) =>
  `/api/history/diff?${new URLSearchParams(Object.entries({ from, to, ...query }).map(([k, v]) => [k, String(v)]))}`;

async function getDiff(query: Record<string, string | number> = {}): Promise<Diff> {
  const response = await t.request({ method: 'GET', url: diffUrl(query), token: plan.tokens.auditor });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Diff;
}

/** The rows of a section as ids, in the order the answer lists them. */
function rowsOf(diff: Diff, section: Section): string[] {
  if (section === 'engineers') return diff.engineers.map((e) => e.engineerId);
  if (section === 'changes') return diff.changes.map((c) => c.cursor);
  const c = diff[section];
  return [...c.created.map((x) => `created:${x._id}`), ...c.changed.map((x) => `changed:${x.after._id}`), ...c.removed.map((x) => `removed:${x._id}`)];
}

/** Every page of one section, following `nextOffset` from 0 (the other sections stay on their first page). */
async function walk(section: Section): Promise<Diff[]> {
  const pages: Diff[] = [];
  let offset: number | null = 0;
  while (offset !== null) {
    const page = await getDiff({ limit: LIMIT, [`${section}Offset`]: offset });
    pages.push(page);
    offset = page.pages[section].nextOffset;
    expect(pages.length).toBeLessThan(500);
  }
  return pages;
}

beforeAll(async () => {
  t = await startTestApp();
  plan = await givenPlan(t);
  await sleep(5);
  from = new Date().toISOString();
  const before = await dbEventCount(t);
  await sleep(5);
  // Two managers change the same things, so some rows have two actors.
  for (const n of [1, 2, 3]) await plan.createProject(`p${n}`, { name: `Paged Project ${n}`, startDate: dayFromToday(-5), endDate: dayFromToday(50) });
  await plan.updateProject('p1', { status: 'active' }, 'manager2');
  for (const n of [1, 2, 3, 4]) await plan.registerEngineer(`e${n}`, { name: `Paged Engineer ${n}` }, n % 2 ? 'manager' : 'manager2');
  for (const n of [1, 2, 3, 4]) await plan.assign(`a${n}`, `e${n}`, `p${1 + (n % 3)}`, { allocationPercentage: 30 + n * 10 });
  await plan.updateAssignment('a1', { allocationPercentage: 90 }, 'manager2');
  await plan.updateAssignment('a2', { role: 'Tech Lead' }, 'manager2');
  await plan.removeAssignment('a3', 'manager2');
  // Then a generated batch by a third account: enough rows for many pages in every section.
  generatorId = uuidv7();
  await insertAccount(t.app.db, { id: generatorId, email: 'generator@generated.test', name: GENERATOR, role: 'manager', department: 'Operations', password_hash: 'x' });
  await generatePlan(t.app.db, {
    engineers: 25, projects: 6, assignments: 90, now: new Date(),
    actor: { actorId: generatorId, actorRole: 'manager', correlationId: 'generate' },
  });
  await sleep(5);
  to = new Date().toISOString();
  eventsInWindow = (await dbEventCount(t)) - before;
  // Readers see an event only once every older transaction on the server has ended (commit-order safety):
  // a test file running beside this one may hold one open for a moment, so wait until all are readable.
  const deadline = Date.now() + 20_000;
  while ((await getDiff({ limit: 1 })).pages.changes.total < eventsInWindow && Date.now() < deadline) await sleep(100);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/history/diff, paged', () => {
  it('in one page when the limit allows: nothing truncated, and the totals count exactly what is listed', async () => {
    const all = await getDiff({ limit: 1000 });
    expect(all.totals).toEqual({
      projects: { created: 9, changed: 0, removed: 0 },
      assignments: { created: 93, changed: 0, removed: 0 },
      engineers: all.engineers.length,
      changes: eventsInWindow,
    });
    for (const section of ['projects', 'assignments', 'engineers', 'changes'] as const) {
      expect(all.pages[section], section).toEqual({ offset: 0, limit: 1000, total: rowsOf(all, section).length, truncated: false, nextOffset: null });
    }
    expect(all.changes).toHaveLength(eventsInWindow);
    // Every engineer the window registered now has a figure (25 generated, 4 given), plus seeded ones the assignments moved.
    expect(all.engineers.length).toBeGreaterThanOrEqual(29);
  });

  it('the default page is 200 rows per section, and says so when a section is longer', async () => {
    const first = await getDiff();
    expect(first.changes).toHaveLength(Math.min(200, eventsInWindow));
    expect(first.pages.changes).toEqual({ offset: 0, limit: 200, total: eventsInWindow, truncated: eventsInWindow > 200, nextOffset: eventsInWindow > 200 ? 200 : null });
  });

  it.each(['projects', 'assignments', 'engineers', 'changes'] as const)('%s: the pages cover the whole section exactly once, in order, each page honest', async (section) => {
    const all = await getDiff({ limit: 1000 });
    const expected = rowsOf(all, section);
    expect(expected.length).toBeGreaterThan(LIMIT);
    const pages = await walk(section);
    expect(pages).toHaveLength(Math.ceil(expected.length / LIMIT));
    const seen = pages.flatMap((p) => rowsOf(p, section));
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);
    pages.forEach((p, i) => {
      const offset = i * LIMIT;
      const shown = Math.min(LIMIT, expected.length - offset);
      expect(p.pages[section]).toEqual({ offset, limit: LIMIT, total: expected.length, truncated: true, nextOffset: offset + shown < expected.length ? offset + shown : null });
      expect(rowsOf(p, section)).toHaveLength(shown);
      expect(p.totals).toEqual(all.totals);
    });
  });

  it('names every actor of every project and assignment row on every page, in the order they first acted', async () => {
    const names = new Map<string, string>([[plan.actorIds.manager, plan.names.manager], [plan.actorIds.manager2, plan.names.manager2], [generatorId, GENERATOR]]);
    let rows = 0;
    for (const section of ['projects', 'assignments'] as const) {
      for (const page of await walk(section)) {
        const c = page[section];
        const kind = section === 'projects' ? 'project' : 'assignment';
        for (const entity of [...c.created, ...c.changed.map((x) => x.after), ...c.removed]) {
          const actors = page.actors[`${kind}:${entity._id}`];
          expect(actors, `${kind} ${entity._id}`).toBeDefined();
          expect(actors!.length).toBeGreaterThan(0);
          for (const actor of actors!) expect(actor.name).toBe(names.get(actor.id));
          rows += 1;
        }
        // Only the rows of the page are named.
        expect(Object.keys(page.actors)).toHaveLength(rowsOf(page, section).length + rowsOf(page, section === 'projects' ? 'assignments' : 'projects').length);
      }
    }
    expect(rows).toBe(9 + 93);
    const first = await getDiff({ limit: 1000 });
    expect(first.actors[`project:${plan.ids.p1}`]).toEqual([
      { id: plan.actorIds.manager, name: plan.names.manager },
      { id: plan.actorIds.manager2, name: plan.names.manager2 },
    ]);
    // a1 was made by Dana and moved by Chris; a3 was made by Dana and removed by Chris: made and removed in the window, so in no list.
    expect(first.actors[`assignment:${plan.ids.a1}`]!.map((a) => a.name)).toEqual([plan.names.manager, plan.names.manager2]);
    expect(first.actors[`assignment:${plan.ids.a3}`]).toBeUndefined();
  });

  it('names the actor of every event on every page of the changes', async () => {
    const known = new Set([plan.names.manager, plan.names.manager2, GENERATOR]);
    const pages = await walk('changes');
    const changes = pages.flatMap((p) => p.changes);
    expect(changes).toHaveLength(eventsInWindow);
    for (const change of changes) expect(known.has(change.actor.name), change.actor.name).toBe(true);
    // The generator's people, projects and assignments, and the time off, holidays and placeholders it adds.
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from events where metadata ->> 'actorId' = ${generatorId}`.execute(t.app.db);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(25 + 6 + 90);
    expect(changes.filter((c) => c.actor.name === GENERATOR)).toHaveLength(rows[0]!.n);
  });

  it('an offset past the end is an empty page that still gives the totals', async () => {
    const page = await getDiff({ limit: 10, assignmentsOffset: 5000, changesOffset: 5000 });
    expect(page.assignments).toEqual({ created: [], changed: [], removed: [] });
    expect(page.changes).toEqual([]);
    expect(page.pages.assignments).toEqual({ offset: 5000, limit: 10, total: 93, truncated: true, nextOffset: null });
    expect(page.pages.changes).toEqual({ offset: 5000, limit: 10, total: eventsInWindow, truncated: true, nextOffset: null });
  });

  it.each([
    [{ limit: 0 }, 'limit must be between 1 and 1000', 'limit'],
    [{ limit: 1001 }, 'limit must be between 1 and 1000', 'limit'],
    [{ limit: 'ten' }, 'limit must be between 1 and 1000', 'limit'],
    [{ projectsOffset: -1 }, 'projectsOffset must be a whole number, 0 or more', 'projectsOffset'],
    [{ changesOffset: 1.5 }, 'changesOffset must be a whole number, 0 or more', 'changesOffset'],
    [{ engineersOffset: 'x' }, 'engineersOffset must be a whole number, 0 or more', 'engineersOffset'],
  ])('refuses %o with a clear 400', async (query, message, path) => {
    expectValidation(await t.request({ method: 'GET', url: diffUrl(query), token: plan.tokens.auditor }), message, path);
  });
});
