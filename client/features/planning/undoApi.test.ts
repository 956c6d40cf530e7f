import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, commandIdOf, withCommandId } from '../../lib/api.ts';
import { bulkChangeAssignments } from './grid/bulkApi.ts';
import { setDraftTarget } from '../../lib/draftTarget.ts';
import { memoryStorage } from '../../lib/memoryStorage.ts';
import { planningApi } from './planningApi.ts';
import { undoCommand } from './undoApi.ts';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers });

describe('undo and bulk edit calls', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn(async () => answer(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('localStorage', memoryStorage({ userToken: '"t"' }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setDraftTarget(null);
  });

  const call = (index = 0) => {
    const [url, init] = fetchMock.mock.calls[index] as [string, RequestInit];
    return { url, method: init.method, body: init.body ? JSON.parse(String(init.body)) : undefined };
  };

  it('a write answers what it did before, and its command id beside it', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { _id: 'a1', version: 4 }, { 'X-Command-Id': 'c-1' }));
    const updated = await planningApi.updateAssignment('a1', { allocationPercentage: 80 }, 3);
    expect(updated).toEqual({ _id: 'a1', version: 4 });
    expect(commandIdOf(updated)).toBe('c-1');
    fetchMock.mockResolvedValueOnce(answer(200, { message: 'Assignment removed', version: 5 }, { 'X-Command-Id': 'c-2' }));
    expect(await withCommandId(planningApi.removeAssignment('a1', 4))).toEqual({ result: { message: 'Assignment removed', version: 5 }, commandId: 'c-2' });
    fetchMock.mockResolvedValueOnce(answer(200, { _id: 'a1' }));
    expect(commandIdOf(await planningApi.assignment('a1'))).toBeUndefined();
  });

  it('undoes a command by its id', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { commandId: 'u-1', reversed: 1 }, { 'X-Command-Id': 'u-1' }));
    expect(await undoCommand('c 1')).toEqual({ commandId: 'u-1', reversed: 1 });
    expect(call()).toMatchObject({ url: '/api/undo/c%201', method: 'POST' });
  });

  it('an undo refused because something changed since keeps the server message', async () => {
    fetchMock.mockResolvedValueOnce(answer(409, { message: 'The assignment changed since this change, so it can no longer be undone.', code: 'VERSION_CONFLICT' }));
    const error = await undoCommand('c1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'VERSION_CONFLICT', message: expect.stringContaining('changed since') });
  });

  it('sends a bulk edit in one request and keeps its one command id', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { assignments: [], removed: ['a2'] }, { 'X-Command-Id': 'b-1' }));
    const result = await bulkChangeAssignments([
      { assignmentId: 'a1', version: 2, op: 'move', days: 7 },
      { assignmentId: 'a2', version: 1, op: 'remove' },
    ]);
    expect(call()).toMatchObject({
      url: '/api/assignments/bulk', method: 'POST',
      body: { changes: [{ assignmentId: 'a1', version: 2, op: 'move', days: 7 }, { assignmentId: 'a2', version: 1, op: 'remove' }] },
    });
    expect(result.removed).toEqual(['a2']);
    expect(commandIdOf(result)).toBe('b-1');
  });

  it('a bulk edit is refused while working in a scenario, before anything is sent', async () => {
    setDraftTarget({ scenarioId: 's1', refold: async () => { throw new Error('not folded'); } });
    await expect(bulkChangeAssignments([{ assignmentId: 'a1', version: 2, op: 'remove' }])).rejects.toMatchObject({ status: 409, code: 'NOT_IN_SCENARIO' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
