import { sql } from 'kysely';
import type { CapacityAssignment, CapacityEngineerRow, CapacityFacts, Holiday, PlaceholderDemand, TimeOffDays } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';

/**
 * Everything the capacity model needs for the dates from..to, read from the read models in one
 * snapshot (the caller's transaction) and two round trips. Tens of thousands of assignments per
 * request are normal: they come back as plain rows, already named as the model wants them, which
 * costs PostgreSQL and Node together about a third less than building and parsing one JSON text.
 * The engineers, a couple of thousand with a list of skills each, and the short lists beside them
 * (tentative projects, time off, holidays, placeholders) are cheapest as JSON texts of one row.
 * Instants are widened by a day on each side because the organisation's days need not be UTC days.
 */
export async function loadCapacityFacts(
  db: DbOrTrx,
  range: { from: string; to: string; engineerId?: string },
): Promise<CapacityFacts<CapacityEngineerRow>> {
  const windowStart = sql`(${range.from}::date - 1)::timestamptz`;
  const windowEnd = sql`(${range.to}::date + 2)::timestamptz`;
  const onlyEngineer = (column: string) => (range.engineerId ? sql`and ${sql.ref(column)} = ${range.engineerId}` : sql``);
  // Placeholders are nobody's load: one engineer's view has none.
  const placeholders = range.engineerId
    ? sql`'[]'`
    : sql`(select coalesce(json_agg(json_build_object('_id', doc -> '_id', 'projectId', doc -> 'projectId',
                   'allocationPercentage', doc -> 'allocationPercentage', 'startDate', doc -> 'startDate', 'endDate', doc -> 'endDate')
                   order by start_date, id collate "C"), '[]')::text
             from placeholders where end_date > ${windowStart} and start_date < ${windowEnd})`;
  const { rows } = await sql<{ engineers: string; tentative: string; timeOff: string; holidays: string; placeholders: string }>`
    select
      (select coalesce(json_agg(e order by e.name collate "C", e._id collate "C"), '[]')::text
         from (select id as "_id", name, email, doc ->> 'department' as department, doc ->> 'seniority' as seniority, doc -> 'skills' as skills,
                      (doc ->> 'maxCapacity')::float8 as "maxCapacity", version, doc ->> 'avatar' as avatar
                 from engineers where true ${onlyEngineer('id')}) e) as engineers,
      (select coalesce(json_agg(p.id), '[]')::text from projects p where (p.doc ->> 'tentative')::boolean) as tentative,
      (select coalesce(json_agg(json_build_object('engineerId', doc -> 'engineerId', 'from', doc -> 'from', 'to', doc -> 'to')
                                order by from_date, id collate "C"), '[]')::text
         from time_off where to_date >= ${range.from}::date and from_date <= ${range.to}::date ${onlyEngineer('engineer_id')}) as "timeOff",
      (select coalesce(json_agg(json_build_object('date', doc -> 'date', 'name', doc -> 'name') order by date, id collate "C"), '[]')::text
         from holidays where date >= ${range.from}::date and date <= ${range.to}::date) as holidays,
      ${placeholders} as placeholders
  `.execute(db);
  const assignments = await sql<Required<CapacityAssignment>>`
    select a.id as "_id", a.engineer_id as "engineerId", a.project_id as "projectId",
           (a.doc ->> 'allocationPercentage')::float8 as "allocationPercentage", a.doc ->> 'startDate' as "startDate", a.doc ->> 'endDate' as "endDate"
      from assignments a
     where a.start_date < ${windowEnd} and a.end_date > ${windowStart} ${onlyEngineer('a.engineer_id')}
  `.execute(db);
  const row = rows[0]!;
  return {
    engineers: (JSON.parse(row.engineers) as CapacityEngineerRow[]).map(withoutNullAvatar),
    assignments: assignments.rows,
    tentativeProjectIds: JSON.parse(row.tentative) as string[],
    timeOff: JSON.parse(row.timeOff) as TimeOffDays[],
    holidays: JSON.parse(row.holidays) as Holiday[],
    placeholders: JSON.parse(row.placeholders) as PlaceholderDemand[],
  };
}

function withoutNullAvatar(engineer: CapacityEngineerRow): CapacityEngineerRow {
  if (engineer.avatar == null) delete (engineer as { avatar?: unknown }).avatar;
  return engineer;
}

/** Who already works on the project (any assignment, past or future). */
export async function engineersOnProject(db: DbOrTrx, projectId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('assignments').select('engineer_id').distinct().where('project_id', '=', projectId).execute();
  return new Set(rows.map((r) => r.engineer_id));
}
