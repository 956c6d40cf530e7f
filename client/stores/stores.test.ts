import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Engineer, Project, User } from '../../domain/entities.ts';
import type { RecordedEvent } from '../../domain/events.ts';
import { memoryStorage } from '../lib/memoryStorage.ts';
import { engineersStore, loadEngineers, setEngineers } from './engineers.ts';
import { applyToProfile, loadCollections, resetAll } from './plan.ts';
import { profileStore, setProfile } from './profile.ts';
import { loadProjects, projectsStore, setProjects } from './projects.ts';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const engineer: Engineer = { _id: 'e1', name: 'Ana Lopez', email: 'ana@x.test', department: 'Platform', skills: ['Go'], seniority: 'mid', maxCapacity: 100, version: 1 };
const project: Project = {
  _id: 'p1', name: 'Atlas', description: 'A long description', startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-06-01T00:00:00.000Z',
  teamSize: 2, requiredSkills: ['Go'], status: 'active', managerId: 'm1', tentative: false, version: 1,
};
const meta = { actorId: 'm1', actorRole: 'manager' };
const recorded = <E extends RecordedEvent>(event: Omit<E, 'cursor' | 'metadata' | 'recordedAt'>) =>
  ({ ...event, cursor: '1:1', metadata: meta, recordedAt: '2026-01-01T00:00:00.000Z' }) as unknown as RecordedEvent;

describe('collections', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    resetAll();
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('localStorage', memoryStorage({ userToken: '"t"' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('loads: loading, then data replaced by the body, loading cleared', async () => {
    fetchMock.mockResolvedValue(json(200, [engineer]));
    const pending = loadEngineers();
    expect(engineersStore.loading).toBe(true);
    expect(await pending).toBe(true);
    expect(engineersStore).toMatchObject({ loading: false, error: null, loaded: true });
    expect(engineersStore.data).toEqual([engineer]);
  });

  it('on failure sets the server\'s message, keeps the data and clears loading', async () => {
    setProjects([project]);
    fetchMock.mockResolvedValue(json(500, { message: 'Database unavailable' }));
    expect(await loadProjects()).toBe(false);
    expect(projectsStore).toMatchObject({ loading: false, error: 'Database unavailable' });
    expect(projectsStore.data).toEqual([project]);
  });

  it('on a network failure sets the generic message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await loadProjects();
    expect(projectsStore.error).toBe('Network Error');
  });

  it('keeps only the latest of overlapping loads', async () => {
    let resolveFirst: (r: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise((r) => (resolveFirst = r))).mockResolvedValueOnce(json(200, [engineer]));
    const first = loadEngineers();
    await loadEngineers();
    resolveFirst(json(200, []));
    await first;
    expect(engineersStore.data).toEqual([engineer]);
  });

  it('loads several collections at once', async () => {
    fetchMock.mockImplementation(async (url: string) => json(200, url.endsWith('/profile') ? { _id: 'u' } : []));
    await loadCollections(['profile', 'engineers', 'projects']);
    expect(fetchMock.mock.calls.map((c) => c[0]).sort()).toEqual(['/api/auth/profile', '/api/engineers', '/api/projects']);
  });

  it('resets everything at sign-out', () => {
    setEngineers([engineer]);
    setProfile({ _id: 'u', name: 'U', email: 'u@x', role: 'manager', department: 'D', admin: false });
    resetAll();
    expect(engineersStore).toMatchObject({ data: [], loaded: false, error: null });
    expect(profileStore.data).toBeNull();
  });
});

describe('applyToProfile', () => {
  beforeEach(() => resetAll());

  it('updates the signed-in engineer\'s own profile', () => {
    const user: User = { _id: 'e1', name: 'Ana Lopez', email: 'ana@x.test', role: 'engineer', department: 'Platform', admin: false, skills: ['Go'], seniority: 'mid', maxCapacity: 100 };
    setProfile(user);
    applyToProfile(recorded({ type: 'EngineerProfileUpdated', data: { engineerId: 'e1', changes: { skills: ['Go', 'Rust'] } }, streamId: 'engineer-e1', streamPosition: 2 }));
    expect(profileStore.data?.skills).toEqual(['Go', 'Rust']);
  });
});
