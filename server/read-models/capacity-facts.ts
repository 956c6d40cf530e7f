import { sql } from 'kysely';
import type { CapacityAssignment, CapacityFacts, Holiday, PlaceholderDemand, TimeOffDays } from '../../domain/index.ts';
import { dateOfDay, dayOfDate, type CapacityEngineerRow } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { holidayList, placeholderList, timeOffList } from './time-off-holidays-placeholders.ts';

/**
 * Everything the capacity model needs for the dates from..to, read from the read models in as few
 * round trips as possible: tens of thousands of assignments per request are normal, so each list
 * comes back as one JSON text built by PostgreSQL and is parsed once, instead of row by row.
 * Instants are widened by a day on each side because the organisation's days need not be UTC days.
 */
export async function loadCapacityFacts(
  db: DbOrTrx,
  range: { from: string; to: string; engineerId?: string },
): Promise<CapacityFacts<CapacityEngineerRow>> {
  const windowStart = sql`(${range.from}::date - 1)::timestamptz`;
  const windowEnd = sql`(${range.to}::date + 2)::timestamptz`;
  const onlyEngineer = (column: string) => (range.engineerId ? sql`and ${sql.ref(column)} = ${range.engineerId}` : sql``);
  const { rows } = await sql<{ engineers: string; assignments: string; tentative: string }>`
    select
      (select coalesce(json_agg(json_build_object(
          '_id', e.id, 'name', e.name, 'email', e.email, 'department', e.doc ->> 'department',
          'seniority', e.doc ->> 'seniority', 'skills', e.doc -> 'skills', 'maxCapacity', (e.doc ->> 'maxCapacity')::float8, 'version', e.version,
          'avatar', e.doc ->> 'avatar') order by e.name collate "C", e.id collate "C"), '[]')::text
         from engineers e where true ${onlyEngineer('e.id')}) as engineers,
      (select coalesce(json_agg(json_build_array(a.id, a.engineer_id, a.project_id,
          (a.doc ->> 'allocationPercentage')::float8, a.doc ->> 'startDate', a.doc ->> 'endDate')), '[]')::text
         from assignments a
        where a.start_date < ${windowEnd} and a.end_date > ${windowStart} ${onlyEngineer('a.engineer_id')}) as assignments,
      (select coalesce(json_agg(p.id), '[]')::text from projects p where (p.doc ->> 'tentative')::boolean) as tentative
  `.execute(db);
  const row = rows[0]!;
  const engineers = (JSON.parse(row.engineers) as CapacityEngineerRow[]).map(withoutNullAvatar);
  const assignments: CapacityAssignment[] = (JSON.parse(row.assignments) as [string, string, string, number, string, string][]).map(
    ([_id, engineerId, projectId, allocationPercentage, startDate, endDate]) => ({ _id, engineerId, projectId, allocationPercentage, startDate, endDate }),
  );
  return {
    engineers,
    assignments,
    tentativeProjectIds: JSON.parse(row.tentative) as string[],
    timeOff: await timeOffIn(db, range),
    holidays: await holidaysIn(db, range),
    placeholders: range.engineerId ? [] : await placeholdersIn(db, range),
  };
}

function withoutNullAvatar(engineer: CapacityEngineerRow): CapacityEngineerRow {
  if (engineer.avatar == null) delete (engineer as { avatar?: unknown }).avatar;
  return engineer;
}

async function timeOffIn(db: DbOrTrx, range: { from: string; to: string; engineerId?: string }): Promise<TimeOffDays[]> {
  return (await timeOffList(db, range)).map(({ engineerId, from, to }) => ({ engineerId, from, to }));
}

async function holidaysIn(db: DbOrTrx, range: { from: string; to: string }): Promise<Holiday[]> {
  return (await holidayList(db, range)).map(({ date, name }) => ({ date, name }));
}

/** Widened by a day on each side like the assignments: the organisation's days need not be UTC days. */
async function placeholdersIn(db: DbOrTrx, range: { from: string; to: string }): Promise<PlaceholderDemand[]> {
  const from = dateOfDay(dayOfDate(range.from) - 1);
  const to = dateOfDay(dayOfDate(range.to) + 2);
  return (await placeholderList(db, { from, to })).map(({ _id, projectId, allocationPercentage, startDate, endDate }) => ({
    _id, projectId, allocationPercentage, startDate, endDate,
  }));
}

/** Who already works on the project (any assignment, past or future). */
export async function engineersOnProject(db: DbOrTrx, projectId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('assignments').select('engineer_id').distinct().where('project_id', '=', projectId).execute();
  return new Set(rows.map((r) => r.engineer_id));
}
