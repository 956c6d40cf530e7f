import { describe, expect, it } from 'vitest';
import { describeEvent } from '../describe.ts';
import type { PlanningEvent } from '../events.ts';
import { PlanFold } from '../history.ts';
import { applyToPlan, emptyPlan } from '../plan.ts';

const engineerId = 'sam';
const history: PlanningEvent[] = [
  { type: 'EngineerRegistered', data: { engineerId, name: 'Sam', email: 'sam@demo.test', department: 'Web', skills: [], seniority: 'mid', maxCapacity: 100 } },
  { type: 'ActualsRecorded', data: { engineerId, week: '2026-W47', entries: [{ projectId: 'portal', hours: 40 }] } },
  { type: 'ActualsWeekLocked', data: { engineerId, week: '2026-W47' } },
  { type: 'ActualsWeekLocked', data: { engineerId, week: '2026-W46' } },
];

describe('actuals in the plan as of a moment (time travel) and the live fold', () => {
  it('both folds hold each week with its lock, in engineer and week order, and move the engineer\'s version', () => {
    const fold = new PlanFold();
    history.forEach((event, i) => fold.apply(event, i + 1));
    const live = history.reduce((plan, event, i) => applyToPlan(plan, event, i + 1), emptyPlan());
    const expected = [
      { engineerId, week: '2026-W46', entries: [], recorded: false, locked: true, version: 4 },
      { engineerId, week: '2026-W47', entries: [{ projectId: 'portal', hours: 40 }], recorded: true, locked: true, version: 3 },
    ];
    expect(fold.plan().actuals).toEqual(expected);
    expect(live.actuals).toEqual(expected);
    expect(fold.plan().engineers[0]!.version).toBe(4);
  });

  it('reads in the history as sentences, with every reason', () => {
    const names = { actor: 'Dana', engineer: 'Sam', projectName: (id: string) => ({ portal: 'Portal', billing: 'Billing' })[id] };
    expect(describeEvent({ type: 'ActualsRecorded', data: { engineerId, week: '2026-W47', entries: [{ projectId: 'portal', hours: 34 }, { projectId: 'billing', hours: 6 }], reason: 'Billing was missing', previous: [{ projectId: 'portal', hours: 40 }] } }, names))
      .toBe("Dana recorded Sam's week 2026-W47: Portal 34 h, Billing 6 h (was Portal 40 h); reason: Billing was missing");
    expect(describeEvent({ type: 'ActualsRecorded', data: { engineerId, week: '2026-W47', entries: [], note: 'Sick all week' } }, { ...names, actor: 'Sam' }))
      .toBe('Sam recorded their week 2026-W47: no hours; note: Sick all week');
    expect(describeEvent({ type: 'ActualsWeekLocked', data: { engineerId, week: '2026-W47' } }, names)).toBe("Dana locked Sam's week 2026-W47");
    expect(describeEvent({ type: 'ActualsWeekUnlocked', data: { engineerId, week: '2026-W47', reason: 'Late timesheet' } }, names))
      .toBe("Dana unlocked Sam's week 2026-W47; reason: Late timesheet");
  });
});
