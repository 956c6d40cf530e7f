import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Assignment } from '../../../../domain/entities.ts';
import { type EndAssignmentEmitted, endAssignmentMachine } from './endAssignment.machine.ts';

// 10:30 local time on June 10th, 2026.
const now = new Date(2026, 5, 10, 10, 30);
const running: Assignment = {
  _id: 'a1', engineerId: { _id: 'e1', name: 'Sam Rivera', email: 's@x' }, projectId: { _id: 'p1', name: 'Portal', status: 'active' },
  role: 'Dev', allocationPercentage: 50, startDate: new Date(2026, 5, 1).toISOString(), endDate: new Date(2026, 8, 1).toISOString(), version: 7,
};

function start() {
  const actor = createActor(endAssignmentMachine, { input: { now: () => now } }).start();
  const emitted: EndAssignmentEmitted[] = [];
  actor.on('end', (event) => void emitted.push(event));
  return { actor, emitted, context: () => actor.getSnapshot().context };
}

describe('ending an assignment on a chosen date', () => {
  it('opens on today; confirming today ends it now, as End today did', () => {
    const t = start();
    t.actor.send({ type: 'OPEN', assignment: running });
    expect(t.context()).toMatchObject({ day: '2026-06-10', problem: null });
    t.actor.send({ type: 'CONFIRM' });
    expect(t.emitted).toEqual([{ type: 'end', action: expect.objectContaining({ kind: 'endToday', id: 'a1', version: 7, label: "End Sam Rivera's assignment on Portal today", changes: { endDate: now.toISOString() } }) }]);
    expect(t.actor.getSnapshot().value).toBe('closed');
  });

  it('another day ends it as that day starts, like the form\'s End Date, against the version shown', () => {
    const t = start();
    t.actor.send({ type: 'OPEN', assignment: running });
    t.actor.send({ type: 'PICK', day: '2026-07-03' });
    t.actor.send({ type: 'CONFIRM' });
    expect(t.emitted[0]!.action).toMatchObject({
      kind: 'end',
      changes: { endDate: new Date(2026, 6, 3).toISOString() },
      label: expect.stringMatching(/^End Sam Rivera's assignment on Portal on Jul 03, 2026$/),
      before: { endDate: running.endDate },
    });
  });

  it('refuses a day before the start, saying why, until one on or after it is picked (the start day itself: one day); CANCEL ends nothing', () => {
    const t = start();
    t.actor.send({ type: 'OPEN', assignment: running });
    t.actor.send({ type: 'PICK', day: '2026-05-31' });
    expect(t.context().problem).toBe('End date cannot be before start date');
    t.actor.send({ type: 'CONFIRM' });
    expect(t.actor.getSnapshot().value).toBe('choosing');
    expect(t.emitted).toEqual([]);
    t.actor.send({ type: 'PICK', day: '2026-06-01' });
    expect(t.context().problem).toBeNull();
    t.actor.send({ type: 'CANCEL' });
    expect(t.actor.getSnapshot().value).toBe('closed');
    expect(t.emitted).toEqual([]);
  });
});
