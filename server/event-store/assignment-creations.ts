import { sql } from 'kysely';
import type { DbOrTrx } from '../db/connect.ts';

export type AssignmentCreation = { streamId: string; assignmentId: string; engineerId: string; projectId: string };

/**
 * Who and what each assignment is for, from its AssignmentCreated event: the later events of its
 * stream carry only the assignment id. All assignments, or those of the given streams.
 */
export async function readAssignmentCreations(db: DbOrTrx, streamIds?: readonly string[]): Promise<AssignmentCreation[]> {
  const { rows } = await sql<{ stream_id: string; assignment_id: string; engineer_id: string; project_id: string }>`
    select stream_id, data ->> 'assignmentId' as assignment_id, data ->> 'engineerId' as engineer_id, data ->> 'projectId' as project_id
      from events
     where type = 'AssignmentCreated' ${streamIds ? sql`and stream_id = any(${streamIds}::text[])` : sql``}`.execute(db);
  return rows.map((r) => ({ streamId: r.stream_id, assignmentId: r.assignment_id, engineerId: r.engineer_id, projectId: r.project_id }));
}
