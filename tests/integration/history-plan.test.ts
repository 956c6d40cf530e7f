/**
 * The plan as it was: a scripted sequence of changes through the HTTP API (projects created,
 * assignments made, an allocation PATCHed with If-Match, status moves, an assignment removed, engineers
 * registered and edited), with a snapshot of every REST list after each step, its moment (`at`) and the
 * cursor of its last event. GET /api/history/state at each moment, by `at` and by `cursor`, equals its
 * snapshot exactly; GET /api/history/diff between two moments lists exactly the changes made between
 * them; a rebuild of the read models equals the live ones; an untouched history verifies.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildReadModels } from '../../server/projections/rebuild.ts';
import { verifyHistory } from '../../server/history/verify.ts';
import { dayFromToday, type ApiEvent } from '../support/api-helpers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { givenPlan } from '../support/given-plan.ts';
import { allEvents, dbEventCount, eventsAfter, restLists, sleep, type Lists } from '../support/history-helpers.ts';
import type { Who } from '../support/planning-helpers.ts';

type Snapshot = Lists & { label: string; at: string; cursor: string; eventCount: number; newEvents: ApiEvent[] };
type Entity = { _id: string; version: number };
type Assignment = Entity & {
  engineerId: { _id: string; name: string; email: string };
  projectId: { _id: string; name: string; status: string };
  allocationPercentage: number;
  startDate: string;
  endDate: string;
};
type Engineer = Entity & { name: string; maxCapacity: number };
type State = Lists & { asOf: string; cursor: string };
type Change = { cursor: string; recordedAt: string; type: string; streamId: string; actor: { id: string; name: string }; entity: { kind: string; id: string; name: string }; summary: string };
type Diff = {
  from: string;
  to: string;
  projects: { created: Entity[]; changed: { before: Entity; after: Entity }[]; removed: Entity[] };
  assignments: { created: Entity[]; changed: { before: Entity; after: Entity }[]; removed: Entity[] };
  engineers: { engineerId: string; name: string; before: { allocation: number; status: string } | null; after: { allocation: number; status: string } | null }[];
  changes: Change[];
  actors: Record<string, { id: string; name: string }[]>;
};

const seededAt = new Date();
const day = (offset: number) => dayFromToday(offset, seededAt);

let t: TestApp;
let tokens: Record<Who, string>;
let names: Record<Who, string>;
let actorIds: Record<Who, string>;
/** Every entity by its name in the script below: seeded ones and those the steps add. */
let ids: Record<string, string>;
const snapshots: Snapshot[] = [];
let scriptMs = 0;

const json = <T>(response: { statusCode: number; body: string; json: () => unknown }, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
};

/** After each step: the REST lists, the cursor of the step's last event, and a moment between steps. */
async function record(label: string): Promise<void> {
  const previous = snapshots.at(-1);
  const eventCount = await dbEventCount(t);
  const expectedNew = eventCount - (previous?.eventCount ?? 0);
  const newEvents = await eventsAfter(t, tokens.manager, previous?.cursor ?? '0:0', expectedNew);
  expect(newEvents, `events of step "${label}"`).toHaveLength(expectedNew);
  const lists = await restLists(t, tokens.manager);
  const at = new Date().toISOString();
  expect(Date.parse(newEvents.at(-1)!.recordedAt)).toBeLessThanOrEqual(Date.parse(at));
  snapshots.push({ label, at, cursor: newEvents.at(-1)!.cursor, eventCount, newEvents, ...lists });
}

async function step(label: string, action: () => Promise<unknown>): Promise<void> {
  // A few ms apart, so that each step's events are recorded strictly after the previous moment.
  await sleep(5);
  await action();
  await record(label);
}

