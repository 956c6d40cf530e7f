import { describe, expect, it } from 'vitest';
import { actualsPresets, countedText } from './actualsRange.ts';

describe("Actuals vs plan's ranges", () => {
  it('each preset says its dates, and none runs past today', () => {
    // Sunday 6 December 2026.
    expect(actualsPresets('2026-12-06').map((p) => [p.label, p.from, p.to])).toEqual([
      ['Last week: Nov 23 - Nov 29', '2026-11-23', '2026-11-29'],
      ['Last 4 weeks: Nov 02 - Nov 29', '2026-11-02', '2026-11-29'],
      ['Last month: Nov 01 - Nov 30', '2026-11-01', '2026-11-30'],
      ['This month to date: Dec 01 - Dec 06', '2026-12-01', '2026-12-06'],
    ]);
    // A Wednesday at the start of a year: last week and last month are in the year before.
    expect(actualsPresets('2027-01-06').map((p) => p.label)).toEqual([
      'Last week: Dec 28 - Jan 03', 'Last 4 weeks: Dec 07 - Jan 03', 'Last month: Dec 01 - Dec 31', 'This month to date: Jan 01 - Jan 06',
    ]);
  });

  it('says which days were counted, and the week not over yet as to date', () => {
    const periods = [
      { key: '2026-W44', start: '2026-11-01', end: '2026-11-01', toDate: false },
      { key: '2026-W49', start: '2026-11-30', end: '2026-12-05', toDate: true },
    ];
    expect(countedText({ periods })).toBe('Counts Nov 01 - Dec 05, 2026; 2026-W49 is not over yet: to date');
    expect(countedText({ periods: [{ ...periods[0]!, end: '2026-11-29' }] })).toBe('Counts Nov 01 - Nov 29, 2026');
    expect(countedText({ periods: [] })).toBeNull();
    expect(countedText(null)).toBeNull();
    // An answer without periods (the section reads its other lists defensively too) says nothing rather than failing the Report.
    expect(countedText({})).toBeNull();
  });
});
