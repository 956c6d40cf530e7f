import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Assignment, Engineer, Project } from '../../domain/entities.ts';
import type { RecordedEvent } from '../../domain/events.ts';
import { memoryStorage } from '../lib/memoryStorage.ts';
import { assignmentsStore, loadAssignments } from './assignments.ts';
import { calendarVersion, holidaysStore, loadHolidayCalendars, loadHolidays, loadPlaceholders, loadTimeOff, placeholdersStore, timeOffStore } from './capacityFacts.ts';
import { engineersStore, loadEngineers } from './engineers.ts';
import { loadsInFlight, onLoadsSettled, receiveEvent, reloadLoadedLists, resetLiveSync, setFloor, startCursor } from './liveSync.ts';
import { resetAll } from './plan.ts';
import { loadProjects, projectsStore } from './projects.ts';

const engineer: Engineer = { _id: 'e1', name: 'Ana Lopez', email: 'ana@x.test', department: 'Platform', skills: ['Go'], seniority: 'mid', maxCapacity: 100, version: 1 };
const project: Project = {
  _id: 'p1', name: 'Atlas', description: 'A long description', startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-06-01T00:00:00.000Z',
  teamSize: 2, requiredSkills: ['Go'], status: 'active', managerId: 'm1', tentative: false, version: 1,
};
const assignment: Assignment = {
  _id: 'a1', engineerId: { _id: 'e1', name: 'Ana Lopez', email: 'ana@x.test' }, projectId: { _id: 'p1', name: 'Atlas', status: 'active' },
  role: 'Dev', allocationPercentage: 50, startDate: project.startDate, endDate: project.endDate, version: 1,
};

const recorded = (cursor: string, type: string, data: Record<string, unknown>, streamId: string, streamPosition: number) =>
  ({ cursor, type, data, streamId, streamPosition, metadata: { actorId: 'm1', actorRole: 'manager' }, recordedAt: '2026-01-01T00:00:00.000Z' }) as unknown as RecordedEvent;

const rename = (cursor: string, name: string, position: number) =>
  recorded(cursor, 'ProjectUpdated', { projectId: 'p1', changes: { name } }, 'project-p1', position);
const created = (cursor: string, id: string, name: string) => {
  const { _id, version, ...fields } = { ...project, _id: id, name };
  void _id;
  void version;
  return recorded(cursor, 'ProjectCreated', { projectId: id, ...fields }, `project-${id}`, 1);
};
const assigned = (cursor: string, id: string, projectId = 'p1') =>
  recorded(cursor, 'AssignmentCreated', {
    assignmentId: id, engineerId: 'e1', projectId, role: 'Dev', allocationPercentage: 25, startDate: project.startDate, endDate: project.endDate,
  }, `assignment-${id}`, 1);

type Answer = { body: unknown; cursor: string; snapshot: string };
const answer = ({ body, cursor, snapshot }: Answer) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'x-cursor': cursor, 'x-snapshot': snapshot } });

