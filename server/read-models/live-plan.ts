import type { Plan } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { assignmentsJson, engineersJson, projectsJson } from './queries.ts';
import { holidayList, placeholderList, timeOffList } from './time-off-holidays-placeholders.ts';

/**
 * The whole live plan from the read models, in the orders the REST lists use: what a scenario is folded
 * on. Call it inside one snapshot (readConsistent, or the writing transaction) so the lists agree.
 */
export async function loadLivePlan(trx: DbOrTrx): Promise<Plan> {
  const [engineers, projects, assignments, timeOff, holidays, placeholders] = await Promise.all([
    engineersJson(trx), projectsJson(trx), assignmentsJson(trx), timeOffList(trx), holidayList(trx), placeholderList(trx),
  ]);
  return { engineers: JSON.parse(engineers), projects: JSON.parse(projects), assignments: JSON.parse(assignments), timeOff, holidays, placeholders };
}
