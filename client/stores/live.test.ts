import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Assignment, Project, User } from '../../domain/entities.ts';
import type { RecordedEvent } from '../../domain/events.ts';
import { memoryStorage } from '../lib/memoryStorage.ts';
import { setAssignments } from './assignments.ts';
import { assignmentNoticeFor, reassignmentReloads } from './live.ts';
import { resetAll } from './plan.ts';
import { setProfile } from './profile.ts';
import { setProjects } from './projects.ts';

const engineer: User = { _id: 'e1', name: 'Sam Rivera', email: 'engineer@demo.test', role: 'engineer', department: 'Product', admin: false, skills: [], seniority: 'mid', maxCapacity: 100 };
const project: Project = {
  _id: 'p1', name: 'Atlas', description: 'A long description', startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-06-01T00:00:00.000Z',
  teamSize: 2, requiredSkills: ['Go'], status: 'active', managerId: 'm1', tentative: false, version: 1,
};
const created = (engineerId = 'e1', projectId = 'p1') =>
  ({
    cursor: '10:1', streamId: 'assignment-a1', streamPosition: 1, type: 'AssignmentCreated', metadata: { actorId: 'm1' }, recordedAt: '',
    data: { assignmentId: 'a1', engineerId, projectId, role: 'Dev', allocationPercentage: 30, startDate: project.startDate, endDate: project.endDate },
  }) as unknown as RecordedEvent;

describe("an engineer's 'New assignment' notice", () => {
  beforeEach(() => {
    resetAll();
    vi.stubGlobal('localStorage', memoryStorage({ userToken: '"t"' }));
    setProfile(engineer);
    setProjects([project]);
    setAssignments([] as Assignment[]);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('comes for an assignment of theirs that the loaded assignments did not have, named after the project', async () => {
    expect(await assignmentNoticeFor(created(), ['assignments', 'projects'], true)).toEqual({
      assignmentId: 'a1', projectName: 'Atlas', role: 'Dev', allocationPercentage: 30, startDate: project.startDate, endDate: project.endDate,
    });
    // While catching up too: it is news to them.
    expect(await assignmentNoticeFor(created(), ['assignments'], false)).not.toBeNull();
  });

  it('does not come for history they already have, for someone else, or for managers', async () => {
    expect(await assignmentNoticeFor(created(), [], true)).toBeNull();
    expect(await assignmentNoticeFor(created('e2'), ['assignments'], true)).toBeNull();
    setProfile({ ...engineer, _id: 'm1', role: 'manager' });
    expect(await assignmentNoticeFor(created('m1'), ['assignments'], true)).toBeNull();
  });

  it('with no assignments loaded, comes once live only, and asks the server for a project it does not know', async () => {
    resetAll();
    setProfile(engineer);
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ...project, _id: 'p9', name: 'Zephyr' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await assignmentNoticeFor(created('e1', 'p9'), [], false)).toBeNull();
    expect((await assignmentNoticeFor(created('e1', 'p9'), [], true))?.projectName).toBe('Zephyr');
    expect(fetchMock).toHaveBeenCalledWith('/api/projects/p9', expect.anything());
  });
});

describe('a reassignment on the live channel', () => {
  const handed = (changes: Record<string, unknown>) =>
    ({ cursor: '11:1', streamId: 'assignment-a1', streamPosition: 2, type: 'AssignmentUpdated', metadata: { actorId: 'm1' }, recordedAt: '', data: { assignmentId: 'a1', changes } }) as unknown as RecordedEvent;
  beforeEach(() => {
    resetAll();
    vi.stubGlobal('localStorage', memoryStorage({ userToken: '"t"' }));
    setProfile(engineer);
    setAssignments([] as Assignment[]);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("makes an engineer read their own assignments again (one handed to them is not in their list; one handed away must leave it)", () => {
    expect(reassignmentReloads(handed({ engineerId: 'e1' }))).toBe(true);
    expect(reassignmentReloads(handed({ engineerId: 'e2' }))).toBe(true);
  });

  it('not for other changes, nor for managers, whose lists hold every assignment and fold it in', () => {
    expect(reassignmentReloads(handed({ allocationPercentage: 40 }))).toBe(false);
    setProfile({ ...engineer, role: 'manager' });
    expect(reassignmentReloads(handed({ engineerId: 'e2' }))).toBe(false);
  });
});
