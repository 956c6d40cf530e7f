import { sql, type Kysely } from 'kysely';

// A project's history (GET /api/history/events?projectId=) finds the streams of the assignments made on
// it by their AssignmentCreated events, removed ones included: a partial index on the project they name.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index events_assignment_project on events ((data ->> 'projectId')) where type = 'AssignmentCreated'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists events_assignment_project`.execute(db);
}
