import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Assignment } from '../../domain/entities.ts';
import { emptyPlan } from '../../domain/plan.ts';
import { dropOverloads } from '../lib/overloads.ts';
import { type BarDragEmitted, barDragMachine, type DragEdge } from './barDrag.machine.ts';

const DAY = 86_400_000;
const iso = (day: number) => new Date(Date.UTC(2026, 2, 2) + day * DAY).toISOString(); // day 0: Monday 2026-03-02

const bar: Assignment = {
  _id: 'a1',
  engineerId: { _id: 'sam', name: 'Sam Rivera', email: 'sam@x' },
  projectId: { _id: 'p1', name: 'Portal', status: 'active' },
  role: 'Lead',
  allocationPercentage: 60,
  startDate: iso(0),
  endDate: iso(14),
  version: 3,
};
// Sam has 50 % more from day 21: moving the bar two weeks later overlaps it (110 %).
const other = { _id: 'a2', engineerId: 'sam', projectId: 'p2', allocationPercentage: 50, startDate: iso(21), endDate: iso(60) };

/** Shifts by whole days; resizing keeps at least a day, as the screen's own rule does. */
const drag = (a: { startDate: string; endDate: string }, edge: DragEdge, days: number) => ({
  startDate: edge === 'end' ? a.startDate : new Date(Date.parse(a.startDate) + days * DAY).toISOString(),
  endDate: edge === 'start' ? a.endDate : new Date(Date.parse(a.endDate) + days * DAY).toISOString(),
});

// Priya is at 80 % over the bar's weeks.
const priyas = { _id: 'a3', engineerId: 'priya', projectId: 'p2', allocationPercentage: 80, startDate: iso(0), endDate: iso(30) };

function start(
  assignments: { _id: string; engineerId: string; projectId: string; allocationPercentage: number; startDate: string; endDate: string }[] = [other, priyas],
  refusal?: (target: { _id: string; name: string }) => string | null,
) {
  const engineers = [{ _id: 'sam', name: 'Sam Rivera', maxCapacity: 100 }, { _id: 'priya', name: 'Priya Patel', maxCapacity: 100 }, { _id: 'mei', name: 'Mei Chen', maxCapacity: 100 }];
  // The one judgement of overloads (the days over capacity, as the API answers them), on this plan.
  const plan = { ...emptyPlan(), engineers, assignments } as unknown as Parameters<typeof dropOverloads>[0];
  const judge = (a: Assignment, dates: { startDate: string; endDate: string }, target: { _id: string } | null) =>
    dropOverloads(plan, a, dates, target?._id ?? null, new Date(iso(-30)), 'UTC');
  const actor = createActor(barDragMachine, {
    input: { drag, plan: () => ({ engineers, assignments }), now: () => new Date(iso(-30)), judge, ...(refusal ? { refusal } : {}) },
  }).start();
  const emitted: BarDragEmitted[] = [];
  actor.on('*', (event) => void emitted.push(event as BarDragEmitted));
  // 10 px per day, as a week column of 70 px.
  const press = (edge: DragEdge = 'move') => actor.send({ type: 'PRESS', assignment: bar, edge, toDays: (dx) => Math.round(dx / 10) });
  return { actor, emitted, press, state: () => actor.getSnapshot() };
}

