import { csvText } from '../csv.ts';
import type { UtilisationReport } from './utilisation.ts';

export const utilisationCsvHeader = [
  'group', 'groupKey', 'people', 'period', 'start', 'end', 'workingDays',
  'capacity', 'booked', 'tentative', 'demand', 'bench', 'overloadedPersonDays', 'plannedHours', 'actualHours',
] as const;

/** The report as CSV: one line per group and period, then the totals' lines (group 'Total', no key). */
export function utilisationCsv(report: UtilisationReport): string {
  const lines = (label: string, key: string, people: number, periods: UtilisationReport['totals']['periods']) =>
    periods.map((figures, p) => {
      const period = report.periods[p]!;
      return [
        label, key, people, period.key, period.start, period.end, period.workingDays,
        figures.capacity, figures.booked, figures.tentative, figures.demand, figures.bench, figures.overloadedPersonDays,
        figures.plannedHours, figures.actualHours,
      ];
    });
  return csvText([
    utilisationCsvHeader,
    ...report.groups.flatMap((g) => lines(g.label, g.key, g.people, g.periods)),
    ...lines('Total', '', report.totals.people, report.totals.periods),
  ]);
}
