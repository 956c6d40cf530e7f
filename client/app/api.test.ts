import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, errorMessage, NETWORK_ERROR, queryText, setUnauthorizedHandler } from '../lib/api.ts';
import { readAhead, takeReadAhead } from '../lib/http.ts';
import { memoryStorage } from '../lib/memoryStorage.ts';
import { createProject } from '../features/projects/projectApi.ts';
import { sessionApi } from './sessionApi.ts';
import { storesApi } from './storesApi.ts';

/** The HTTP plumbing (lib/http.ts, lib/api.ts) as the resource calls built on it use it. */
const api = {
  login: sessionApi.login,
  profile: sessionApi.profile,
  engineers: storesApi.engineers.list,
  projects: storesApi.projects.list,
  createProject,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api client', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('localStorage', memoryStorage({ userToken: JSON.stringify('raw.jwt.token') }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(() => {});
  });

  it('sends the stored token as-is in Authorization, without Bearer', async () => {
    fetchMock.mockResolvedValue(json(200, []));
    await api.engineers();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/engineers');
    expect((init as RequestInit).headers).toMatchObject({ Authorization: 'raw.jwt.token' });
  });

  it('hands a GET read ahead to the first request for its path, once, and asks again after that', async () => {
    fetchMock.mockImplementation(async () => json(200, [{ _id: 'e1' }]));
    readAhead('/api/engineers');
    readAhead('/api/engineers');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await api.engineers()).toEqual([{ _id: 'e1' }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await api.engineers();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not hand out an answer read ahead long ago: the visit it was for never asked', async () => {
    fetchMock.mockImplementation(async () => json(200, []));
    const clock = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    readAhead('/api/engineers/current-load');
    clock.mockReturnValue(1_000 + 16_000);
    expect(takeReadAhead('/api/engineers/current-load')).toBeNull();
    clock.mockRestore();
  });

  it('posts JSON and returns the body', async () => {
    fetchMock.mockResolvedValue(json(201, { _id: 'p1' }));
    const project = await api.createProject({
      name: 'X',
      description: 'Long enough text',
      startDate: '2026-01-01T00:00:00.000Z',
      endDate: '2026-02-01T00:00:00.000Z',
      teamSize: 2,
      requiredSkills: ['Go'],
      status: 'planning',
      managerId: 'm1',
    });
    expect(project).toEqual({ _id: 'p1' });
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toMatchObject({ name: 'X', managerId: 'm1' });
  });

  it('throws the server\'s message and keeps status, code and issues', async () => {
    fetchMock.mockResolvedValue(json(400, { message: 'Team size cannot exceed 20', code: 'VALIDATION', issues: [{ path: 'teamSize', message: 'Team size cannot exceed 20' }] }));
    const error = await api.projects().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Team size cannot exceed 20', status: 400, code: 'VALIDATION', issues: [{ path: 'teamSize', message: 'Team size cannot exceed 20' }] });
  });

  it('falls back to the generic status message when the body has none', async () => {
    fetchMock.mockResolvedValue(new Response('oops', { status: 502 }));
    await expect(api.projects()).rejects.toThrow('Request failed with status code 502');
  });

  it('says "Network Error" when there is no answer at all', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.projects()).rejects.toThrow(NETWORK_ERROR);
  });

  it('reports a 401 to the session, but not for the login call itself', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValue(json(401, { message: 'Authentication required' }));
    await expect(api.profile()).rejects.toThrow('Authentication required');
    expect(onUnauthorized).toHaveBeenCalledOnce();
    fetchMock.mockResolvedValue(json(401, { message: 'Invalid email or password' }));
    await expect(api.login({ email: 'a', password: 'b' })).rejects.toThrow('Invalid email or password');
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect((fetchMock.mock.calls[1]![1] as RequestInit & { headers: Record<string, string> }).headers.Authorization).toBeUndefined();
  });

  it('words unknown failures with the generic message', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage('nope')).toBe(NETWORK_ERROR);
  });
});

describe('queryText', () => {
  it('keeps only what is set, in a fixed order', () => {
    expect(queryText({ to: '2026-03-08', from: '2026-03-02', q: '', engineerId: undefined, includeTentative: false, minFree: 0 })).toBe(
      'from=2026-03-02&includeTentative=false&minFree=0&to=2026-03-08',
    );
  });
});
