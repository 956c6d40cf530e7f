import { describe, expect, it } from 'vitest';
import { personDayFigure as personDays } from '../../lib/format.ts';
import { compareRows, utilization } from './compareRows.ts';
import { movedChanges } from './movedChanges.ts';
import type { DescribedChange, PeriodComparison } from './scenariosApi.ts';

const totals = (confirmed: number, utilization: number | null, tentative = 0) => ({ capacity: 3000, confirmed, tentative, placeholder: 0, utilization });

describe('compare rows', () => {
  it('puts live and scenario utilisation side by side with the change in points and person-days', () => {
    const periods: PeriodComparison[] = [
      { key: '2026-W10', start: '2026-03-02', end: '2026-03-08', live: totals(1500, 50, 300), scenario: totals(1875, 62.5) },
      { key: '2026-W11', start: '2026-03-09', end: '2026-03-15', live: totals(1500, 50), scenario: totals(1200, 40) },
      { key: '2026-W12', start: '2026-03-16', end: '2026-03-22', live: totals(0, null), scenario: totals(0, null) },
    ];
    const rows = compareRows(periods);
    expect(rows[0]).toMatchObject({ week: 'Week 1', dates: 'Mar 02 - Mar 08', live: '50%', scenario: '62.5%', delta: '+12.5 pts', direction: 'up', liveBooked: '15', scenarioBooked: '18.8', capacity: '30', tentative: '3 → 0' });
    expect(rows[1]).toMatchObject({ delta: '−10 pts', direction: 'down', tentative: '0' });
    expect(rows[2]).toMatchObject({ live: '—', scenario: '—', delta: '—' });
    expect(personDays(250)).toBe('2.5');
    // Thousands separated, as every day figure of the app prints them.
    expect(personDays(1_085_710)).toBe('10,857.1');
    expect(utilization(33.333)).toBe('33.3%');
  });
});

describe('changes the live plan moved under', () => {
  const change = (changeId: string, base: Record<string, number>) => ({ changeId, base, applied: true, sentences: [], command: { kind: 'removeAssignment', assignmentId: 'a' } }) as DescribedChange;
  it('are the ones whose drafted stream versions differ from the live collections (missing counts as 0)', () => {
    const live = { projects: [{ _id: 'p1', version: 3 }], assignments: [{ _id: 'a1', version: 2 }], engineers: [] };
    const moved = movedChanges(
      [change('same', { 'project-p1': 3 }), change('moved', { 'assignment-a1': 1 }), change('new', { 'assignment-n1': 0 }), change('gone', { 'assignment-x': 4 }), change('calendar', { calendar: 1 })],
      live,
    );
    expect([...moved]).toEqual(['moved', 'gone']);
  });
});
