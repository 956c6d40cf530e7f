import { overloadText } from '../../domain/capacity/capacity-over-time.ts';
import type { CapacityResponse } from '../../domain/capacity/contracts.ts';
import { utilizationStatus } from '../../domain/figures.ts';
import { freeTimeText, percent, plural } from '../lib/format.ts';
import { weekLabel } from '../lib/weeks.ts';

/** One period of an engineer's row as GET /api/capacity answers it. */
export type LoadPeriod = CapacityResponse['rows'][number]['periods'][number];
export type CellStatus = LoadPeriod['status'];

export type WeekCell = {
  key: string;
  label: string;
  /** The load shown: utilisation in percent of the period's capacity, or 'Off'. */
  text: string;
  status: CellStatus;
  /** Load of tentative projects in the period (hatched). */
  tentative: boolean;
  /** Lines of the tooltip: what makes the figure. */
  details: string[];
};

/**
 * How a week of someone's load reads: its utilisation (with `addPoints` more, the preview of an
 * assignment being made), coloured by the status rule of today's figures, or 'Off' when they have no
 * capacity that week (time off, holidays). A week with a day over capacity is overloaded whatever its
 * average, as the model says; with the preview, when its highest day plus the points goes over.
 * The tooltip says what the figure is made of.
 */
export function weekCell(period: LoadPeriod, addPoints = 0): WeekCell {
  const label = weekLabel(period.start);
  const holidays = period.holidays.map((h) => `${h.name} (${h.date})`);
  const away = [
    ...(period.timeOffDays > 0 ? [`${plural(period.timeOffDays, 'day')} off`] : []),
    ...(holidays.length > 0 ? [`Holiday: ${holidays.join(', ')}`] : []),
  ];
  const tentative = period.tentative > 0;
  if (period.utilization === null) {
    return { key: period.key, label, text: 'Off', status: 'off', tentative, details: [`Week of ${label}: no working capacity`, ...away] };
  }
  const load = Math.round((period.utilization + addPoints) * 10) / 10;
  const peakWith = period.peak === null ? null : Math.round((period.peak + addPoints) * 10) / 10;
  const status = addPoints === 0 ? period.status : peakWith !== null && peakWith > 100 ? 'overloaded' : utilizationStatus(load, 100);
  const over = addPoints === 0 ? overloadText(period) : null;
  const tentativePoints = period.capacity > 0 ? Math.round((period.tentative / period.capacity) * 1000) / 10 : 0;
  const details = [
    `Week of ${label}: ${percent(load)} of capacity${addPoints ? ` with this assignment (${percent(period.utilization)} without)` : ''}`,
    ...(over ? [`${over.charAt(0).toUpperCase()}${over.slice(1)}`] : []),
    ...(addPoints > 0 && peakWith !== null && peakWith > 100 && peakWith !== load ? [`Highest day: ${percent(peakWith)} with this assignment`] : []),
    ...(addPoints === 0 && period.free !== null ? [freeTimeText(period.free, period.workingDays, 'week')] : []),
    ...(tentative ? [`Tentative work: ${percent(tentativePoints)} more if it is won`] : []),
    ...away,
  ];
  return { key: period.key, label, text: percent(load), status, tentative, details };
}
