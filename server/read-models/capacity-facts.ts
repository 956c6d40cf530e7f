import { sql } from 'kysely';
import type { CapacityAssignment, CapacityFacts, Holiday, PlaceholderDemand, TimeOffDays } from '../../domain/index.ts';
import { dateOfDay, dayOfDate, type CapacityEngineerRow } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { holidayList, placeholderList, timeOffList } from './time-off-holidays-placeholders.ts';

/**
 * Everything the capacity model needs for the dates from..to, read from the read models in one
 * snapshot (the caller's transaction) and few round trips. Tens of thousands of assignments per
 * request are normal: they come back as plain rows, already named as the model wants them, which
 * costs PostgreSQL and Node together about a third less than building and parsing one JSON text.
 * The engineers, a couple of thousand with a list of skills each, are cheapest as one JSON text.
 * Instants are widened by a day on each side because the organisation's days need not be UTC days.
 */
export async function loadCapacityFacts(
  db: DbOrTrx,
  range: { from: string; to: string; engineerId?: string },
): Promise<CapacityFacts<CapacityEngineerRow>> {
  const windowStart = sql`(${range.from}::date - 1)::timestamptz`;
  const windowEnd = sql`(${range.to}::date + 2)::timestamptz`;
  const onlyEngineer = (column: string) => (range.engineerId ? sql`and ${sql.ref(column)} = ${range.engineerId}` : sql``);
  const { rows } = await sql<{ engineers: string; tentative: string }>`
    select
      (select coalesce(json_agg(e order by e.name collate "C", e._id collate "C"), '[]')::text
         from (select id as "_id", name, email, doc ->> 'department' as department, doc ->> 'seniority' as seniority, doc -> 'skills' as skills,
                      (doc ->> 'maxCapacity')::float8 as "maxCapacity", version, doc ->> 'avatar' as avatar
                 from engineers where true ${onlyEngineer('id')}) e) as engineers,
      (select coalesce(json_agg(p.id), '[]')::text from projects p where (p.doc ->> 'tentative')::boolean) as tentative
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
