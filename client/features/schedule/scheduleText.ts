import dayjs from 'dayjs';
import type { CapacityEngineerRow } from '../../../domain/capacity/contracts.ts';
import { capitalize, percent, plural } from '../../lib/format.ts';

/** The schedule's words, in one place: the toolbar's, the rows' and the open roles'. */

/** The window, both ends with their year: 'Nov 23, 2026 - May 23, 2027' (the toolbar). */
export const windowText = (range: { from: string; to: string }) => `${dayjs(range.from).format('MMM D, YYYY')} - ${dayjs(range.to).format('MMM D, YYYY')}`;

/** The grid's card title: '2000 engineers · Nov 23 - May 23, 2027'. */
export const gridSummary = (grid: { total: number; from: string; to: string }) =>
  `${plural(grid.total, 'engineer')} · ${dayjs(grid.from).format('MMM D')} - ${dayjs(grid.to).format('MMM D, YYYY')}`;

/** The line under an engineer's name: seniority, capacity when not full time, and the department but on a phone. */
export const nameSubline = (e: Pick<CapacityEngineerRow, 'seniority' | 'maxCapacity' | 'department'>, compact: boolean) =>
  `${capitalize(e.seniority)}${e.maxCapacity !== 100 ? ` · ${percent(e.maxCapacity)}` : ''}${compact ? '' : ` · ${e.department}`}`;
