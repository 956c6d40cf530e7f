import { expressionBuilder, sql } from 'kysely';
import type { Assignment, AssignmentRecord, CurrentLoad, Engineer, Project } from '../../domain/index.ts';
import { startOfLocalDay, todayOf } from '../../domain/capacity/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { inBytes, jsonbBuildObject, jsonText } from '../db/expressions.ts';
import type { AssignmentsTable, EngineersTable, ProjectsTable } from '../db/schema.ts';

/**
 * Read-side repositories: free functions over `db | trx` that only select from read models.
 * Lists come back as JSON text built by PostgreSQL, so the API sends them without a parse/serialise trip.
 * They sort with the "C" collation, the order domain/history.ts reproduces when it rebuilds a past plan.
 */
export async function engineersJson(db: DbOrTrx): Promise<string> {
  const row = await db
    .selectFrom('engineers')
    .select((eb) => jsonText(eb.fn.jsonAgg('doc').orderBy('name', inBytes).orderBy('id', inBytes)).as('json'))
    .executeTakeFirstOrThrow();
  return row.json;
}

export async function projectsJson(db: DbOrTrx): Promise<string> {
  const row = await db
    .selectFrom('projects')
    .select((eb) => jsonText(eb.fn.jsonAgg('doc').orderBy('start_date').orderBy('name', inBytes).orderBy('id', inBytes)).as('json'))
    .executeTakeFirstOrThrow();
  return row.json;
}

/** An assignment with its engineer and its project: `assignments a` joined to `engineers e` and `projects p`. */
export type AssignmentWithNames = { a: AssignmentsTable; e: EngineersTable; p: ProjectsTable };

export const assignmentsWithNames = (db: DbOrTrx) =>
  db
    .selectFrom('assignments as a')
    .innerJoin('engineers as e', 'e.id', 'a.engineer_id')
    .innerJoin('projects as p', 'p.id', 'a.project_id');

const named = expressionBuilder<AssignmentWithNames, keyof AssignmentWithNames>();

/**
 * An assignment populated as the public API's clients expect: engineerId {_id, name, email}, projectId
 * {_id, name, status}; over assignmentsWithNames. (jsonb's `||` merges two objects: the builder would
 * type it as a record plus a record of the same shape.)
 */
export const populatedAssignmentDoc = sql<Assignment>`${named.ref('a.doc')} || ${jsonbBuildObject({
  engineerId: jsonbBuildObject({ _id: named.ref('e.id'), name: named.ref('e.name'), email: named.ref('e.email') }),
  projectId: jsonbBuildObject({ _id: named.ref('p.id'), name: named.ref('p.name'), status: named.ref('p.status') }),
})}`;

export const assignmentsQuery = (db: DbOrTrx, options: { engineerId?: string } = {}) =>
  assignmentsWithNames(db)
    .select((eb) => jsonText(eb.fn.jsonAgg(populatedAssignmentDoc).orderBy('a.start_date').orderBy('a.id', inBytes)).as('json'))
    .$if(options.engineerId !== undefined, (q) => q.where('a.engineer_id', '=', options.engineerId!));

export async function assignmentsJson(db: DbOrTrx, options: { engineerId?: string } = {}): Promise<string> {
  const row = await assignmentsQuery(db, options).executeTakeFirstOrThrow();
  return row.json;
}

export async function findEngineer(db: DbOrTrx, id: string): Promise<Engineer | undefined> {
  const row = await db.selectFrom('engineers').select('doc').where('id', '=', id).executeTakeFirst();
  return row?.doc;
}

export async function findProject(db: DbOrTrx, id: string): Promise<Project | undefined> {
  const row = await db.selectFrom('projects').select('doc').where('id', '=', id).executeTakeFirst();
  return row?.doc;
}

export async function populatedAssignment(db: DbOrTrx, id: string): Promise<unknown> {
  const row = await assignmentsWithNames(db).select(populatedAssignmentDoc.as('doc')).where('a.id', '=', id).executeTakeFirst();
  return row?.doc;
}

export async function assignmentsOfEngineer(db: DbOrTrx, engineerId: string): Promise<AssignmentRecord[]> {
  const rows = await db.selectFrom('assignments').select('doc').where('engineer_id', '=', engineerId).execute();
  return rows.map((r) => r.doc);
}

/**
 * Each engineer's current work in sums on the day of `at` (its first day <= that day <= its last day,
 * in the organisation's time zone: the rule of domain/figures.ts): the
 * Engineers screen draws today's figures from these before the whole assignments list has arrived.
 * Engineers with no current assignment are left out (their load is nothing).
 */
export async function currentLoads(db: DbOrTrx, at: Date, timeZone: string): Promise<CurrentLoad[]> {
  // On today: it starts before tomorrow begins and ends (its last instant read as a day) no earlier than today begins.
  const today = todayOf(at, timeZone);
  const rows = await db
    .selectFrom('assignments')
    .where('start_date', '<', new Date(startOfLocalDay(today + 1, timeZone)))
    .where('end_date', '>=', new Date(startOfLocalDay(today, timeZone)))
    .groupBy('engineer_id')
    .select((eb) => [
      'engineer_id',
      eb.fn.sum<string>(eb.cast(eb.ref('doc', '->>').key('allocationPercentage'), 'numeric')).as('allocation'),
      eb.fn.countAll<string>().as('assignments'),
      eb.fn.min('end_date').as('earliest_end'),
    ])
    .orderBy('engineer_id')
    .execute();
  return rows.map((r) => ({
    engineerId: r.engineer_id,
    allocation: Number(r.allocation),
    assignments: Number(r.assignments),
    earliestEnd: (r.earliest_end as Date).toISOString(),
  }));
}
