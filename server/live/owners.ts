import { sql } from 'kysely';
import type { RecordedEvent } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';

/**
 * Which engineer each assignment belongs to, so events that carry only an assignment id
 * (AssignmentUpdated, AssignmentRemoved) can be routed to that engineer's sockets.
 * Filled once from the log, then from every AssignmentCreated that any reader sees first.
 */
export class AssignmentOwners {
  private readonly owners = new Map<string, string>();

  async load(db: DbOrTrx): Promise<void> {
    const { rows } = await sql<{ id: string; engineer: string }>`
      select data ->> 'assignmentId' as id, data ->> 'engineerId' as engineer
        from events where type = 'AssignmentCreated'`.execute(db);
    for (const row of rows) this.owners.set(row.id, row.engineer);
  }

  learn(event: RecordedEvent): void {
    if (event.type === 'AssignmentCreated') this.owners.set(event.data.assignmentId, event.data.engineerId);
  }

  ownerOf(assignmentId: string): string | undefined {
    return this.owners.get(assignmentId);
  }
}
