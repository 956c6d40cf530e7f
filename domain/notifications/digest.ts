/**
 * A manager's weekly digest: who is overloaded in the next 4 weeks (and in which weeks, how much), and
 * the open roles still unfilled that start within them. Built from the capacity model's answer, so it
 * says what the schedule says.
 */
import { overloadText, type EngineerCapacity } from '../capacity/capacity-over-time.ts';

export type DigestRole = { role: string; projectName: string; startDate: string; allocationPercentage: number };

export function digestOf(
  engineers: readonly EngineerCapacity<{ _id: string; maxCapacity: number; name?: string }>[],
  openRoles: readonly DigestRole[],
  firstWeek: string,
): { subject: string; lines: string[] } {
  const overloaded = engineers
    .map((e) => ({ name: e.engineer.name ?? e.engineer._id, weeks: e.periods.filter((p) => p.status === 'overloaded') }))
    .filter((e) => e.weeks.length > 0)
    .sort((a, b) => b.weeks.length - a.weeks.length || a.name.localeCompare(b.name));
  const subject = `Next 4 weeks from ${firstWeek}: ${overloaded.length} overloaded, ${openRoles.length} open ${openRoles.length === 1 ? 'role' : 'roles'}`;
  const lines = [
    overloaded.length === 0 ? 'Nobody is overloaded in the next 4 weeks.' : 'Overloaded:',
    // A week is overloaded when some day is, whatever its average: its days over and peak say why.
    ...overloaded.map((e) => `- ${e.name}: ${e.weeks.map((w) => `${w.key} ${w.utilization}% (${overloadText(w) ?? 'over capacity'})`).join(', ')}`),
    '',
    openRoles.length === 0 ? 'No open roles start in the next 4 weeks.' : 'Open roles to fill:',
    ...[...openRoles]
      .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.projectName.localeCompare(b.projectName))
      .map((r) => `- ${r.role} on ${r.projectName}, ${r.allocationPercentage}% from ${r.startDate.slice(0, 10)}`),
  ];
  return { subject, lines };
}
