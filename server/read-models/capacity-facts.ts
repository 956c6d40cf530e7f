import { sql } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import type { CapacityAssignment, CapacityEngineerRow, CapacityFacts, Holiday, PlaceholderDemand, PlanProjectRow, TimeOffDays } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { day, dayStart, inBytes, jsonText } from '../db/expressions.ts';
import { withRuleDays } from './holiday-calendars.ts';

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
  const windowStart = dayStart(range.from, -1);
  const windowEnd = dayStart(range.to, 2);
  const oneEngineer = Boolean(range.engineerId);
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom(
          eb
            .selectFrom('engineers')
            .select((eb) => [
              'id as _id',
              'name',
              'email',
              eb.ref('doc', '->>').key('department').as('department'),
              eb.ref('doc', '->>').key('seniority').as('seniority'),
              eb.ref('doc', '->').key('skills').as('skills'),
              eb.cast<number>(eb.ref('doc', '->>').key('maxCapacity'), 'float8').as('maxCapacity'),
              'version',
              eb.ref('doc', '->>').key('avatar').as('avatar'),
              eb.ref('doc', '->').key('workWeeks').as('workWeeks'),
              eb.ref('doc', '->').key('calendars').as('calendars'),
              eb.ref('doc', '->>').key('startDate').as('startDate'),
              eb.ref('doc', '->>').key('leaveDate').as('leaveDate'),
            ])
            .$if(oneEngineer, (q) => q.where('id', '=', range.engineerId!))
            .as('e'),
        )
        .select((eb) => jsonText(eb.fn.jsonAgg('e').orderBy('e.name', inBytes).orderBy('e._id', inBytes)).as('json'))
        .as('engineers'),
      eb
        .selectFrom('projects as p')
        .select((eb) => jsonText(eb.fn.jsonAgg('p.id')).as('json'))
        .where((eb) => eb.cast<boolean>(eb.ref('p.doc', '->>').key('tentative'), 'boolean'))
        .as('tentative'),
      eb
        .selectFrom('time_off')
        .select((eb) => {
          const days = jsonBuildObject({ engineerId: eb.ref('doc', '->').key('engineerId'), from: eb.ref('doc', '->').key('from'), to: eb.ref('doc', '->').key('to') });
          return jsonText(eb.fn.jsonAgg(days).orderBy('from_date').orderBy('id', inBytes)).as('json');
        })
        .where('to_date', '>=', day(range.from))
        .where('from_date', '<=', day(range.to))
        .$if(oneEngineer, (q) => q.where('engineer_id', '=', range.engineerId!))
        .as('timeOff'),
      eb
        .selectFrom('holidays')
        .select((eb) => {
          // Each holiday names its calendar: it takes the day away only for the engineers following that one.
          const holiday = jsonBuildObject({ date: eb.ref('doc', '->').key('date'), name: eb.ref('doc', '->').key('name'), calendarId: eb.ref('calendar_id') });
          return jsonText(eb.fn.jsonAgg(holiday).orderBy('date').orderBy('id', inBytes)).as('json');
        })
        .where('date', '>=', day(range.from))
        .where('date', '<=', day(range.to))
        .as('holidays'),
      // Placeholders are nobody's load: one engineer's view has none.
      oneEngineer
        ? sql.lit('[]').as('placeholders')
        : eb
            .selectFrom('placeholders')
            .select((eb) => {
              const demand = jsonBuildObject({
                _id: eb.ref('doc', '->').key('_id'),
                projectId: eb.ref('doc', '->').key('projectId'),
                allocationPercentage: eb.ref('doc', '->').key('allocationPercentage'),
                startDate: eb.ref('doc', '->').key('startDate'),
                endDate: eb.ref('doc', '->').key('endDate'),
              });
              return jsonText(eb.fn.jsonAgg(demand).orderBy('start_date').orderBy('id', inBytes)).as('json');
            })
            .where('end_date', '>', windowStart)
            .where('start_date', '<', windowEnd)
            .as('placeholders'),
    ])
    .executeTakeFirstOrThrow();
  const assignments: Required<CapacityAssignment>[] = await db
    .selectFrom('assignments as a')
    .select((eb) => [
      'a.id as _id',
      'a.engineer_id as engineerId',
      'a.project_id as projectId',
      eb.cast<number>(eb.ref('a.doc', '->>').key('allocationPercentage'), 'float8').as('allocationPercentage'),
      eb.ref('a.doc', '->>').key('startDate').as('startDate'),
      eb.ref('a.doc', '->>').key('endDate').as('endDate'),
    ])
    .where('a.start_date', '<', windowEnd)
    .where('a.end_date', '>', windowStart)
    .$if(oneEngineer, (q) => q.where('a.engineer_id', '=', range.engineerId!))
    .execute();
  return {
    engineers: (JSON.parse(row.engineers!) as CapacityEngineerRow[]).map(withoutNulls),
    assignments,
    tentativeProjectIds: JSON.parse(row.tentative!) as string[],
    timeOff: JSON.parse(row.timeOff!) as TimeOffDays[],
    holidays: await withRuleDays(db, JSON.parse(row.holidays!) as Holiday[], { from: range.from.slice(0, 10), to: range.to.slice(0, 10) }, ({ date, name, calendarId }) => ({ date, name, calendarId })),
    placeholders: JSON.parse(row.placeholders as string) as PlaceholderDemand[],
  };
}

/** The optional fields an engineer does not have come back as nulls from the JSON aggregate: they are left out, as in the engineer's own record. */
const optionalFields = ['avatar', 'workWeeks', 'calendars', 'startDate', 'leaveDate'] as const;
function withoutNulls(engineer: CapacityEngineerRow): CapacityEngineerRow {
  for (const field of optionalFields) if (engineer[field] == null) delete engineer[field];
  return engineer;
}

/** Who already works on the project (any assignment, past or future). */
export async function engineersOnProject(db: DbOrTrx, projectId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('assignments').select('engineer_id').distinct().where('project_id', '=', projectId).execute();
  return new Set(rows.map((r) => r.engineer_id));
}

/** Every project, as a row of the project plan names it (a few hundred: one JSON text of one row). */
export async function loadPlanProjects(db: DbOrTrx): Promise<PlanProjectRow[]> {
  const row = await db
    .selectFrom('projects')
    .select((eb) => {
      const project = jsonBuildObject({
        _id: eb.ref('doc', '->').key('_id'),
        name: eb.ref('doc', '->').key('name'),
        status: eb.ref('doc', '->').key('status'),
        tentative: eb.ref('doc', '->').key('tentative'),
        startDate: eb.ref('doc', '->').key('startDate'),
        endDate: eb.ref('doc', '->').key('endDate'),
        version: eb.ref('doc', '->').key('version'),
      });
      return jsonText(eb.fn.jsonAgg(project).orderBy('id', inBytes)).as('json');
    })
    .executeTakeFirstOrThrow();
  return row.json ? (JSON.parse(row.json) as PlanProjectRow[]) : [];
}
