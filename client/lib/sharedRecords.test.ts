import { describe, expect, it } from 'vitest';
import { shareNamedRecords } from './sharedRecords.ts';

describe('shareNamedRecords', () => {
  it('makes the assignments of one engineer or project share its object, in place, changing no value', () => {
    const list = [
      { _id: 'a1', engineerId: { _id: 'e1', name: 'Ana', email: 'ana@x' }, projectId: { _id: 'p1', name: 'Atlas', status: 'active' as const } },
      { _id: 'a2', engineerId: { _id: 'e1', name: 'Ana', email: 'ana@x' }, projectId: { _id: 'p2', name: 'Borealis', status: 'planning' as const } },
      { _id: 'a3', engineerId: { _id: 'e2', name: 'Ben', email: 'ben@x' }, projectId: { _id: 'p1', name: 'Atlas', status: 'active' as const } },
    ];
    const before = structuredClone(list);
    const shared = shareNamedRecords(list);
    expect(shared).toBe(list);
    expect(shared).toEqual(before);
    expect(shared[1]!.engineerId).toBe(shared[0]!.engineerId);
    expect(shared[2]!.projectId).toBe(shared[0]!.projectId);
    expect(shared[2]!.engineerId).not.toBe(shared[0]!.engineerId);
  });
});
