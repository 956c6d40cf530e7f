import type { CapacityEngineerRow } from '../../../domain/capacity/contracts.ts';
import { capitalize, dateRange, percent, plural } from '../../lib/format.ts';

/** The schedule's words, in one place: the toolbar's, the rows' and the open roles'. */

/** The grid's card title: '2000 engineers · Nov 23, 2026 - May 23, 2027'. */
export const gridSummary = (grid: { total: number; from: string; to: string }) =>
  `${plural(grid.total, 'engineer')} · ${dateRange(grid.from, grid.to)}`;

/** The line under an engineer's name: seniority, capacity when not full time, and the department but on a phone. */
export const nameSubline = (e: Pick<CapacityEngineerRow, 'seniority' | 'maxCapacity' | 'department'>, compact: boolean) =>
  `${capitalize(e.seniority)}${e.maxCapacity !== 100 ? ` · ${percent(e.maxCapacity)}` : ''}${compact ? '' : ` · ${e.department}`}`;
