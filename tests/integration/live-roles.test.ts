/**
 * Who sees what on the live channels: managers and auditors everything; an
 * engineer the directory, the projects, and only their own assignments — including updates and
 * removals, whose events carry only the assignment id. The handshake's token is checked on both
 * channels; the plain stream is for managers and auditors only.
 */
import type { Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAssignmentInput, createProjectInput, decideRemoveAssignment, decideUpdateAssignment, decideUpdateEngineer, formatCursor,
  isAccountEvent, updateAssignmentInput, updateEngineerInput, type EventMetadata,
} from '../../domain/index.ts';
import { executeCommand } from '../../server/commands/execute.ts';
import { createAssignment, createProject } from '../../server/commands/planning.ts';
import { assignmentStream, engineerStream } from '../../server/commands/streams.ts';
import type { Database } from '../../server/db/schema.ts';
import { headCursor } from '../../server/event-store/read.ts';
import { compareCursorStrings, dayFromToday, decodeJwt, signHs256, tamperSignature, TEST_JWT_SECRET, validProjectPayload } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import {
  connectSocketIo, cursorsOf, databaseEventsAfter, eventually, listen, socketIoRefusal, streamRefusal, untilAllVisible, untilVisible,
  type LiveClient, type LiveEvent,
} from '../support/live-clients.ts';

const PRIYA = 'priya.patel@demo.test';

let t: TestApp;
let url: string;
let managerToken: string;
let samToken: string;
let priyaToken: string;
let samId: string;
let priyaId: string;
let manager: EventMetadata;
let seeded: { _id: string; engineerId: { _id: string }; projectId: { _id: string; name: string; status: string } }[];
const clients: LiveClient[] = [];

beforeAll(async () => {
  t = await startTestApp();
  url = await listen(t.app);
  [managerToken, samToken, priyaToken] = await Promise.all([t.login(demo.manager), t.login(demo.engineer), t.login(PRIYA)]);
  samId = decodeJwt(samToken).sub as string;
  priyaId = decodeJwt(priyaToken).sub as string;
  manager = { actorId: decodeJwt(managerToken).sub as string, actorRole: 'manager' };
  seeded = (await t.request({ method: 'GET', url: '/api/assignments', token: managerToken })).json();
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await t?.close();
});

const track = <C extends LiveClient>(client: C): C => {
  clients.push(client);
  return client;
};

const inTransaction = <T>(work: (trx: Transaction<Database>) => Promise<T>) => t.app.db.transaction().execute(work);

const updateAssignment = (assignmentId: string, allocationPercentage: number) =>
  inTransaction((trx) => executeCommand(trx, assignmentStream, assignmentId, {
    metadata: manager,
    decide: (state) => decideUpdateAssignment(state, { input: updateAssignmentInput.parse({ allocationPercentage }), project: null }),
  }));

const removeAssignment = (assignmentId: string) =>
  inTransaction((trx) => executeCommand(trx, assignmentStream, assignmentId, { metadata: manager, decide: decideRemoveAssignment }));

async function assign(engineerId: string, projectId: string): Promise<string> {
  const input = createAssignmentInput.parse({
    engineerId, projectId, role: 'Live Test', allocationPercentage: 10, startDate: dayFromToday(1), endDate: dayFromToday(20),
  });
  const result = await inTransaction((trx) => createAssignment(trx, input, manager));
  return result.state!._id;
}

/** Owner of every assignment in the log, from its AssignmentCreated. */
async function assignmentOwners(): Promise<Map<string, string>> {
  const response = await t.request({ method: 'GET', url: '/api/events?type=AssignmentCreated&limit=1000', token: managerToken });
  const events = (response.json() as { events: LiveEvent[] }).events;
  return new Map(events.map((event) => [event.data.assignmentId!, event.data.engineerId!]));
}

/** What an engineer may see of a manager's feed: everything but other engineers' assignment events. */
/** An engineer's view: assignments and time off only their own; everything else (directory, projects, calendar). */
const visibleTo = (engineerId: string, owners: Map<string, string>) => (event: LiveEvent) =>
  event.type.startsWith('Assignment') ? owners.get(event.data.assignmentId!) === engineerId
  : event.type.startsWith('TimeOff') ? event.data.engineerId === engineerId
  // Actuals are an engineer's own (the demo's engineers have confirmed past weeks).
  : event.type.startsWith('Actuals') ? event.data.engineerId === engineerId
  : !isAccountEvent(event);