beforeAll(async () => {
  t = await startTestApp({ now: seededAt });
  const plan = await givenPlan(t, { engineers: { lucas: 'lucas.silva@demo.test', jordan: 'jordan.lee@demo.test' }, projects: { mobile: 'Mobile App v2' } });
  ({ tokens, names, actorIds, ids } = plan);

  // Each change below sends the If-Match of the version the plan last saw of what it changes.
  const started = performance.now();
  await record('seeded');
  await step('Dana creates History Alpha (planning)', () =>
    plan.createProject('alpha', { name: 'History Alpha', startDate: day(-5), endDate: day(60), status: 'planning' }));
  await step('Chris creates History Beta (active)', () =>
    plan.createProject('beta', { name: 'History Beta', startDate: day(-10), endDate: day(40), status: 'active' }, 'manager2'));
  await step('Dana assigns Lucas to Alpha at 50%', () =>
    plan.assign('lucasAlpha', 'lucas', 'alpha', { allocationPercentage: 50, startDate: day(-1), endDate: day(30) }));
  await step('Dana assigns Jordan to Beta at 20%', () =>
    plan.assign('jordanBeta', 'jordan', 'beta', { allocationPercentage: 20, startDate: day(-2), endDate: day(20) }));
  await step('Chris moves Lucas on Alpha from 50% to 80% (If-Match)', () => plan.updateAssignment('lucasAlpha', { allocationPercentage: 80 }, 'manager2'));
  await step('Dana moves Alpha planning -> active', () => plan.updateProject('alpha', { status: 'active' }));
  await step('Dana rewrites Beta and completes it (two events, one command)', () =>
    plan.updateProject('beta', { description: 'Wrapped up early: the search team took it over.', status: 'completed' }));
  await step('Dana removes Jordan from Beta', () => plan.removeAssignment('jordanBeta'));
  // Names outside ASCII: the lists sort with PostgreSQL's "C" collation (code points), and so must the fold.
  await step('Dana registers 😀 Emoji Tester', () => plan.registerEngineer('emoji', { name: '😀 Emoji Tester' }));
  await step('Chris registers Ｚara Fullwidth', () => plan.registerEngineer('zara', { name: 'Ｚara Fullwidth', skills: ['Go'] }, 'manager2'));
  await step('Dana assigns Ｚara to Alpha at 30%', () =>
    plan.assign('zaraAlpha', 'zara', 'alpha', { allocationPercentage: 30, startDate: day(-3), endDate: day(10) }));
  await step('Dana renames Ｚara and makes her part-time (If-Match)', () => plan.updateEngineer('zara', { name: 'Ｚara Fullwidth-Okoye', maxCapacity: 50 }));
  await step('Chris renames Mobile App v2 and moves its start earlier', () =>
    plan.updateProject('mobile', { name: 'Mobile App v2.1', startDate: day(-120) }, 'manager2'));
  scriptMs = performance.now() - started;
});

afterAll(async () => {
  await t?.close();
});

const getState = async (query: string, token = tokens.manager): Promise<State> =>
  json<State>(await t.request({ method: 'GET', url: `/api/history/state?${query}`, token }));
