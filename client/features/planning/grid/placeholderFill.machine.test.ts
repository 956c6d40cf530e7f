import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SuitableEngineer } from '../../../../domain/capacity/suitable.ts';
import type { Assignment, Placeholder } from '../../../../domain/entities.ts';
import { ApiError } from '../../../lib/api.ts';
import type { NamedOverload } from '../../../lib/overloads.ts';
import { type FillInput, type LatestPlaceholder, PLACEHOLDER_CHANGED, PLACEHOLDER_GONE, placeholderFillMachine } from './placeholderFill.machine.ts';

const placeholder: Placeholder = {
  _id: 'ph', projectId: 'p', role: 'ML Engineer', skills: ['Python'], allocationPercentage: 50,
  startDate: '2026-04-01T00:00:00.000Z', endDate: '2026-06-01T00:00:00.000Z', version: 4,
};
const target = { placeholder, projectName: 'Assistant', version: 7, from: '2026-04-01', to: '2026-05-31' };
const engineer = (id: string, free: number): SuitableEngineer => ({
  _id: id, name: id, email: `${id}@x`, department: 'Data', seniority: 'mid', skills: ['Python'], maxCapacity: 100,
  matchingSkills: ['Python'], availableCapacity: free, averageFree: free, load: 100 - free, freeWeeks: 8, weeks: 8, onProject: false,
  fit: { kind: 'fits', short: [], workingDays: 40, lowestFree: free },
});
const conflict = () => new ApiError('This project was changed by someone else. Reload to see the latest version.', 409, { code: 'VERSION_CONFLICT' });

type Script = { fills: (FillInput | Error)[]; latest: LatestPlaceholder; candidates: SuitableEngineer[][]; overloads?: Record<string, NamedOverload[]> };

function start(script: Script) {
  const fills: FillInput[] = [];
  const suitableCalls: number[] = [];
  const machine = placeholderFillMachine.provide({
    actors: {
      suitable: fromPromise(async ({ input }) => {
        suitableCalls.push(input.version);
        return script.candidates.shift() ?? [];
      }),
      fill: fromPromise(async ({ input }) => {
        fills.push(input);
        const next = script.fills.shift();
        if (next instanceof Error) throw next;
        return { assignment: { _id: 'a1' } as Assignment };
      }),
      latest: fromPromise(async () => script.latest),
      overloads: fromPromise(async ({ input }) => script.overloads?.[input.engineerId] ?? []),
    },
  });
  const actor = createActor(machine).start();
  const emitted: unknown[] = [];
  actor.on('filled', (event) => void emitted.push(event));
  return { actor, fills, suitableCalls, emitted, state: () => actor.getSnapshot() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Opens the dialog on the placeholder, waits for the engineers, picks one and fills. */
async function openPickAndFill(s: ReturnType<typeof start>, engineerId: string) {
  s.actor.send({ type: 'OPEN', target });
  await settle();
  s.actor.send({ type: 'PICK', engineerId });
  s.actor.send({ type: 'FILL' });
  await settle();
}

describe('filling a placeholder', () => {
  it('offers the suited engineers, fills with the one picked against the project version, and says so', async () => {
    const s = start({ fills: [], latest: { version: 7, placeholder }, candidates: [[engineer('elena', 50), engineer('mei', 10)]] });
    s.actor.send({ type: 'OPEN', target });
    await settle();
    expect(s.state().value).toBe('choosing');
    expect(s.state().context.candidates.map((c) => c._id)).toEqual(['elena', 'mei']);
    s.actor.send({ type: 'FILL' });
    expect(s.state().value).toBe('choosing'); // nobody picked yet
    s.actor.send({ type: 'PICK', engineerId: 'elena' });
    s.actor.send({ type: 'FILL' });
    await settle();
    expect(s.fills).toEqual([{ projectId: 'p', placeholderId: 'ph', engineerId: 'elena', version: 7 }]);
    expect(s.emitted).toEqual([{ type: 'filled', assignment: { _id: 'a1' } }]);
    expect(s.state().value).toBe('closed');
  });

  it('on a stale project version, loads the latest, keeps the pick and fills again on it', async () => {
    const s = start({ fills: [conflict()], latest: { version: 9, placeholder: { ...placeholder, allocationPercentage: 60 } }, candidates: [[engineer('elena', 50)], [engineer('elena', 40)]] });
    await openPickAndFill(s, 'elena');
    await settle();
    expect(s.state().value).toBe('choosing');
    expect(s.state().context).toMatchObject({ picked: 'elena', notice: PLACEHOLDER_CHANGED, target: { version: 9, placeholder: { allocationPercentage: 60 } } });
    expect(s.state().context.candidates[0]!.availableCapacity).toBe(40);
    s.actor.send({ type: 'FILL' });
    await settle();
    expect(s.fills.at(-1)).toMatchObject({ version: 9, engineerId: 'elena' });
    expect(s.emitted).toHaveLength(1);
  });

  it('says so when the placeholder was filled or removed meanwhile', async () => {
    const s = start({ fills: [conflict()], latest: { version: 9, placeholder: null }, candidates: [[engineer('elena', 50)]] });
    await openPickAndFill(s, 'elena');
    await settle();
    expect(s.state().value).toBe('gone');
    expect(s.state().context.notice).toBe(PLACEHOLDER_GONE);
    s.actor.send({ type: 'CANCEL' });
    expect(s.state().value).toBe('closed');
  });

  it('shows any other refusal and keeps the choice', async () => {
    const s = start({ fills: [new ApiError('Engineer not found', 404)], latest: { version: 7, placeholder }, candidates: [[engineer('elena', 50)]] });
    await openPickAndFill(s, 'elena');
    expect(s.state().value).toBe('choosing');
    expect(s.state().context).toMatchObject({ error: 'Engineer not found', picked: 'elena' });
  });

  it('asks before a fill that overloads: Back writes nothing and keeps the pick, Save anyway fills', async () => {
    const overload: NamedOverload = { engineerId: 'jordan', name: 'Jordan', days: ['2026-04-06', '2026-04-07'], peak: 110 };
    const s = start({ fills: [], latest: { version: 7, placeholder }, candidates: [[engineer('elena', 50), engineer('jordan', 40)]], overloads: { jordan: [overload] } });
    await openPickAndFill(s, 'jordan');
    expect(s.state().value).toBe('confirming');
    expect(s.state().context.overloads).toEqual([overload]);
    s.actor.send({ type: 'BACK' });
    expect(s.state().value).toBe('choosing');
    expect(s.state().context).toMatchObject({ picked: 'jordan', overloads: [] });
    expect(s.fills).toEqual([]);

    s.actor.send({ type: 'FILL' });
    await settle();
    expect(s.state().value).toBe('confirming');
    s.actor.send({ type: 'CONFIRM' });
    await settle();
    expect(s.fills).toEqual([{ projectId: 'p', placeholderId: 'ph', engineerId: 'jordan', version: 7 }]);
    expect(s.state().value).toBe('closed');
  });

  it('fills straight away when nobody would be overloaded', async () => {
    const s = start({ fills: [], latest: { version: 7, placeholder }, candidates: [[engineer('elena', 50)]], overloads: { jordan: [] } });
    await openPickAndFill(s, 'elena');
    expect(s.fills).toHaveLength(1);
    expect(s.state().value).toBe('closed');
  });
});