describe('role filtering on the live channel', () => {
  it("an engineer's socket receives their own assignments, projects and the directory, never another engineer's assignment", async () => {
    await untilAllVisible(t.app.db); // so that X-Cursor is the head of the seeded log
    const start = (await t.request({ method: 'GET', url: '/api/projects', token: managerToken })).headers['x-cursor'] as string;
    const sam = track(await connectSocketIo(url, { token: samToken, after: start }));
    const priya = track(await connectSocketIo(url, { token: priyaToken, after: start }));
    const all = track(await connectSocketIo(url, { token: managerToken, after: start }));
    await Promise.all([sam, priya, all].map((client) => client.untilControl('live')));

    const active = seeded.find((a) => a.projectId.status === 'active')!.projectId._id;
    const priyaSeeded = seeded.find((a) => a.engineerId._id === priyaId)!._id;
    const samSeeded = seeded.find((a) => a.engineerId._id === samId)!._id;

    // Another engineer's assignments: one known from the log at start-up, one made now; created, updated, removed.
    await updateAssignment(priyaSeeded, 35);
    const priyaNew = await assign(priyaId, active);
    await updateAssignment(priyaNew, 15);
    await removeAssignment(priyaNew);
    // Sam's own.
    const samNew = await assign(samId, active);
    await updateAssignment(samNew, 20);
    await removeAssignment(samNew);
    await updateAssignment(samSeeded, 55);
    // A project and a directory change (about Priya, but the directory is everyone's).
    const project = await inTransaction((trx) => createProject(trx, createProjectInput.parse(validProjectPayload({ name: 'Seen By All' })), manager));
    await inTransaction((trx) => executeCommand(trx, engineerStream, priyaId, {
      metadata: manager,
      decide: (state) => decideUpdateEngineer(state?.engineer ?? null, { input: updateEngineerInput.parse({ skills: ['Go', 'Rust'] }), actor: { id: manager.actorId, role: 'manager' } }),
    }));
    const last = await t.request({ method: 'POST', url: '/api/projects', token: managerToken, body: validProjectPayload({ name: 'Last One' }) });
    const lastId = last.json()._id as string;

    const hasLast = (client: LiveClient) => client.events.some((event) => event.data.projectId === lastId);
    await Promise.all([sam, priya, all].map((client) => client.until(hasLast, 'the last project')));

    const everything = await databaseEventsAfter(t.app.db, start);
    expect(cursorsOf(all.events)).toEqual(cursorsOf(everything));
    const owners = await assignmentOwners();
    expect(owners.get(priyaNew)).toBe(priyaId);

    expect(cursorsOf(sam.events)).toEqual(cursorsOf(all.events.filter(visibleTo(samId, owners))));
    expect(cursorsOf(priya.events)).toEqual(cursorsOf(all.events.filter(visibleTo(priyaId, owners))));

    const summary = (events: LiveEvent[]) => events.map((e) => `${e.type} ${e.data.assignmentId ?? e.data.projectId ?? e.data.engineerId}`);
    expect(summary(sam.events)).toEqual([
      `AssignmentCreated ${samNew}`,
      `AssignmentUpdated ${samNew}`,
      `AssignmentRemoved ${samNew}`,
      `AssignmentUpdated ${samSeeded}`,
      `ProjectCreated ${project.state!._id}`,
      `EngineerProfileUpdated ${priyaId}`,
      `ProjectCreated ${lastId}`,
    ]);
    expect(summary(priya.events)).toEqual([
      `AssignmentUpdated ${priyaSeeded}`,
      `AssignmentCreated ${priyaNew}`,
      `AssignmentUpdated ${priyaNew}`,
      `AssignmentRemoved ${priyaNew}`,
      `ProjectCreated ${project.state!._id}`,
      `EngineerProfileUpdated ${priyaId}`,
      `ProjectCreated ${lastId}`,
    ]);
  });

  it('an engineer whose cursor is ahead of the instance\'s tailer still gets the update of an assignment created just before it', async () => {
    // A client reconnecting to an instance whose tailer lags (busy, or woken late) replays from a cursor
    // past an AssignmentCreated that instance has not read yet; the AssignmentUpdated after it carries
    // only the assignment id. Model the lag by holding this instance's tailer still.
    const tailer = t.app.live.tailer;
    await untilAllVisible(t.app.db);
    await eventually(async () => compareCursorStrings(formatCursor(tailer.cursor), await headCursor(t.app.db)) >= 0, () => 'the tailer to catch up');
    const wake = tailer.wake;
    tailer.wake = () => undefined;
    // A round the poll started just before goes on reading until it is caught up: let it end first.
    await (tailer as unknown as { pumping: Promise<void> | null }).pumping;
    let priya: LiveClient;
    let sam: LiveClient;
    let created: string;
    let updated: string;
    try {
      const active = seeded.find((a) => a.projectId.status === 'active')!.projectId._id;
      const assignmentId = await assign(priyaId, active);
      await updateAssignment(assignmentId, 25);
      const [creation, update] = (await databaseEventsAfter(t.app.db, formatCursor(tailer.cursor))).slice(-2);
      expect([creation!.type, update!.type]).toEqual(['AssignmentCreated', 'AssignmentUpdated']);
      [created, updated] = [creation!.cursor, update!.cursor];
      await untilVisible(t.app.db, updated);
      expect(compareCursorStrings(formatCursor(tailer.cursor), created)).toBeLessThan(0); // it has not read them

      priya = track(await connectSocketIo(url, { token: priyaToken, after: created }));
      sam = track(await connectSocketIo(url, { token: samToken, after: created }));
      await Promise.all([priya.untilControl('live'), sam.untilControl('live')]);
    } finally {
      tailer.wake = wake;
      tailer.wake();
    }
    expect(priya.log).toEqual([
      { kind: 'event', event: expect.objectContaining({ cursor: updated, type: 'AssignmentUpdated' }) },
      { kind: 'live', cursor: updated },
    ]);
    expect(sam.log).toEqual([{ kind: 'live', cursor: updated }]);
  });

  it("an engineer replaying the whole log from '0:0' gets everything but other engineers' assignment events", async () => {
    await untilAllVisible(t.app.db); // so that both replays reach the same head before 'live'
    const [sam, everyone] = await Promise.all([
      connectSocketIo(url, { token: samToken, after: '0:0' }),
      connectSocketIo(url, { token: managerToken, after: '0:0' }),
    ]);
    track(sam);
    track(everyone);
    await Promise.all([sam.untilControl('live'), everyone.untilControl('live')]);
    const owners = await assignmentOwners();
    expect(cursorsOf(everyone.events)).toEqual(cursorsOf(await databaseEventsAfter(t.app.db, '0:0')));
    const samsView = everyone.events.filter(visibleTo(samId, owners));
    expect(cursorsOf(sam.events)).toEqual(cursorsOf(samsView));
    expect(sam.events.some((event) => event.type.startsWith('Assignment') && owners.get(event.data.assignmentId!) !== samId)).toBe(false);
    expect(sam.events.filter((event) => event.type === 'AssignmentCreated').length).toBeGreaterThan(0);
    // Both end at the same cursor: the filtered events still move an engineer's cursor on.
    expect(sam.log.at(-1)).toEqual(everyone.log.at(-1));
  });
});