const getDiff = async (from: string, to: string, token = tokens.auditor): Promise<Diff> =>
  json<Diff>(await t.request({ method: 'GET', url: `/api/history/diff?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, token }));
/** The weeks the demo's engineers confirmed, one ActualsRecorded each. */
const confirmedWeeks = () => snapshots[0]!.newEvents.filter((e) => e.type === 'ActualsRecorded').length;
const listsOf = (x: Lists): Lists => ({ engineers: x.engineers, projects: x.projects, assignments: x.assignments });
const byId = <T extends { _id: string }>(list: readonly T[]) => new Map(list.map((x) => [x._id, x]));

describe('the scripted sequence', () => {
  it('made one snapshot per step, each step appending the events it should', () => {
    // The demo: 46 events of its managers, and the past weeks its engineers confirmed (how many depends on the weekday).
    const confirmed = confirmedWeeks();
    expect(confirmed).toBeGreaterThan(0);
    expect(snapshots.map((s) => s.newEvents.length)).toEqual([46 + confirmed, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1]);
    expect(snapshots.slice(1).map((s) => s.newEvents.map((e) => e.type).join('+'))).toEqual([
      'ProjectCreated', 'ProjectCreated', 'AssignmentCreated', 'AssignmentCreated', 'AssignmentUpdated', 'ProjectStatusChanged',
      'ProjectUpdated+ProjectStatusChanged', 'AssignmentRemoved', 'EngineerRegistered', 'EngineerRegistered', 'AssignmentCreated',
      'EngineerProfileUpdated', 'ProjectUpdated',
    ]);
    // The moments are strictly increasing and each lies between its step's last event and the next step's first.
    for (let i = 1; i < snapshots.length; i += 1) {
      expect(Date.parse(snapshots[i]!.newEvents[0]!.recordedAt)).toBeGreaterThan(Date.parse(snapshots[i - 1]!.at));
    }
    // Every step changed what the lists show.
    for (let i = 1; i < snapshots.length; i += 1) expect(listsOf(snapshots[i]!)).not.toEqual(listsOf(snapshots[i - 1]!));
    // The non-ASCII names are where the code-point order matters: Ｚ (U+FF3A) sorts before 😀 (U+1F600).
    const names = (snapshots.at(-1)!.engineers as unknown as Engineer[]).map((e) => e.name);
    expect(names.slice(-2)).toEqual(['Ｚara Fullwidth-Okoye', '😀 Emoji Tester']);
  });
});

describe('GET /api/history/state', () => {
  it('by `at`: the plan at every moment equals that moment\'s REST lists exactly', async () => {
    for (const snapshot of snapshots) {
      const state = await getState(`at=${encodeURIComponent(snapshot.at)}`);
      expect(Object.keys(state).sort()).toEqual(['actuals', 'asOf', 'assignments', 'cursor', 'engineers', 'holidayCalendars', 'holidays', 'placeholders', 'projects', 'timeOff']);
      expect(state.asOf, snapshot.label).toBe(snapshot.at);
      expect(state.cursor, snapshot.label).toBe(snapshot.cursor);
      expect(listsOf(state), snapshot.label).toStrictEqual(listsOf(snapshot));
    }
  });

  it('by `cursor` (as the auditor): the plan after each step\'s last event equals that step\'s REST lists exactly', async () => {
    for (const snapshot of snapshots) {
      const state = await getState(`cursor=${encodeURIComponent(snapshot.cursor)}`, tokens.auditor);
      expect(state.cursor, snapshot.label).toBe(snapshot.cursor);
      expect(state.asOf, snapshot.label).toBe(snapshot.newEvents.at(-1)!.recordedAt);
      expect(listsOf(state), snapshot.label).toStrictEqual(listsOf(snapshot));
    }
  });

  it('a cursor inside a two-event command: Beta rewritten but not yet completed', async () => {
    const index = snapshots.findIndex((s) => s.newEvents.length === 2 && s.label.includes('Beta'));
    const [updated] = snapshots[index]!.newEvents;
    const state = await getState(`cursor=${encodeURIComponent(updated!.cursor)}`);
    const after = structuredClone(listsOf(snapshots[index]!)) as unknown as { engineers: unknown[]; projects: (Entity & { status: string })[]; assignments: Assignment[] };
    const beta = after.projects.find((p) => p._id === ids.beta)!;
    beta.status = 'active';
    beta.version = 2;
    for (const a of after.assignments) if (a.projectId._id === ids.beta) a.projectId.status = 'active';
    expect(state.cursor).toBe(updated!.cursor);
    expect(listsOf(state)).toStrictEqual(after);
    expect((state.projects as unknown as { _id: string; description: string }[]).find((p) => p._id === ids.beta)!.description).toBe('Wrapped up early: the search team took it over.');
  });

  it('before the first event the plan is empty; far in the future it is the live plan', async () => {
    const first = snapshots[0]!.newEvents[0]!;
    const before = await getState(`at=${encodeURIComponent(new Date(Date.parse(first.recordedAt) - 1).toISOString())}`);
    expect(before).toEqual({
      asOf: new Date(Date.parse(first.recordedAt) - 1).toISOString(), cursor: '0:0', engineers: [], projects: [], assignments: [], timeOff: [], holidays: [], placeholders: [],
      holidayCalendars: [{ _id: 'default', name: 'Default', version: 0 }], actuals: [],
    });
    expect(listsOf(await getState('cursor=0:0'))).toEqual({ engineers: [], projects: [], assignments: [] });
    const future = await getState(`at=${encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString())}`);
    expect(listsOf(future)).toStrictEqual(listsOf(snapshots.at(-1)!));
    expect(listsOf(future)).toStrictEqual(await restLists(t, tokens.manager));
  });

  it('a moment inside a step (the instant of its event) includes that event', async () => {
    const snapshot = snapshots.find((s) => s.label.startsWith('Chris moves Lucas'))!;
    const state = await getState(`at=${encodeURIComponent(snapshot.newEvents[0]!.recordedAt)}`);
    expect(listsOf(state)).toStrictEqual(listsOf(snapshot));
  });
});

// ---- the diff, expected from the snapshots alone

function allocationAt(lists: Lists, engineerId: string, at: string): number {
  const now = Date.parse(at);
  return (lists.assignments as unknown as Assignment[])
    .filter((a) => a.engineerId._id === engineerId && Date.parse(a.startDate) <= now && now < Date.parse(a.endDate))
    .reduce((sum, a) => sum + a.allocationPercentage, 0);
}
const statusOf = (allocation: number, max: number) => (allocation > max ? 'overloaded' : allocation < max / 2 ? 'underutilized' : 'optimal');

function expectedEntities<T extends Entity>(before: readonly T[], after: readonly T[]) {
  const was = byId(before);
  const now = byId(after);
  return {
    created: after.filter((x) => !was.has(x._id)),
    changed: after.filter((x) => was.has(x._id) && was.get(x._id)!.version !== x.version).map((x) => ({ before: was.get(x._id)!, after: x })),
    removed: before.filter((x) => !now.has(x._id)),
  };
}

function expectedEngineers(a: Snapshot, b: Snapshot) {
  const side = (s: Snapshot, e: Engineer | undefined) => {
    if (!e) return null;
    const allocation = allocationAt(s, e._id, s.at);
    return { allocation, status: statusOf(allocation, e.maxCapacity) };
  };
  const was = byId(a.engineers as unknown as Engineer[]);
  const now = byId(b.engineers as unknown as Engineer[]);
  return [...new Set([...was.keys(), ...now.keys()])]
    .map((id) => ({ engineerId: id, name: (now.get(id) ?? was.get(id))!.name, before: side(a, was.get(id)), after: side(b, now.get(id)) }))
    .filter((e) => JSON.stringify(e.before) !== JSON.stringify(e.after))
    .sort((x, y) => (x.engineerId < y.engineerId ? -1 : 1));
}

describe('GET /api/history/diff', () => {
  let log: ApiEvent[];
  beforeAll(async () => {
    log = await allEvents(t, tokens.manager);
  });

  it('between every two moments: exactly the projects, assignments and engineers that changed, and every event between them', async () => {
    const started = performance.now();
    let compared = 0;
    for (let i = 0; i < snapshots.length; i += 1) {
      for (let j = i; j < snapshots.length; j += 1) {
        const a = snapshots[i]!;
        const b = snapshots[j]!;
        const label = `${a.label} -> ${b.label}`;
        const diff = await getDiff(a.at, b.at);
        expect(diff.from, label).toBe(a.at);
        expect(diff.to, label).toBe(b.at);
        expect(diff.projects, label).toStrictEqual(expectedEntities(a.projects as unknown as Entity[], b.projects as unknown as Entity[]));
        expect(diff.assignments, label).toStrictEqual(expectedEntities(a.assignments as unknown as Entity[], b.assignments as unknown as Entity[]));
        expect([...diff.engineers].sort((x, y) => (x.engineerId < y.engineerId ? -1 : 1)), label).toStrictEqual(expectedEngineers(a, b));
        const between = log.filter((e) => Date.parse(e.recordedAt) > Date.parse(a.at) && Date.parse(e.recordedAt) <= Date.parse(b.at));
        expect(between, label).toEqual(snapshots.slice(i + 1, j + 1).flatMap((s) => s.newEvents));
        expect(diff.changes.map((c) => c.cursor), label).toEqual(between.map((e) => e.cursor));
        for (const [k, change] of diff.changes.entries()) {
          const event = between[k]!;
          const who = (Object.keys(actorIds) as Who[]).find((w) => actorIds[w] === event.metadata.actorId)!;
          expect(change, label).toMatchObject({ type: event.type, streamId: event.streamId, recordedAt: event.recordedAt, actor: { id: actorIds[who], name: names[who] } });
          expect(change.summary.startsWith(`${names[who]} `), change.summary).toBe(true);
        }
        // Each project and assignment listed is named with who changed it in between, first actor first.
        for (const [kind, c] of [['project', diff.projects], ['assignment', diff.assignments]] as const) {
          for (const id of [...c.created, ...c.changed.map((x) => x.after), ...c.removed].map((x) => x._id)) {
            const actors = [...new Set(between.filter((e) => e.streamId === `${kind}-${id}`).map((e) => String(e.metadata.actorId)))];
            const who = (actorId: string) => names[(Object.keys(actorIds) as Who[]).find((w) => actorIds[w] === actorId)!];
            expect(diff.actors[`${kind}:${id}`], label).toEqual(actors.map((actorId) => ({ id: actorId, name: who(actorId) })));
          }
        }
        compared += 1;
      }
    }
    expect(compared).toBe((snapshots.length * (snapshots.length + 1)) / 2);
    console.log(`[history-plan] ${compared} diffs checked in ${Math.round(performance.now() - started)} ms`);
  });

  it('a middle window, spelled out: the allocation move, two status moves, a rewrite and a removal, with who did each', async () => {
    const a = snapshots.find((s) => s.label.startsWith('Dana assigns Jordan'))!;
    const b = snapshots.find((s) => s.label.startsWith('Dana removes Jordan'))!;
    const diff = await getDiff(a.at, b.at);
    expect(diff.projects.created).toEqual([]);
    expect(diff.projects.removed).toEqual([]);
    expect(diff.projects.changed.map((c) => [c.after._id, c.before.version, c.after.version])).toEqual([
      [ids.beta, 1, 3],
      [ids.alpha, 1, 2],
    ]);
    expect(diff.assignments.created).toEqual([]);
    expect(diff.assignments.changed.map((c) => [c.after._id, (c.before as Assignment).allocationPercentage, (c.after as Assignment).allocationPercentage])).toEqual([
      [ids.lucasAlpha, 50, 80],
    ]);
    expect(diff.assignments.removed.map((x) => x._id)).toEqual([ids.jordanBeta]);
    expect(diff.engineers).toEqual([
      { engineerId: ids.jordan, name: 'Jordan Lee', before: { allocation: 50, status: 'optimal' }, after: { allocation: 30, status: 'underutilized' } },
      { engineerId: ids.lucas, name: 'Lucas Silva', before: { allocation: 50, status: 'optimal' }, after: { allocation: 80, status: 'optimal' } },
    ]);
    expect(diff.changes.map((c) => [c.type, c.actor.name, c.summary])).toEqual([
      ['AssignmentUpdated', names.manager2, `${names.manager2} changed Lucas Silva's allocation on History Alpha from 50% to 80%`],
      ['ProjectStatusChanged', names.manager, `${names.manager} moved History Alpha from planning to active`],
      ['ProjectUpdated', names.manager, `${names.manager} changed History Beta: description from Tune ranking of the product search so that the right items show first. to Wrapped up early: the search team took it over.`],
      ['ProjectStatusChanged', names.manager, `${names.manager} moved History Beta from active to completed`],
      ['AssignmentRemoved', names.manager, `${names.manager} removed Jordan Lee from History Beta`],
    ]);
    expect(diff.changes[0]!.entity).toEqual({ kind: 'assignment', id: ids.lucasAlpha, name: 'Lucas Silva on History Alpha' });
    expect(diff.changes[4]!.entity).toEqual({ kind: 'assignment', id: ids.jordanBeta, name: 'Jordan Lee on History Beta' });
  });

  it('from the seed to the end: net changes only (an assignment made and removed in between is in neither list)', async () => {
    const diff = await getDiff(snapshots[0]!.at, snapshots.at(-1)!.at);
    expect(diff.projects.created.map((p) => p._id).sort()).toEqual([ids.alpha, ids.beta].sort());
    expect(diff.projects.changed.map((c) => c.after._id)).toEqual([ids.mobile]);
    expect(diff.assignments.created.map((x) => x._id).sort()).toEqual([ids.lucasAlpha, ids.zaraAlpha].sort());
    expect(diff.assignments.changed.map((c) => c.after._id)).toEqual([]);
    expect(diff.assignments.removed).toEqual([]);
    const engineers = new Map(diff.engineers.map((e) => [e.engineerId, e]));
    expect([...engineers.keys()].sort()).toEqual([ids.lucas, ids.emoji, ids.zara].sort());
    expect(engineers.get(ids.lucas!)).toMatchObject({ before: { allocation: 0, status: 'underutilized' }, after: { allocation: 80, status: 'optimal' } });
    expect(engineers.get(ids.zara!)).toEqual({ engineerId: ids.zara, name: 'Ｚara Fullwidth-Okoye', before: null, after: { allocation: 30, status: 'optimal' } });
    expect(engineers.get(ids.emoji!)).toMatchObject({ before: null, after: { allocation: 0, status: 'underutilized' } });
    expect(diff.changes).toHaveLength(snapshots.slice(1).reduce((n, s) => n + s.newEvents.length, 0));
    expect(new Set(diff.changes.map((c) => c.actor.name))).toEqual(new Set([names.manager, names.manager2]));
  });

  it('from a moment to itself: nothing changed', async () => {
    const at = snapshots[5]!.at;
    expect(await getDiff(at, at)).toEqual({
      from: at, to: at,
      projects: { created: [], changed: [], removed: [] },
      assignments: { created: [], changed: [], removed: [] },
      engineers: [],
      changes: [],
      totals: { projects: { created: 0, changed: 0, removed: 0 }, assignments: { created: 0, changed: 0, removed: 0 }, engineers: 0, changes: 0 },
      pages: Object.fromEntries(['projects', 'assignments', 'engineers', 'changes'].map((s) => [s, { offset: 0, limit: 200, total: 0, truncated: false, nextOffset: null }])),
      actors: {},
    });
  });
});

