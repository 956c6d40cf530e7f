// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { RecordedPeriod } from '../../../domain/actuals/shown.ts';
import type { PeriodFigures } from '../../components/grid/cellLook.ts';
import { cellsMarkup } from './cellsMarkup.ts';

const period = (over: Partial<PeriodFigures>): PeriodFigures =>
  ({
    key: '2026-W10', start: '2026-03-02', end: '2026-03-08', capacity: 500, booked: 400, tentative: 0, utilization: 80, free: 20,
    status: 'optimal', workingDays: 5, timeOffDays: 0, holidays: [], overloadedDays: 0, peak: 80, ...over,
  }) as PeriodFigures;

/** The cells as the browser reads the markup. */
function cells(periods: PeriodFigures[], recorded: (RecordedPeriod | null)[] | null = null) {
  const root = new DOMParser().parseFromString(`<div>${cellsMarkup(periods, false, recorded)}</div>`, 'text/html').body.firstElementChild!;
  return [...root.children].map((c) => ({ text: c.textContent, class: c.className, status: c.getAttribute('data-status'), p: c.getAttribute('data-p'), role: c.getAttribute('role'), off: (c as HTMLElement).style.getPropertyValue('--off') }));
}

describe('the cells of a row as markup', () => {
  it('gives each period one grid cell: its label, tone, index and, when partly away, the share away', () => {
    expect(cells([period({}), period({ key: 'b', tentative: 100, timeOffDays: 2, utilization: 120, status: 'overloaded' })])).toEqual([
      { text: '80%', class: 'schedule-cell t-optimal', status: 'optimal', p: '0', role: 'gridcell', off: '' },
      { text: '120%', class: 'schedule-cell t-overloaded hatched away', status: 'overloaded', p: '1', role: 'gridcell', off: '40%' },
    ]);
  });

  it('marks a period over capacity on some day, its average printed and the days said to screen readers', () => {
    const root = new DOMParser().parseFromString(`<div>${cellsMarkup([period({ utilization: 96, status: 'overloaded', overloadedDays: 2, peak: 120 })])}</div>`, 'text/html');
    const cell = root.querySelector('[data-p="0"]')!;
    expect(cell.className).toBe('schedule-cell t-overloaded over');
    expect(cell.textContent).toBe('96%');
    expect(cell.getAttribute('aria-label')).toBe('96%, over capacity on 2 of 5 days, peak 120%');
    expect(cells([period({})])[0]!.class).toBe('schedule-cell t-optimal');
  });

  it('says Off for a period with no capacity', () => {
    expect(cells([period({ status: 'off', utilization: null, free: null, booked: 0, timeOffDays: 5 })])[0]).toMatchObject({ text: 'Off', status: 'off' });
  });

  it('in the Actual mode, past periods read their hours or say they were not filled; the others keep the plan', () => {
    const past = { from: '2026-03-02', to: '2026-03-08', hoursPerDay: 8 };
    const shown = cells([period({}), period({ key: 'b' }), period({ key: 'c' })], [{ ...past, hours: 32, unfilled: [] }, { ...past, hours: 0, unfilled: ['2026-W10'] }, null]);
    expect(shown.map(({ text, class: c, status }) => ({ text, class: c, status }))).toEqual([
      { text: '32 h', class: 'schedule-cell t-optimal actual recorded', status: 'optimal' },
      { text: '—', class: 'schedule-cell t-unfilled actual unfilled', status: 'unfilled' },
      { text: '80%', class: 'schedule-cell t-optimal', status: 'optimal' },
    ]);
    const root = new DOMParser().parseFromString(`<div>${cellsMarkup([period({})], false, [{ ...past, hours: 0, unfilled: ['2026-W10'] }])}</div>`, 'text/html');
    expect(root.querySelector('[data-actual=unfilled]')?.getAttribute('aria-label')).toBe('Not filled');
  });
});
