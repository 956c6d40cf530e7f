import { describe, expect, it } from 'vitest';
import { actualsOffReason, actualsQuery } from './actualsQuery.ts';
import { viewFromSearch } from '../../lib/scheduleView.ts';

const TODAY = '2026-03-18'; // Wednesday of 2026-W12 (from Monday 2026-03-16)
const view = (search: string) => viewFromSearch(new URLSearchParams(search));

describe('what the Actual mode asks for', () => {
  it('the window up to the Sunday before this week, by engineer, in the view\'s step', () => {
    expect(actualsQuery(view('from=2026-02-16&show=actual'), TODAY, true)).toEqual({ from: '2026-02-16', to: '2026-03-15', step: 'week', by: 'engineer' });
    expect(actualsQuery(view('from=2025-10-01&step=month&weeks=26&show=actual'), TODAY, true)).toEqual({ from: '2025-09-29', to: '2026-03-15', step: 'month', by: 'engineer' });
    expect(actualsQuery(view('from=2026-01-05&weeks=4&show=actual'), TODAY, true)).toEqual({ from: '2026-01-05', to: '2026-02-01', step: 'week', by: 'engineer' });
  });

  it('says why the control is off: the day zoom, another moment than now, an engineer', () => {
    expect(actualsOffReason('week', false, 'manager')).toBeNull();
    expect(actualsOffReason('month', false, 'auditor')).toBeNull();
    expect(actualsOffReason('day', false, 'manager')).toBe('Actuals are kept per week: choose Week or Month to see them');
    expect(actualsOffReason('week', true, 'auditor')).toBe('Actuals show on the live plan only, not at a past moment or in a scenario');
    expect(actualsOffReason('week', false, 'engineer')).toBe('Your own actuals are on your dashboard');
  });

  it('nothing while the plan shows, in the day zoom, for a window from this week on, or when actuals cannot show', () => {
    expect(actualsQuery(view('from=2026-02-16'), TODAY, true)).toBeNull();
    expect(actualsQuery(view('from=2026-02-16&step=day&show=actual'), TODAY, true)).toBeNull();
    expect(actualsQuery(view('show=actual'), TODAY, true)).toBeNull();
    expect(actualsQuery(view('from=2026-02-16&show=actual'), TODAY, false)).toBeNull();
  });
});
