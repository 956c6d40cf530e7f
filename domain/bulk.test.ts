import { describe, expect, it } from 'vitest';
import { bulkChangesInput, bulkCommandOf, bulkMessages, shiftedByDays } from './bulk.ts';
import type { AssignmentRecord } from './entities.ts';

const sam: AssignmentRecord = {
  _id: 'a1', engineerId: 'e1', projectId: 'p1', role: 'Backend', allocationPercentage: 50,
  startDate: '2026-03-23T00:00:00.000Z', endDate: '2026-04-06T00:00:00.000Z', version: 3,
};

describe('a bulk edit, as sent', () => {
  const issues = (body: unknown) => {
    const parsed = bulkChangesInput.safeParse(body);
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('takes moves, allocations and removals, each with its version', () => {
    expect(issues({ changes: [
      { assignmentId: 'a1', version: 3, op: 'move', days: -7 },
      { assignmentId: 'a2', version: 0, op: 'allocation', allocationPercentage: 80 },
      { assignmentId: 'a3', version: 1, op: 'remove' },
    ] })).toEqual([]);
  });

  it('says what is wrong with each bad change', () => {
    expect(issues({ changes: [] })).toEqual([`changes: ${bulkMessages.changesRequired}`]);
    expect(issues({ changes: Array.from({ length: 201 }, (_, i) => ({ assignmentId: `a${i}`, version: 1, op: 'remove' })) })).toEqual([`changes: ${bulkMessages.tooMany}`]);
    expect(issues({ changes: [{ assignmentId: 'a1', version: 1, op: 'move', days: 1.5 }] })).toEqual([`changes.0.days: ${bulkMessages.days}`]);
    expect(issues({ changes: [{ assignmentId: 'a1', version: 1, op: 'move', days: 99999 }] })).toEqual([`changes.0.days: ${bulkMessages.days}`]);
    expect(issues({ changes: [{ assignmentId: 'a1', version: 1, op: 'allocation', allocationPercentage: 0 }] })).toEqual(['changes.0.allocationPercentage: Allocation must be between 1 and 100']);
    expect(issues({ changes: [{ assignmentId: 'a1', op: 'remove' }] })).toEqual([`changes.0.version: ${bulkMessages.version}`]);
    expect(issues({ changes: [{ assignmentId: 'a1', version: 1, op: 'stretch' }] })).toEqual([`changes.0.op: ${bulkMessages.op}`]);
    expect(issues({ changes: [{ assignmentId: 'a1', version: 1, op: 'remove' }, { assignmentId: 'a1', version: 1, op: 'move', days: 1 }] }))
      .toEqual([`changes.1.assignmentId: ${bulkMessages.once}`]);
  });
});

describe('the command a bulk change is', () => {
  it('a move shifts both dates by whole days; an allocation and a removal are the single edits', () => {
    expect(bulkCommandOf({ assignmentId: 'a1', version: 3, op: 'move', days: 7 }, sam, 'UTC')).toEqual({
      kind: 'updateAssignment', assignmentId: 'a1', input: { startDate: '2026-03-30T00:00:00.000Z', endDate: '2026-04-13T00:00:00.000Z' },
    });
    expect(bulkCommandOf({ assignmentId: 'a1', version: 3, op: 'allocation', allocationPercentage: 80 }, sam, 'UTC')).toEqual({
      kind: 'updateAssignment', assignmentId: 'a1', input: { allocationPercentage: 80 },
    });
    expect(bulkCommandOf({ assignmentId: 'a1', version: 3, op: 'remove' }, sam, 'UTC')).toEqual({ kind: 'removeAssignment', assignmentId: 'a1' });
  });

  it("keeps local midnight across a clock change in the organisation's time zone", () => {
    // Berlin: midnight is 23:00 UTC in winter, 22:00 UTC in summer (clocks go forward on 2026-03-29).
    expect(shiftedByDays('2026-03-22T23:00:00.000Z', 7, 'Europe/Berlin')).toBe('2026-03-29T22:00:00.000Z');
    expect(shiftedByDays('2026-03-29T22:00:00.000Z', -7, 'Europe/Berlin')).toBe('2026-03-22T23:00:00.000Z');
  });

  it('a move of an assignment that is not there is not found; one beyond the years dates may have is refused', () => {
    expect(() => bulkCommandOf({ assignmentId: 'a1', version: 3, op: 'move', days: 7 }, null, 'UTC')).toThrow('Assignment not found');
    const late = { ...sam, startDate: '9999-12-01T00:00:00.000Z', endDate: '9999-12-20T00:00:00.000Z' };
    expect(() => bulkCommandOf({ assignmentId: 'a1', version: 3, op: 'move', days: 30 }, late, 'UTC')).toThrow(bulkMessages.outOfYears);
  });
});
