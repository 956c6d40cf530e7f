import type { PlanningCommand } from './commands/planning-commands.ts';
import { decideChangeWorkWeek, decideFollowCalendar, decideSetEmployment } from './decide/engineer-days.ts';
import type { Engineer } from './entities.ts';
import { DomainError } from './errors.ts';
import type { BulkEngineersInput } from './inputs.ts';

/** What a bulk change did to one engineer, or why it could not. */
export type BulkEngineerResult = { id: string; status: 'changed' | 'unchanged' | 'refused'; message?: string };

type DaysCommand = Extract<PlanningCommand, { kind: 'changeWorkWeek' | 'followCalendar' | 'setEmployment' }>;

export const bulkEngineerMessages = {
  notFound: 'Engineer not found',
  refused: (count: number) => `Nothing was changed: ${count} engineer${count === 1 ? '' : 's'} could not take this change`,
} as const;

/**
 * A bulk change per engineer, judged by the same decisions as one engineer's change: the commands it
 * takes (none when the engineer has it already), or the reason it is refused. `calendarExists` is asked
 * of the calendar named (a missing one refuses the whole change before this). A team is not among these:
 * it is the teams' own decision.
 */
export function planBulkEngineers(
  engineers: ReadonlyMap<string, Engineer>,
  input: BulkEngineersInput,
  calendarExists: (id: string) => boolean,
): { results: BulkEngineerResult[]; commands: DaysCommand[] } {
  const results: BulkEngineerResult[] = [];
  const commands: DaysCommand[] = [];
  for (const id of new Set(input.ids)) {
    const engineer = engineers.get(id) ?? null;
    if (!engineer) {
      results.push({ id, status: 'refused', message: bulkEngineerMessages.notFound });
      continue;
    }
    try {
      const own: DaysCommand[] = [];
      if (input.calendarId !== undefined) {
        const follow = { calendarId: input.calendarId, from: input.from };
        if (decideFollowCalendar(engineer, follow, calendarExists).length > 0) own.push({ kind: 'followCalendar', engineerId: id, input: follow });
      }
      if (input.workWeek !== undefined) {
        const week = { from: input.from, days: input.workWeek };
        if (decideChangeWorkWeek(engineer, week).length > 0) own.push({ kind: 'changeWorkWeek', engineerId: id, input: week });
      }
      if (input.deactivate) {
        const leave = { leaveDate: input.from };
        if (decideSetEmployment(engineer, leave).length > 0) own.push({ kind: 'setEmployment', engineerId: id, input: leave });
      }
      commands.push(...own);
      results.push({ id, status: own.length > 0 ? 'changed' : 'unchanged' });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      results.push({ id, status: 'refused', message: error.message });
    }
  }
  return { results, commands };
}
