import { sql } from 'kysely';
import { type Plan, withRuleHolidays } from '../../domain/index.ts';
import { ruleDays } from '../calendars/public-holidays.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { holidayCalendarList } from './holiday-calendars.ts';
import { assignmentsJson, engineersJson, projectsJson } from './queries.ts';
import { holidayList, placeholderList, planReach, timeOffList } from './time-off-holidays-placeholders.ts';
import { actualsList } from './actuals.ts';

/**
 * The whole live plan from the read models, in the orders the REST lists use: what a scenario is folded
 * on. Call it inside one snapshot (readConsistent, or the writing transaction) so the lists agree.
 * Calendars with a rule bring its days for the years the plan reaches, as GET /api/holidays lists them.
 */
export async function loadLivePlan(trx: DbOrTrx): Promise<Plan> {
  const [engineers, projects, assignments, timeOff, recorded, placeholders, holidayCalendars, actuals] = await Promise.all([
    engineersJson(trx), projectsJson(trx), assignmentsJson(trx), timeOffList(trx), holidayList(trx), placeholderList(trx), holidayCalendarList(trx), actualsList(trx),
  ]);
  // Only the year of today matters (which years the rules fill).
  const holidays = holidayCalendars.some((c) => c.rule)
    ? withRuleHolidays(recorded, holidayCalendars, await planReach(trx, new Date().toISOString().slice(0, 10)), ruleDays, (day) => day)
    : recorded;
  return {
    engineers: JSON.parse(engineers), projects: JSON.parse(projects), assignments: JSON.parse(assignments), timeOff, holidays, placeholders, holidayCalendars, actuals,
  };
}

/**
 * The live plan of the newest read, kept until the next planning write. Its key is the sum of every
 * stream's version in the reader's snapshot: versions only grow, so an equal sum is the same set of
 * events, and so the same read models. One per app instance (each serves one database).
 */
export class LivePlanCache {
  private last: { key: string; plan: Plan } | null = null;

  async read(trx: DbOrTrx): Promise<{ key: string; plan: Plan }> {
    const { key } = await trx
      .selectFrom('streams')
      .select((eb) => eb.cast<string>(eb.fn.coalesce(eb.fn.sum('version'), sql.lit(0)), 'text').as('key'))
      .executeTakeFirstOrThrow();
    if (this.last?.key !== key) this.last = { key, plan: await loadLivePlan(trx) };
    return this.last;
  }
}
