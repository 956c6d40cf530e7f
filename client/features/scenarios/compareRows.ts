import { monthDayRange, personDayFigure as personDays } from '../../lib/format.ts';
import type { PeriodComparison } from './scenariosApi.ts';

/** One week of the comparison as the table shows it: utilisation live and in the scenario, and the booked person-days. */
export type CompareRow = {
  key: string;
  week: string;
  dates: string;
  live: string;
  scenario: string;
  /** Scenario minus live, in percentage points: '+12.5 pts', '−4 pts', '0'. */
  delta: string;
  direction: 'up' | 'down' | 'same';
  liveBooked: string;
  scenarioBooked: string;
  capacity: string;
  tentative: string;
};

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
export const utilization = (value: number | null) => (value === null ? '—' : `${oneDecimal(value)}%`);

function deltaOf(live: number | null, scenario: number | null): Pick<CompareRow, 'delta' | 'direction'> {
  if (live === null || scenario === null) return { delta: '—', direction: 'same' };
  const delta = oneDecimal(scenario - live);
  if (delta === 0) return { delta: '0', direction: 'same' };
  return delta > 0 ? { delta: `+${delta} pts`, direction: 'up' } : { delta: `−${-delta} pts`, direction: 'down' };
}

const booked = (totals: PeriodComparison['live']) => personDays(totals.confirmed);

export function compareRows(periods: readonly PeriodComparison[]): CompareRow[] {
  return periods.map((period, i) => ({
    key: period.key,
    week: `Week ${i + 1}`,
    dates: monthDayRange(period.start, period.end),
    live: utilization(period.live.utilization),
    scenario: utilization(period.scenario.utilization),
    ...deltaOf(period.live.utilization, period.scenario.utilization),
    liveBooked: booked(period.live),
    scenarioBooked: booked(period.scenario),
    capacity: personDays(period.scenario.capacity),
    tentative: period.live.tentative === period.scenario.tentative
      ? personDays(period.scenario.tentative)
      : `${personDays(period.live.tentative)} → ${personDays(period.scenario.tentative)}`,
  }));
}

/** The chart's points: one line for the live plan, one for the scenario. */
export function chartPoints(periods: readonly PeriodComparison[]): { week: string; plan: 'Live' | 'Scenario'; utilization: number }[] {
  return periods.flatMap((period, i) => [
    { week: `W${i + 1}`, plan: 'Live' as const, utilization: period.live.utilization ?? 0 },
    { week: `W${i + 1}`, plan: 'Scenario' as const, utilization: period.scenario.utilization ?? 0 },
  ]);
}
