import { sql } from 'kysely';
import type { AssignmentRecord, TimeOff } from '../../domain/index.ts';
import {
  assignmentCells, engineerCells, exportRecords, holidayCells, projectCells, timeOffCells, type ImportKind,
} from '../../domain/import/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { writeCsv } from './csv-text.ts';

/**
 * The cells of every row of a list, in the order the lists are served. Assignments that share a key
 * (engineer, project, start, role) come oldest first, the order the import pairs them in.
 */
async function rowsOf(db: DbOrTrx, kind: ImportKind): Promise<string[][]> {
  if (kind === 'engineers') {
    const rows = await db.selectFrom('engineers').select('doc').orderBy(sql`name collate "C"`).orderBy(sql`id collate "C"`).execute();
    return rows.map((r) => engineerCells(r.doc));
  }
  if (kind === 'projects') {
    const rows = await db.selectFrom('projects').select('doc').orderBy('start_date').orderBy(sql`name collate "C"`).orderBy(sql`id collate "C"`).execute();
    return rows.map((r) => projectCells(r.doc));
  }
  if (kind === 'time-off') {
    const { rows } = await sql<{ doc: TimeOff; email: string }>`
      select t.doc, e.email from time_off t join engineers e on e.id = t.engineer_id order by t.from_date, e.email, t.id collate "C"`.execute(db);
    return rows.map((r) => timeOffCells({ ...r.doc, engineerEmail: r.email }));
  }
  if (kind === 'holidays') {
    const rows = await db.selectFrom('holidays').select('doc').orderBy('date').execute();
    return rows.map((r) => holidayCells(r.doc));
  }
  const { rows } = await sql<{ doc: AssignmentRecord; email: string; name: string }>`
    select a.doc, e.email, p.name
      from assignments a join engineers e on e.id = a.engineer_id join projects p on p.id = a.project_id
     order by a.start_date, a.id collate "C"`.execute(db);
  return rows.map((r) => assignmentCells({ ...r.doc, engineerEmail: r.email, projectName: r.name }));
}

/** A list as a CSV file in the import's columns, so it imports again unchanged. */
export async function exportCsv(db: DbOrTrx, kind: ImportKind): Promise<string> {
  return writeCsv(exportRecords(kind, await rowsOf(db, kind)));
}