describe('handshake authentication', () => {
  const expired = () => signHs256({ sub: decodeJwt(managerToken).sub, role: 'manager', name: 'x', iat: 1, exp: 2 }, TEST_JWT_SECRET);
  const forged = () => signHs256({ sub: decodeJwt(managerToken).sub, role: 'manager', name: 'x' }, 'not-the-secret-not-the-secret-not-the-secret');

  it('the plain stream refuses engineers with 4403, on the query string and in the Authorization header', async () => {
    for (const via of ['query', 'header'] as const) {
      expect(await streamRefusal(url, { token: samToken, after: '0:0', via })).toMatchObject({ code: 4403, events: 0 });
    }
  });

  it('a missing or bad token is refused on both channels: socket.io connect_error, stream close 4401', async () => {
    const bad: Record<string, string | undefined> = {
      missing: undefined,
      empty: '',
      garbage: 'not-a-token',
      tampered: tamperSignature(managerToken),
      forged: forged(),
      expired: expired(),
    };
    for (const [name, token] of Object.entries(bad)) {
      expect(await socketIoRefusal(url, token === undefined ? { after: '0:0' } : { token, after: '0:0' }), name).toBe('Authentication required');
      for (const via of ['query', 'header'] as const) {
        expect(await streamRefusal(url, { token, after: '0:0', via }), `${name} via ${via}`).toMatchObject({ code: 4401, events: 0 });
      }
    }
    // A token that is not a string at all.
    expect(await socketIoRefusal(url, { token: 42, after: '0:0' })).toBe('Authentication required');
  });

  it('a malformed cursor is refused: socket.io connect_error, stream close 4400', async () => {
    expect(await socketIoRefusal(url, { token: managerToken, after: 'yesterday' })).toMatch(/cursor/);
    expect(await streamRefusal(url, { token: managerToken, after: 'yesterday' })).toMatchObject({ code: 4400, events: 0 });
  });
});
