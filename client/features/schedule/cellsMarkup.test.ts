// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { PeriodFigures } from '../../components/schedule/cellLook.ts';
import { cellsMarkup } from './cellsMarkup.ts';

const period = (over: Partial<PeriodFigures>): PeriodFigures =>
  ({
    key: '2026-W10', start: '2026-03-02', end: '2026-03-08', capacity: 500, booked: 400, tentative: 0, utilization: 80, free: 20,
    status: 'optimal', workingDays: 5, timeOffDays: 0, holidays: [], ...over,
  }) as PeriodFigures;

/** The cells as the browser reads the markup. */
function cells(periods: PeriodFigures[]) {
  const root = new DOMParser().parseFromString(`<div>${cellsMarkup(periods)}</div>`, 'text/html').body.firstElementChild!;
  return [...root.children].map((c) => ({ text: c.textContent, class: c.className, status: c.getAttribute('data-status'), p: c.getAttribute('data-p'), role: c.getAttribute('role'), off: (c as HTMLElement).style.getPropertyValue('--off') }));
}

describe('the cells of a row as markup', () => {
  it('gives each period one grid cell: its label, tone, index and, when partly away, the share away', () => {
    expect(cells([period({}), period({ key: 'b', tentative: 100, timeOffDays: 2, utilization: 120, status: 'overloaded' })])).toEqual([
      { text: '80%', class: 'schedule-cell t-optimal', status: 'optimal', p: '0', role: 'gridcell', off: '' },
      { text: '120%', class: 'schedule-cell t-overloaded hatched away', status: 'overloaded', p: '1', role: 'gridcell', off: '40%' },
    ]);
  });

  it('says Off for a period with no capacity', () => {
    expect(cells([period({ status: 'off', utilization: null, free: null, booked: 0, timeOffDays: 5 })])[0]).toMatchObject({ text: 'Off', status: 'off' });
  });
});
