import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, isNotFound, isVersionConflict } from '../../lib/api.ts';
import { memoryStorage } from '../../lib/memoryStorage.ts';
import { planningApi } from './planningApi.ts';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('planning API calls', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn(async () => json(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('localStorage', memoryStorage({ userToken: '"t"' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  const call = (index = 0) => {
    const [url, init] = fetchMock.mock.calls[index] as [string, RequestInit];
    return { url, method: init.method, body: init.body ? JSON.parse(String(init.body)) : undefined, headers: init.headers as Record<string, string> };
  };

  it('sends every edit with the version it was made against', async () => {
    await planningApi.updateAssignment('a 1', { allocationPercentage: 80 }, 3);
    expect(call()).toMatchObject({ url: '/api/assignments/a%201', method: 'PATCH', body: { allocationPercentage: 80, version: 3 } });
    await planningApi.removeAssignment('a1', 4);
    expect(call(1)).toMatchObject({ url: '/api/assignments/a1', method: 'DELETE', body: { version: 4 } });
    await planningApi.updateProject('p1', { status: 'active' }, 2);
    expect(call(2)).toMatchObject({ url: '/api/projects/p1', method: 'PATCH', body: { status: 'active', version: 2 } });
    await planningApi.updateEngineer('e1', { skills: ['Go'] }, 7);
    expect(call(3)).toMatchObject({ url: '/api/engineers/e1', method: 'PATCH', body: { skills: ['Go'], version: 7 } });
    expect(call(3).headers.Authorization).toBe('t');
  });

  it('asks for the suitable engineers over the dates typed', async () => {
    await planningApi.suitableEngineers('p1', { from: '2026-03-02', to: '2026-03-29' });
    expect(call()).toMatchObject({ url: '/api/engineers/suitable?projectId=p1&from=2026-03-02&to=2026-03-29', method: 'GET' });
  });

  it('creates, reads and asks for suitable engineers', async () => {
    await planningApi.suitableEngineers('p/1');
    expect(call()).toMatchObject({ url: '/api/engineers/suitable?projectId=p%2F1', method: 'GET' });
    await planningApi.assignment('a1');
    expect(call(1)).toMatchObject({ url: '/api/assignments/a1', method: 'GET' });
    await planningApi.registerEngineer({ name: 'N', email: 'n@x.test', department: 'D', skills: [], seniority: 'mid', maxCapacity: 100, password: 'longenough' });
    expect(call(2)).toMatchObject({ url: '/api/engineers', method: 'POST', body: { name: 'N', password: 'longenough' } });
  });

  it('tells a version conflict and a missing thing from other failures', async () => {
    fetchMock.mockResolvedValueOnce(json(409, { message: 'This assignment was changed by someone else. Reload to see the latest version.', code: 'VERSION_CONFLICT', currentVersion: 4 }));
    const conflict = await planningApi.updateAssignment('a1', { role: 'Lead' }, 3).catch((e: unknown) => e);
    expect(isVersionConflict(conflict)).toBe(true);
    expect((conflict as ApiError).message).toBe('This assignment was changed by someone else. Reload to see the latest version.');
    expect(isVersionConflict(new ApiError('An account with this email already exists', 409, { code: 'CONFLICT' }))).toBe(false);
    expect(isNotFound(new ApiError('Assignment not found', 404, { code: 'NOT_FOUND' }))).toBe(true);
    expect(isNotFound(new Error('x'))).toBe(false);
  });
});
