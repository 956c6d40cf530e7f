import type { ActualsWeek } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { inBytes, jsonText } from '../db/expressions.ts';

/** Every recorded or locked week, by engineer then week (the Plan's order). */
export async function actualsList(db: DbOrTrx): Promise<ActualsWeek[]> {
  const rows = await db.selectFrom('actuals').select('doc').orderBy('engineer_id', inBytes).orderBy('week').execute();
  return rows.map((r) => r.doc);
}

/**
 * The weeks from..to (ISO week keys, both included), of one engineer or everyone. Read as one JSON list:
 * a range of months for everyone is tens of thousands of weeks, which parse far faster as one text
 * than as as many rows.
 */
export async function actualsWeeks(db: DbOrTrx, range: { fromWeek: string; toWeek: string; engineerId?: string }): Promise<ActualsWeek[]> {
  const row = await db
    .selectFrom('actuals')
    .select((eb) => jsonText(eb.fn.jsonAgg(eb.ref('doc'))).as('json'))
    .where('week', '>=', range.fromWeek)
    .where('week', '<=', range.toWeek)
    .$if(Boolean(range.engineerId), (q) => q.where('engineer_id', '=', range.engineerId!))
    .executeTakeFirstOrThrow();
  return JSON.parse(row.json) as ActualsWeek[];
}

/** The weeks locked for one engineer (ISO week keys): a planning write must leave their plan as it is. */
export async function lockedWeeks(db: DbOrTrx, engineerId: string): Promise<string[]> {
  return (await lockedWeeksByEngineer(db, [engineerId])).get(engineerId) ?? [];
}

/** The weeks locked for each of these engineers (none: not in the map). */
export async function lockedWeeksByEngineer(db: DbOrTrx, engineerIds: readonly string[]): Promise<Map<string, string[]>> {
  const ids = [...new Set(engineerIds)];
  const weeks = new Map<string, string[]>();
  if (ids.length === 0) return weeks;
  // Read whole and sorted out here: a week's document is small, and a person has a few hundred at most.
  const rows = await db.selectFrom('actuals').select('doc').where('engineer_id', 'in', ids).execute();
  for (const { doc } of rows) if (doc.locked) weeks.set(doc.engineerId, [...(weeks.get(doc.engineerId) ?? []), doc.week]);
  return weeks;
}