describe('rebuild and verify', () => {
  it('rebuildReadModels (swap: false) folds every event and equals the live read models', async () => {
    const total = await dbEventCount(t);
    const progress: [number, number][] = [];
    const result = await rebuildReadModels(t.app.db, { swap: false, onProgress: (done, of) => progress.push([done, of]) });
    expect(result).toMatchObject({ events: total, equal: true, swapped: false });
    const live = snapshots.at(-1)!;
    expect(result.tables).toEqual([
      { table: 'engineers', live: live.engineers.length, rebuilt: live.engineers.length, missing: 0, extra: 0, changed: 0 },
      { table: 'projects', live: live.projects.length, rebuilt: live.projects.length, missing: 0, extra: 0, changed: 0 },
      { table: 'assignments', live: live.assignments.length, rebuilt: live.assignments.length, missing: 0, extra: 0, changed: 0 },
      // The demo's two bookings, one holiday and two placeholders; the script adds none.
      { table: 'time_off', live: 2, rebuilt: 2, missing: 0, extra: 0, changed: 0 },
      { table: 'holidays', live: 1, rebuilt: 1, missing: 0, extra: 0, changed: 0 },
      // The default calendar, there from the start.
      { table: 'holiday_calendars', live: 1, rebuilt: 1, missing: 0, extra: 0, changed: 0 },
      { table: 'placeholders', live: 2, rebuilt: 2, missing: 0, extra: 0, changed: 0 },
      // The weeks the demo's engineers confirmed; nobody fills a week in this script.
      { table: 'actuals', live: confirmedWeeks(), rebuilt: confirmedWeeks(), missing: 0, extra: 0, changed: 0 },
    ]);
    expect(progress.at(-1)).toEqual([total, total]);
    expect(await restLists(t, tokens.manager)).toStrictEqual(listsOf(live));
    const leftover = await sql<{ n: number }>`select count(*)::int as n from information_schema.schemata where schema_name = 'read_model_rebuild'`.execute(t.app.db);
    expect(leftover.rows[0]!.n).toBe(0);
  });

  it('rebuildReadModels (swap: true) swaps in tables equal to the live ones: every list unchanged', async () => {
    const result = await rebuildReadModels(t.app.db, { swap: true });
    expect(result).toMatchObject({ equal: true, swapped: true });
    expect(await restLists(t, tokens.manager)).toStrictEqual(listsOf(snapshots.at(-1)!));
  });

  it('a damaged read model is reported as different, and the swap repairs it', async () => {
    await sql`update engineers set name = 'Wrong Name', doc = jsonb_set(doc, '{name}', '"Wrong Name"') where id = ${ids.lucas!}`.execute(t.app.db);
    await sql`delete from assignments where id = ${ids.zaraAlpha!}`.execute(t.app.db);
    const check = await rebuildReadModels(t.app.db, { swap: false });
    expect(check.equal).toBe(false);
    expect(check.tables.find((x) => x.table === 'engineers')).toMatchObject({ changed: 1, missing: 0, extra: 0 });
    expect(check.tables.find((x) => x.table === 'assignments')).toMatchObject({ changed: 0, missing: 0, extra: 1 });
    expect(await restLists(t, tokens.manager)).not.toEqual(listsOf(snapshots.at(-1)!));

    const repaired = await rebuildReadModels(t.app.db, { swap: true });
    expect(repaired).toMatchObject({ equal: false, swapped: true });
    expect(await restLists(t, tokens.manager)).toStrictEqual(listsOf(snapshots.at(-1)!));
    expect((await rebuildReadModels(t.app.db, { swap: false })).equal).toBe(true);
  });

  it('`npm run rebuild -- --check` reports equality and swaps nothing', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/cli/rebuild.ts', '--check'], {
      env: { ...process.env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' },
      timeout: 60_000,
    });
    expect(stdout).toContain('The rebuilt read models equal the live ones.');
    expect(stdout).toContain('Checked only (--check): nothing was swapped.');
  });

  it('an untouched history verifies: POST /api/history/verify and verifyHistory agree, nothing altered', async () => {
    const total = await dbEventCount(t);
    const streams = Number((await sql<{ n: number }>`select count(*)::int as n from streams`.execute(t.app.db)).rows[0]!.n);
    const body = json(await t.request({ method: 'POST', url: '/api/history/verify', token: tokens.auditor }));
    expect(body).toEqual({ events: total, streams, altered: [], gaps: [], ok: true });
    expect(await verifyHistory(t.app.db)).toEqual(body);
  });

  it('timings', () => {
    console.log(`[history-plan] script of ${snapshots.length - 1} steps with snapshots: ${Math.round(scriptMs)} ms`);
  });
});