describe('dragging a bar', () => {
  it('is a click when the pointer hardly moves: the screen opens the form', () => {
    const s = start();
    s.press();
    s.actor.send({ type: 'MOVE', dx: 3 });
    expect(s.state().value).toBe('pressed');
    s.actor.send({ type: 'RELEASE' });
    expect(s.emitted).toEqual([{ type: 'open', assignment: bar }]);
    expect(s.state().value).toBe('idle');
  });

  it('moves the bar by whole days and previews what it does to the engineer', () => {
    const s = start();
    s.press();
    s.actor.send({ type: 'MOVE', dx: 36 });
    expect(s.state().value).toBe('dragging');
    expect(s.state().context.dates).toEqual({ startDate: iso(4), endDate: iso(18) });
    expect(s.state().context.impact).toMatchObject({ after: 60, overloaded: false });
    s.actor.send({ type: 'MOVE', dx: 80 });
    expect(s.state().context.impact).toMatchObject({ after: 110, overloaded: true, text: expect.stringContaining('Puts Sam Rivera at 110% of capacity') });
  });

  it('saves a drop that overloads nobody at once, as an edit against the version shown', () => {
    const s = start();
    s.press();
    s.actor.send({ type: 'MOVE', dx: 40 });
    s.actor.send({ type: 'RELEASE' });
    expect(s.emitted).toEqual([
      {
        type: 'commit',
        action: {
          kind: 'move',
          id: 'a1',
          version: 3,
          label: expect.stringMatching(/^Move Sam Rivera's assignment on Portal to Mar 06, 2026 - Mar 20, 2026$/),
          before: { role: 'Lead', allocationPercentage: 60, startDate: iso(0), endDate: iso(14) },
          changes: { startDate: iso(4), endDate: iso(18) },
        },
      },
    ]);
    expect(s.state().context.assignment).toBeNull();
  });

  it('asks before a drop that overloads, and saves nothing on Back', () => {
    const s = start();
    s.press();
    s.actor.send({ type: 'MOVE', dx: 140 });
    s.actor.send({ type: 'RELEASE' });
    expect(s.state().value).toBe('confirming');
    expect(s.emitted).toEqual([]);
    s.actor.send({ type: 'BACK' });
    expect(s.state().value).toBe('idle');
    expect(s.emitted).toEqual([]);

    s.press();
    s.actor.send({ type: 'MOVE', dx: 140 });
    s.actor.send({ type: 'RELEASE' });
    s.actor.send({ type: 'CONFIRM' });
    expect(s.emitted).toMatchObject([{ type: 'commit', action: { changes: { startDate: iso(14), endDate: iso(28) } } }]);
  });

  it('resizes from an edge, changing only that date', () => {
    const s = start();
    s.press('end');
    s.actor.send({ type: 'MOVE', dx: -50 });
    s.actor.send({ type: 'RELEASE' });
    expect(s.emitted).toMatchObject([{ type: 'commit', action: { kind: 'resize', changes: { endDate: iso(9) } } }]);
    expect(Object.keys((s.emitted[0] as { action: { changes: object } }).action.changes)).toEqual(['endDate']);
  });

  it('saves nothing when dropped where it was, or when cancelled', () => {
    const s = start();
    s.press();
    s.actor.send({ type: 'MOVE', dx: 30 });
    s.actor.send({ type: 'MOVE', dx: 2 });
    s.actor.send({ type: 'RELEASE' });
    s.press();
    s.actor.send({ type: 'MOVE', dx: 30 });
    s.actor.send({ type: 'CANCEL' });
    expect(s.emitted).toEqual([]);
    expect(s.state().value).toBe('idle');
  });

  it('a resize that lowers the load of someone already over saves without asking', () => {
    // Sam is at 60 + 50 = 110 % from day 21 with the bar as it is (days 0..28 here): already over.
    const s = start([{ ...other, startDate: iso(7) }]);
    s.actor.send({ type: 'PRESS', assignment: { ...bar, endDate: iso(28) }, edge: 'end', toDays: (dx) => Math.round(dx / 10) });
    s.actor.send({ type: 'MOVE', dx: -50 });
    expect(s.state().context.impact).toMatchObject({ after: 110, overloaded: true });
    s.actor.send({ type: 'RELEASE' });
    expect(s.state().value).toBe('idle');
    expect(s.emitted).toMatchObject([{ type: 'commit', action: { kind: 'resize', changes: { endDate: iso(23) } } }]);
  });

  it('a resize that makes an overload longer, or higher, still asks', () => {
    const s = start();
    s.press('end');
    // To day 24: overlaps the 50 % from day 21, 110 % where there was 60 %.
    s.actor.send({ type: 'MOVE', dx: 100 });
    expect(s.state().context.impact).toMatchObject({ after: 110, overloaded: true });
    s.actor.send({ type: 'RELEASE' });
    expect(s.state().value).toBe('confirming');
    // Days 21 to 24 (Mon Mar 23 - Thu Mar 26) at 60 + 50: the days and the peak the dialog names.
    expect(s.state().context.overloads).toEqual([{ engineerId: 'sam', name: 'Sam Rivera', days: ['2026-03-23', '2026-03-24', '2026-03-25', '2026-03-26'], peak: 110 }]);
  });

  it("dropped on another person's row: hands it to them, with the preview for them, and asks when it overloads them", () => {
    const s = start();
    s.press();
    s.actor.send({ type: 'MOVE', dx: 0, dy: 45, engineerId: 'priya' });
    expect(s.state().value).toBe('dragging');
    expect(s.state().context.target).toMatchObject({ _id: 'priya' });
    expect(s.state().context.impact).toMatchObject({ name: 'Priya Patel', before: 80, after: 140, overloaded: true });
    s.actor.send({ type: 'RELEASE' });
    expect(s.state().value).toBe('confirming');
    // Every working day of the bar (days 0 to 14, Mon Mar 2 - Mon Mar 16: eleven) at 80 + 60.
    expect(s.state().context.overloads).toMatchObject([{ engineerId: 'priya', name: 'Priya Patel', peak: 140 }]);
    expect(s.state().context.overloads[0]!.days).toHaveLength(11);
    s.actor.send({ type: 'CONFIRM' });
    expect(s.emitted).toEqual([{
      type: 'commit',
      action: expect.objectContaining({ kind: 'reassign', id: 'a1', version: 3, changes: { engineerId: 'priya' }, label: expect.stringMatching(/^Hand Sam Rivera's assignment on Portal to Priya Patel/) }),
    }]);
  });

  it('to someone free, with new dates: one change with both, saved at once', () => {
    const s = start();
    s.press();
    s.actor.send({ type: 'MOVE', dx: 20, dy: 90, engineerId: 'mei' });
    s.actor.send({ type: 'RELEASE' });
    expect(s.emitted).toMatchObject([{ type: 'commit', action: { kind: 'reassign', changes: { engineerId: 'mei', startDate: iso(2), endDate: iso(16) } } }]);
  });

  it('back over its own row it stays theirs; an edge never changes the person', () => {
    const s = start();
    s.press();
    s.actor.send({ type: 'MOVE', dx: 0, dy: 45, engineerId: 'priya' });
    s.actor.send({ type: 'MOVE', dx: 0, dy: 2, engineerId: 'sam' });
    expect(s.state().context.target).toBeNull();
    s.actor.send({ type: 'RELEASE' });
    expect(s.emitted).toEqual([]);
    s.press('end');
    s.actor.send({ type: 'MOVE', dx: 30, engineerId: 'priya' });
    expect(s.state().context.target).toBeNull();
  });
});

describe("a scoped manager's bars and rows out of reach", () => {
  const MEI_OUT = 'Out of your teams (Web): Mei Chen (in Data Crew). Ask their team\'s manager with a staffing request.';
  const onlyWeb = (target: { _id: string }) => (target._id === 'mei' ? MEI_OUT : null);

  it('a bar dropped on a person out of reach is refused with the reason, nothing saved', () => {
    const s = start(undefined, onlyWeb);
    s.press();
    s.actor.send({ type: 'MOVE', dx: 20, dy: 90, engineerId: 'mei' });
    expect(s.state().context.target).toMatchObject({ _id: 'mei' });
    s.actor.send({ type: 'RELEASE' });
    expect(s.emitted).toEqual([{ type: 'refused', reason: MEI_OUT }]);
    expect(s.state().value).toBe('idle');
    expect(s.state().context.assignment).toBeNull();
  });

  it('the same drop on someone in reach is saved as before', () => {
    const s = start(undefined, onlyWeb);
    s.press();
    s.actor.send({ type: 'MOVE', dx: 0, dy: 45, engineerId: 'priya' });
    s.actor.send({ type: 'RELEASE' });
    s.actor.send({ type: 'CONFIRM' });
    expect(s.emitted).toMatchObject([{ type: 'commit', action: { kind: 'reassign', changes: { engineerId: 'priya' } } }]);
  });

  it("a press on a bar of a person out of reach says why and starts no drag (a click opens no form)", () => {
    const s = start(undefined, onlyWeb);
    s.actor.send({ type: 'PRESS', assignment: bar, edge: 'move', toDays: () => 0, refusal: MEI_OUT });
    expect(s.state().value).toBe('idle');
    s.actor.send({ type: 'MOVE', dx: 40, engineerId: 'sam' });
    s.actor.send({ type: 'RELEASE' });
    expect(s.emitted).toEqual([{ type: 'refused', reason: MEI_OUT }]);
  });
});
