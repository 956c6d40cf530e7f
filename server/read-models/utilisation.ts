import { dateOfDay, dayOfDate, FIRST_DAY, isoWeekKey, LAST_DAY, mondayOf, type OpenRole, type UtilisationFacts } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { dayStart, jsonText } from '../db/expressions.ts';
import { actualsWeeks } from './actuals.ts';
import { loadCapacityFacts } from './capacity-facts.ts';

/**
 * What the utilisation report is worked out from, in one snapshot (the caller's transaction): the
 * capacity model's facts over the whole ISO weeks around from..to (a week's recorded hours are shared
 * by its days, so its holidays and time off must be at hand), the role each assignment names, the role
 * and skills of each open role, and the weeks recorded.
 */
export async function loadUtilisationFacts(db: DbOrTrx, range: { from: string; to: string }): Promise<UtilisationFacts> {
  // Within the years a date may have: the first and last weeks of them are cut.
  const first = Math.max(mondayOf(dayOfDate(range.from)), FIRST_DAY);
  const last = Math.min(mondayOf(dayOfDate(range.to)) + 6, LAST_DAY);
  const weeks = { from: dateOfDay(first), to: dateOfDay(last) };
  const windowStart = dayStart(weeks.from, -1);
  const windowEnd = dayStart(weeks.to, 2);
  const [facts, roles, openRoles, actuals] = await Promise.all([
    loadCapacityFacts(db, weeks),
    db
      .selectFrom('assignments')
      .select((eb) => jsonText(eb.fn.jsonAgg(eb.fn('json_build_array', ['id', eb.ref('doc', '->>').key('role')]))).as('json'))
      .where('start_date', '<', windowEnd)
      .where('end_date', '>', windowStart)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('placeholders')
      .select(['id', (eb) => eb.ref('doc', '->>').key('role').as('role'), (eb) => eb.ref('doc', '->').key('skills').as('skills')])
      .where('end_date', '>', windowStart)
      .where('start_date', '<', windowEnd)
      .execute(),
    actualsWeeks(db, { fromWeek: isoWeekKey(first), toWeek: isoWeekKey(last) }),
  ]);
  const rolePairs = (roles.json ? (JSON.parse(roles.json) as [string, string | null][]) : []).filter((pair): pair is [string, string] => pair[1] !== null);
  return {
    ...facts,
    assignmentRoles: new Map(rolePairs),
    openRoles: new Map(openRoles.map((p): [string, OpenRole] => [p.id, { role: p.role ?? '', skills: (p.skills as string[] | null) ?? [] }])),
    actuals,
  };
}
