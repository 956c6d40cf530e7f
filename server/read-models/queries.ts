import { sql } from 'kysely';
import type { AssignmentRecord, Engineer, Project } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';

/**
 * Read-side repositories: free functions over `db | trx` that only select from read models.
 * Lists come back as JSON text built by PostgreSQL, so the API sends them without a parse/serialise trip.
 * They sort with the "C" collation, the order domain/history.ts reproduces when it rebuilds a past plan.
 */
export async function engineersJson(db: DbOrTrx): Promise<string> {
  const { rows } = await sql<{ json: string }>`
    select coalesce(json_agg(doc order by name collate "C", id collate "C"), '[]')::text as json from engineers`.execute(db);
  return rows[0]!.json;
}

export async function projectsJson(db: DbOrTrx): Promise<string> {
  const { rows } = await sql<{ json: string }>`
    select coalesce(json_agg(doc order by start_date, name collate "C", id collate "C"), '[]')::text as json from projects`.execute(db);
  return rows[0]!.json;
}

/**
 * An assignment populated as the public API's clients expect: engineerId {_id, name, email}, projectId
 * {_id, name, status}; over `assignments a` joined to `engineers e` and `projects p`.
 */
export const populatedAssignmentDoc = sql`a.doc || jsonb_build_object(
    'engineerId', jsonb_build_object('_id', e.id, 'name', e.name, 'email', e.email),
    'projectId', jsonb_build_object('_id', p.id, 'name', p.name, 'status', p.status))`;

export const assignmentsWithNames = sql`assignments a join engineers e on e.id = a.engineer_id join projects p on p.id = a.project_id`;

export const assignmentsQuery = (options: { engineerId?: string } = {}) => sql<{ json: string }>`
    select coalesce(json_agg(${populatedAssignmentDoc} order by a.start_date, a.id collate "C"), '[]')::text as json
      from ${assignmentsWithNames}
     ${options.engineerId ? sql`where a.engineer_id = ${options.engineerId}` : sql``}`;

export async function assignmentsJson(db: DbOrTrx, options: { engineerId?: string } = {}): Promise<string> {
  const { rows } = await assignmentsQuery(options).execute(db);
  return rows[0]!.json;
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
  const { rows } = await sql<{ doc: unknown }>`select ${populatedAssignmentDoc} as doc from ${assignmentsWithNames} where a.id = ${id}`.execute(db);
  return rows[0]?.doc;
}

export async function assignmentsOfEngineer(db: DbOrTrx, engineerId: string): Promise<AssignmentRecord[]> {
  const rows = await db.selectFrom('assignments').select('doc').where('engineer_id', '=', engineerId).execute();
  return rows.map((r) => r.doc);
}
