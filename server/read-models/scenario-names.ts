import type { DbOrTrx } from '../db/connect.ts';

/** The names scenarios were created with, for the History screen's "published from scenario X". */
export async function scenarioNames(db: DbOrTrx, scenarioIds: readonly string[]): Promise<Map<string, string>> {
  if (scenarioIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('scenario_events')
    .select(['scenario_id', 'data'])
    .where('type', '=', 'ScenarioCreated')
    .where('scenario_id', 'in', [...scenarioIds])
    .execute();
  return new Map(rows.map((row) => [row.scenario_id, (row.data as { name: string }).name]));
}
