import { capacityOverTime, type CapacityStatus, type CapacityTotal, type CapacityView } from '../capacity/index.ts';
import type { Plan } from '../plan.ts';

/** What the capacity model reads of a plan: the same facts /api/capacity reads from the read models. */
export const capacityFactsOf = (plan: Plan, timeZone?: string) => ({
  engineers: plan.engineers,
  assignments: plan.assignments,
  tentativeProjectIds: plan.projects.filter((p) => p.tentative).map((p) => p._id),
  timeOff: plan.timeOff,
  holidays: plan.holidays,
  placeholders: plan.placeholders,
  timeZone,
});

type Totals = Pick<CapacityTotal, 'capacity' | 'confirmed' | 'tentative' | 'placeholder'> & { utilization: number | null };
export type PeriodComparison = { key: string; start: string; end: string; live: Totals; scenario: Totals };

/** A run of consecutive periods in which one person's status is `from` live and `to` in the scenario. */
export type StatusChange = {
  engineerId: string;
  name: string;
  from: CapacityStatus;
  to: CapacityStatus;
  /** 1-based positions of the first and last period of the run in the view. */
  first: number;
  last: number;
  periods: string[];
  sentence: string;
};

export type ScenarioComparison = { periods: PeriodComparison[]; statusChanges: StatusChange[] };

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

function totalsOf(total: CapacityTotal, includeTentative: boolean): Totals {
  const booked = total.confirmed + (includeTentative ? total.tentative : 0);
  const { capacity, confirmed, tentative, placeholder } = total;
  return { capacity, confirmed, tentative, placeholder, utilization: capacity > 0 ? oneDecimal((booked / capacity) * 100) : null };
}

const unit = { day: ['day', 'days'], week: ['week', 'weeks'], month: ['month', 'months'] } as const;

/**
 * The live plan and a scenario side by side over one view: per period the totals and utilisation of
 * everyone, and each person whose status differs, as runs of periods ("Priya: optimal -> overloaded
 * in weeks 3-5"), people in name order and runs in time order.
 */
export function compareScenario(live: Plan, scenario: Plan, view: CapacityView, timeZone?: string): ScenarioComparison {
  const includeTentative = view.includeTentative ?? false;
  const before = capacityOverTime(capacityFactsOf(live, timeZone), view);
  const after = capacityOverTime(capacityFactsOf(scenario, timeZone), view);
  const periods = after.totals.map((total, p) => ({
    key: total.key,
    start: total.start,
    end: total.end,
    live: totalsOf(before.totals[p]!, includeTentative),
    scenario: totalsOf(total, includeTentative),
  }));

  const liveRows = new Map(before.engineers.map((row) => [row.engineer._id, row]));
  const statusChanges: StatusChange[] = [];
  const people = [...after.engineers].sort((a, b) => a.engineer.name.localeCompare(b.engineer.name));
  for (const row of people) {
    const was = liveRows.get(row.engineer._id);
    let run: StatusChange | null = null;
    row.periods.forEach((period, p) => {
      const from: CapacityStatus = was?.periods[p]?.status ?? 'off';
      const to = period.status;
      if (from === to) {
        run = null;
        return;
      }
      if (run && run.from === from && run.to === to && run.last === p) {
        run.last = p + 1;
        run.periods.push(period.key);
        return;
      }
      run = { engineerId: row.engineer._id, name: row.engineer.name, from, to, first: p + 1, last: p + 1, periods: [period.key], sentence: '' };
      statusChanges.push(run);
    });
  }
  const [one, many] = unit[view.step];
  for (const change of statusChanges) {
    const when = change.first === change.last ? `${one} ${change.first}` : `${many} ${change.first}-${change.last}`;
    change.sentence = `${change.name}: ${change.from} -> ${change.to} in ${when}`;
  }
  return { periods, statusChanges };
}