describe('live events folded into the collections', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  /** What each list answers next; a function to hold an answer back. */
  let answers: Record<string, Answer | (() => Promise<Response>)>;

  beforeEach(() => {
    resetAll();
    resetLiveSync();
    answers = {
      '/api/engineers': { body: [engineer], cursor: '99:50', snapshot: '100:105:102' },
      '/api/projects': { body: [project], cursor: '99:50', snapshot: '100:105:102' },
      '/api/assignments': { body: [assignment], cursor: '99:50', snapshot: '100:105:102' },
    };
    fetchMock = vi.fn(async (url: string) => {
      const next = answers[url];
      if (!next) return new Response('{}', { status: 404 });
      return typeof next === 'function' ? next() : answer(next);
    });
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('localStorage', memoryStorage({ userToken: '"t"' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('skips events the list already includes, applies the others once, in order, whatever is delivered twice', async () => {
    await loadProjects();
    // 101 committed before the list's snapshot (below xmax, not in progress): already in the list.
    expect(receiveEvent(rename('101:51', 'Atlas (seen)', 2))).toEqual([]);
    expect(projectsStore.data.map((p) => p.name)).toEqual(['Atlas']);
    // 102 was in progress when the list was read: not in it.
    expect(receiveEvent(created('102:52', 'p2', 'Beacon'))).toEqual(['projects']);
    expect(receiveEvent(rename('106:53', 'Atlas 3', 3))).toEqual(['projects']);
    expect(receiveEvent(rename('107:54', 'Atlas 4', 4))).toEqual(['projects']);
    // Duplicates (a reconnect replaying from an older cursor, a second 'reload' feed): no effect, no revert.
    expect(receiveEvent(created('102:52', 'p2', 'Beacon'))).toEqual([]);
    expect(receiveEvent(rename('106:53', 'Atlas 3', 3))).toEqual([]);
    expect(projectsStore.data.map((p) => [p.name, p.version])).toEqual([['Atlas 4', 4], ['Beacon', 1]]);
  });

  it('judges each list by its own snapshot, and leaves lists that were never loaded alone', async () => {
    answers['/api/engineers'] = { body: [engineer], cursor: '90:40', snapshot: '95:95:' };
    answers['/api/projects'] = { body: [{ ...project, name: 'Atlas 2', version: 2 }], cursor: '99:50', snapshot: '100:105:' };
    await Promise.all([loadEngineers(), loadProjects()]);
    expect(startCursor()).toBe('90:40');

    const renamed = recorded('97:45', 'EngineerProfileUpdated', { engineerId: 'e1', changes: { name: 'Ana L.' } }, 'engineer-e1', 2);
    expect(receiveEvent(renamed)).toEqual(['engineers']);
    expect(receiveEvent(rename('98:46', 'Atlas 2', 2))).not.toContain('projects');
    expect(engineersStore.data[0]).toMatchObject({ name: 'Ana L.', version: 2 });
    expect(projectsStore.data[0]).toMatchObject({ name: 'Atlas 2', version: 2 });

    // Assignments were never loaded: nothing is folded into an empty list that would then pass for loaded.
    expect(receiveEvent(assigned('120:60', 'a9'))).not.toContain('assignments');
    expect(assignmentsStore).toMatchObject({ loaded: false, data: [] });
  });

  it('populates new assignments and follows renames into them', async () => {
    await Promise.all([loadEngineers(), loadProjects(), loadAssignments()]);
    receiveEvent(assigned('110:60', 'a2'));
    receiveEvent(rename('111:61', 'Atlas Prime', 2));
    expect(assignmentsStore.data.map((a) => [a._id, a.projectId.name, a.engineerId.name])).toEqual([
      ['a1', 'Atlas Prime', 'Ana Lopez'],
      ['a2', 'Atlas Prime', 'Ana Lopez'],
    ]);
    receiveEvent(recorded('112:62', 'AssignmentRemoved', { assignmentId: 'a1' }, 'assignment-a1', 2));
    receiveEvent(recorded('112:62', 'AssignmentRemoved', { assignmentId: 'a1' }, 'assignment-a1', 2));
    expect(assignmentsStore.data.map((a) => a._id)).toEqual(['a2']);
  });

  it('folds events that arrive while a load is in flight into its answer, unless the answer has them', async () => {
    await loadProjects();
    let release: (response: Response) => void = () => {};
    answers['/api/projects'] = () => new Promise((resolve) => (release = resolve));
    const reloading = loadProjects();
    expect(loadsInFlight()).toBe(1);

    // Arrive during the load: 120 made it into the new answer's snapshot, 130 did not.
    receiveEvent(created('120:70', 'p3', 'Comet'));
    receiveEvent(created('130:71', 'p4', 'Delta'));
    release(answer({ body: [project, { ...project, _id: 'p3', name: 'Comet' }], cursor: '120:70', snapshot: '125:131:130' }));
    await reloading;

    expect(loadsInFlight()).toBe(0);
    expect(projectsStore.data.map((p) => p.name)).toEqual(['Atlas', 'Comet', 'Delta']);
    // And they stay applied once.
    receiveEvent(created('130:71', 'p4', 'Delta'));
    expect(projectsStore.data).toHaveLength(3);
  });

  it('tells when the loads have settled, and starts from the smallest cursor of the loaded lists', async () => {
    const settled = vi.fn();
    const off = onLoadsSettled(settled);
    answers['/api/engineers'] = { body: [engineer], cursor: '99:52', snapshot: '100:105:' };
    answers['/api/projects'] = { body: [project], cursor: '98:49', snapshot: '99:105:' };
    expect(startCursor()).toBeNull();
    const both = Promise.all([loadEngineers(), loadProjects()]);
    expect(loadsInFlight()).toBe(2);
    await both;
    expect(settled).toHaveBeenCalledTimes(1);
    expect(startCursor()).toBe('98:49');
    off();
  });

  it('loads a list again when its answer predates where the live channel started (its request raced the socket)', async () => {
    setFloor('200:100');
    let calls = 0;
    answers['/api/projects'] = async () => {
      calls += 1;
      return calls === 1
        ? answer({ body: [project], cursor: '150:80', snapshot: '151:160:' })
        : answer({ body: [{ ...project, name: 'Atlas 9' }], cursor: '201:101', snapshot: '202:202:' });
    };
    await loadProjects();
    await vi.waitFor(() => expect(projectsStore.data[0]!.name).toBe('Atlas 9'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toBe(2);
    expect(startCursor()).toBe('201:101');
  });

  it('folds time off, holidays and placeholders into their own lists, and the engineer and project versions move with them', async () => {
    answers['/api/time-off'] = { body: [], cursor: '99:50', snapshot: '100:105:' };
    answers['/api/holidays'] = { body: [], cursor: '99:50', snapshot: '100:105:' };
    answers['/api/placeholders'] = { body: [], cursor: '99:50', snapshot: '100:105:' };
    await Promise.all([loadEngineers(), loadProjects(), loadTimeOff(), loadHolidays(), loadPlaceholders()]);

    const booked = recorded('110:60', 'TimeOffBooked', { timeOffId: 't1', engineerId: 'e1', from: '2026-03-02', to: '2026-03-06', kind: 'vacation' }, 'engineer-e1', 2);
    expect(receiveEvent(booked)).toContain('timeOff');
    expect(timeOffStore.data).toEqual([{ _id: 't1', engineerId: 'e1', from: '2026-03-02', to: '2026-03-06', kind: 'vacation', version: 2 }]);
    expect(engineersStore.data[0]!.version).toBe(2);

    receiveEvent(recorded('111:61', 'HolidayAdded', { holidayId: 'h1', date: '2026-12-24', name: 'Christmas Eve' }, 'calendar', 4));
    expect(holidaysStore.data.map((h) => h.name)).toEqual(['Christmas Eve']);
    expect(calendarVersion()).toBe(4);

    const placeholder = { placeholderId: 'ph1', projectId: 'p1', role: 'SRE', skills: ['Go'], allocationPercentage: 50, startDate: project.startDate, endDate: project.endDate };
    expect(receiveEvent(recorded('112:62', 'PlaceholderAdded', placeholder, 'project-p1', 2))).toContain('placeholders');
    expect(placeholdersStore.data.map((p) => [p.role, p.version])).toEqual([['SRE', 2]]);
    expect(projectsStore.data[0]!.version).toBe(2);

    receiveEvent(recorded('113:63', 'TimeOffCancelled', { timeOffId: 't1', engineerId: 'e1', from: '2026-03-02', to: '2026-03-06', kind: 'vacation' }, 'engineer-e1', 3));
    expect(timeOffStore.data).toEqual([]);
    expect(engineersStore.data[0]!.version).toBe(3);
  });

  it("reads the holidays again when a calendar's rule is set: its days come with no event of their own", async () => {
    answers['/api/holidays'] = { body: [], cursor: '99:50', snapshot: '100:105:' };
    answers['/api/holiday-calendars'] = { body: [{ _id: 'de', name: 'Germany', version: 1, holidays: [] }], cursor: '99:50', snapshot: '100:105:' };
    await Promise.all([loadHolidays(), loadHolidayCalendars()]);
    const newYear = { _id: 'de@2027-01-01', calendarId: 'de', date: '2027-01-01', name: "New Year's Day", version: 2 };
    answers['/api/holidays'] = { body: [newYear], cursor: '120:70', snapshot: '121:121:' };
    receiveEvent(recorded('120:70', 'HolidayCalendarRuleSet', { calendarId: 'de', rule: { country: 'DE' } }, 'calendar-de', 2));
    await vi.waitFor(() => expect(holidaysStore.data).toEqual([newYear]));
  });

  it('after "reload", reads every loaded list again and only those', async () => {
    await Promise.all([loadEngineers(), loadProjects()]);
    fetchMock.mockClear();
    setFloor('500:1');
    answers['/api/engineers'] = { body: [engineer], cursor: '501:2', snapshot: '502:502:' };
    answers['/api/projects'] = { body: [project, { ...project, _id: 'p7', name: 'Zephyr' }], cursor: '501:2', snapshot: '502:502:' };
    await reloadLoadedLists();
    expect(fetchMock.mock.calls.map((c) => c[0]).sort()).toEqual(['/api/engineers', '/api/projects']);
    expect(projectsStore.data.map((p) => p.name)).toEqual(['Atlas', 'Zephyr']);
    expect(startCursor()).toBe('501:2');
  });
});
