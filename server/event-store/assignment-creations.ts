import { sql } from 'kysely';
import type { DbOrTrx } from '../db/connect.ts';

export type AssignmentCreation = { streamId: string; assignmentId: string; engineerId: string; projectId: string; streamPosition: number };

/**
 * Who and what each assignment is for, from its AssignmentCreated event: the later events of its
 * stream carry only the assignment id. All assignments, or those of the given streams, in stream order:
 * a removal undone creates the assignment again on its stream, with whoever had it when it was removed.
 */
export async function readAssignmentCreations(db: DbOrTrx, streamIds?: readonly string[]): Promise<AssignmentCreation[]> {
  const { rows } = await sql<{ stream_id: string; assignment_id: string; engineer_id: string; project_id: string; stream_position: string }>`
    select stream_id, data ->> 'assignmentId' as assignment_id, data ->> 'engineerId' as engineer_id, data ->> 'projectId' as project_id, stream_position
      from events
     where type = 'AssignmentCreated' ${streamIds ? sql`and stream_id = any(${streamIds}::text[])` : sql``}
     order by stream_id, stream_position`.execute(db);
  return rows.map((r) => ({
    streamId: r.stream_id, assignmentId: r.assignment_id, engineerId: r.engineer_id, projectId: r.project_id, streamPosition: Number(r.stream_position),
  }));
}

export type AssignmentReassignment = { streamId: string; assignmentId: string; streamPosition: number; engineerId: string; previousEngineerId: string | null };

/**
 * Each time an assignment was handed to another engineer (an AssignmentUpdated with `engineerId` among
 * its changes), in stream order: with its creation, whose it was at any point of its stream.
 */
export async function readAssignmentReassignments(db: DbOrTrx, streamIds?: readonly string[]): Promise<AssignmentReassignment[]> {
  const { rows } = await sql<{ stream_id: string; assignment_id: string; stream_position: string; engineer_id: string; previous_engineer_id: string | null }>`
    select stream_id, data ->> 'assignmentId' as assignment_id, stream_position,
           data -> 'changes' ->> 'engineerId' as engineer_id, data -> 'previous' ->> 'engineerId' as previous_engineer_id
      from events
     where type = 'AssignmentUpdated' and data -> 'changes' ? 'engineerId' ${streamIds ? sql`and stream_id = any(${streamIds}::text[])` : sql``}
     order by stream_id, stream_position`.execute(db);
  return rows.map((r) => ({
    streamId: r.stream_id, assignmentId: r.assignment_id, streamPosition: Number(r.stream_position), engineerId: r.engineer_id, previousEngineerId: r.previous_engineer_id,
  }));
}
