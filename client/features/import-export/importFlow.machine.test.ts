import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ImportJob, ImportPreview } from '../../../domain/import/index.ts';
import { ApiError } from '../../lib/api.ts';
import { canImport, followJob, importFlowMachine } from './importFlow.machine.ts';

const preview = (counts: Partial<ImportPreview['counts']> = {}): ImportPreview => ({
  kind: 'engineers', total: 2, counts: { create: 1, update: 1, unchanged: 0, error: 0, ...counts }, fileErrors: [], fileWarnings: [], mapping: {}, rows: [],
});
const job = (overrides: Partial<ImportJob> = {}): ImportJob => ({
  id: 'j1', kind: 'engineers', state: 'running', done: 0, total: 2, created: 0, updated: 0, unchanged: 0, startedAt: '2026-01-01T00:00:00.000Z', ...overrides,
});

type Call<T> = (input: unknown) => Promise<T>;

function start(options: { preview?: Call<ImportPreview>; jobs?: ImportJob[]; startJob?: Call<ImportJob> } = {}) {
  const jobs = [...(options.jobs ?? [job({ done: 1 }), job({ state: 'done', done: 2, created: 1, updated: 1 })])];
  const previewCall = vi.fn<Call<ImportPreview>>(options.preview ?? (async () => preview()));
  const startCall = vi.fn<Call<ImportJob>>(options.startJob ?? (async () => job()));
  const machine = importFlowMachine.provide({
    actors: {
      preview: fromPromise(({ input }) => previewCall(input)),
      start: fromPromise(({ input }) => startCall(input)),
      follow: followJob(async () => jobs.shift() ?? job({ state: 'done' }), 1),
    },
  });
  return { actor: createActor(machine).start(), previewCall, startCall };
}

const file = { name: 'engineers.csv', text: 'name,email\n' };

describe('importFlow machine', () => {
  it('previews the chosen file, imports it and follows the job to its end', async () => {
    const { actor, previewCall, startCall } = start();
    actor.send({ type: 'CHOOSE', file });
    await waitFor(actor, (s) => s.matches('previewed'));
    expect(previewCall).toHaveBeenCalledWith({ kind: 'engineers', text: file.text });
    actor.send({ type: 'IMPORT' });
    const done = await waitFor(actor, (s) => s.matches('done'));
    expect(startCall).toHaveBeenCalledWith({ kind: 'engineers', text: file.text });
    expect(done.context.job).toMatchObject({ state: 'done', done: 2, created: 1, updated: 1 });
  });

  it('previews again with a column read otherwise, and imports the file as the preview read it', async () => {
    const guessed = { ...preview(), mapping: { 'Full Name': 'name', Email: 'email', Team: 'team' } };
    const { actor, previewCall, startCall } = start({ preview: async (input) => ((input as { mapping?: object }).mapping ? { ...guessed, mapping: (input as { mapping: Record<string, string | null> }).mapping } : guessed) });
    actor.send({ type: 'CHOOSE', file });
    await waitFor(actor, (s) => s.matches('previewed'));
    actor.send({ type: 'MAP', column: 'Team', field: 'department' });
    await waitFor(actor, (s) => s.matches('previewed'));
    const mapping = { 'Full Name': 'name', Email: 'email', Team: 'department' };
    expect(previewCall).toHaveBeenLastCalledWith({ kind: 'engineers', text: file.text, mapping });
    actor.send({ type: 'MAP', column: 'Full Name', field: null });
    await waitFor(actor, (s) => s.matches('previewed'));
    expect(previewCall).toHaveBeenLastCalledWith({ kind: 'engineers', text: file.text, mapping: { ...mapping, 'Full Name': null } });
    actor.send({ type: 'IMPORT' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(startCall).toHaveBeenCalledWith({ kind: 'engineers', text: file.text, mapping: { ...mapping, 'Full Name': null } });
    // Another file starts from the server's reading again.
    actor.send({ type: 'CHOOSE', file });
    await waitFor(actor, (s) => s.matches('previewed'));
    expect(previewCall).toHaveBeenLastCalledWith({ kind: 'engineers', text: file.text });
  });

  it('will not import a file with an error row, or one that changes nothing', async () => {
    expect(canImport(preview({ error: 1 }))).toBe(false);
    expect(canImport(preview({ create: 0, update: 0, unchanged: 3 }))).toBe(false);
    expect(canImport({ ...preview(), fileErrors: [{ line: 1, column: 'x', message: "Unknown column 'x'" }] })).toBe(false);
    // A column the list does not have is left out with a warning: the rest still imports.
    expect(canImport({ ...preview(), fileWarnings: [{ line: 1, column: 'Notes', message: "Unknown column 'Notes': it is ignored" }] })).toBe(true);
    const { actor, startCall } = start({ preview: async () => preview({ error: 1 }) });
    actor.send({ type: 'CHOOSE', file });
    await waitFor(actor, (s) => s.matches('previewed'));
    actor.send({ type: 'IMPORT' });
    expect(actor.getSnapshot().matches('previewed')).toBe(true);
    expect(startCall).not.toHaveBeenCalled();
  });

  it('previews again for another kind, and says why a refused import or a failed job stopped', async () => {
    const refused = start({ startJob: async () => { throw new ApiError('Nothing was imported: 1 row has errors', 400); } });
    refused.actor.send({ type: 'CHOOSE', file });
    await waitFor(refused.actor, (s) => s.matches('previewed'));
    refused.actor.send({ type: 'KIND', kind: 'projects' });
    await waitFor(refused.actor, (s) => s.matches('previewed'));
    expect(refused.previewCall).toHaveBeenLastCalledWith({ kind: 'projects', text: file.text });
    refused.actor.send({ type: 'IMPORT' });
    const failed = await waitFor(refused.actor, (s) => s.matches('failed'));
    expect(failed.context.error).toBe('Nothing was imported: 1 row has errors');

    const stopped = start({ jobs: [job({ state: 'failed', done: 1, message: 'Stopped after 1 of 2 rows' })] });
    stopped.actor.send({ type: 'CHOOSE', file });
    await waitFor(stopped.actor, (s) => s.matches('previewed'));
    stopped.actor.send({ type: 'IMPORT' });
    expect((await waitFor(stopped.actor, (s) => s.matches('failed'))).context.error).toBe('Stopped after 1 of 2 rows');
  });

  it('ignores a new file while an import runs', async () => {
    const { actor, previewCall } = start({ jobs: [job(), job(), job(), job({ state: 'done' })] });
    actor.send({ type: 'CHOOSE', file });
    await waitFor(actor, (s) => s.matches('previewed'));
    actor.send({ type: 'IMPORT' });
    await waitFor(actor, (s) => s.matches('importing'));
    actor.send({ type: 'CHOOSE', file: { name: 'other.csv', text: 'x' } });
    expect(actor.getSnapshot().context.file).toEqual(file);
    await waitFor(actor, (s) => s.matches('done'));
    expect(previewCall).toHaveBeenCalledTimes(1);
  });
});
