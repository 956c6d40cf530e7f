import {
  actualsCells, assignmentCells, engineerCells, exportRecords, holidayCells, projectCells, timeOffCells, type ImportKind,
} from '../../domain/import/index.ts';
import { weekDates } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { inBytes } from '../db/expressions.ts';
import { assignmentsWithNames } from '../read-models/queries.ts';
import { writeCsv } from './csv-text.ts';

/**
 * The cells of every row of a list, in the order the lists are served. Assignments that share a key
 * (engineer, project, start, role) come oldest first, the order the import pairs them in.
 */
async function rowsOf(db: DbOrTrx, kind: ImportKind): Promise<string[][]> {
  if (kind === 'engineers') {
    const rows = await db.selectFrom('engineers').select('doc').orderBy('name', inBytes).orderBy('id', inBytes).execute();
    return rows.map((r) => engineerCells(r.doc));
  }
  if (kind === 'projects') {
    const rows = await db.selectFrom('projects').select('doc').orderBy('start_date').orderBy('name', inBytes).orderBy('id', inBytes).execute();
    return rows.map((r) => projectCells(r.doc));
  }
  if (kind === 'time-off') {
    const rows = await db
      .selectFrom('time_off as t')
      .innerJoin('engineers as e', 'e.id', 't.engineer_id')
      .select(['t.doc', 'e.email'])
      .orderBy('t.from_date')
      .orderBy('e.email')
      .orderBy('t.id', inBytes)
      .execute();
    return rows.map((r) => timeOffCells({ ...r.doc, engineerEmail: r.email }));
  }
  if (kind === 'actuals') {
    const rows = await db
      .selectFrom('actuals as w')
      .innerJoin('engineers as e', 'e.id', 'w.engineer_id')
      .select(['w.doc', 'e.email'])
      .orderBy('w.week')
      .orderBy('e.email')
      .execute();
    const names = new Map((await db.selectFrom('projects').select(['id', 'name']).execute()).map((p) => [p.id, p.name]));
    return rows.flatMap((r) => r.doc.entries.map((entry) => actualsCells({
      date: weekDates(r.doc.week).from, email: r.email, projectName: names.get(entry.projectId) ?? entry.projectId, hours: entry.hours,
    })));
  }
  if (kind === 'holidays') {
    const rows = await db
      .selectFrom('holidays as h')
      .innerJoin('holiday_calendars as c', 'c.id', 'h.calendar_id')
      .select(['h.doc', 'c.name'])
      .orderBy('h.date')
      .orderBy('c.name', inBytes)
      .orderBy('h.id', inBytes)
      .execute();
    return rows.map((r) => holidayCells({ ...r.doc, calendarName: r.name }));
  }
  const rows = await assignmentsWithNames(db).select(['a.doc', 'e.email', 'p.name']).orderBy('a.start_date').orderBy('a.id', inBytes).execute();
  return rows.map((r) => assignmentCells({ ...r.doc, engineerEmail: r.email, projectName: r.name }));
}

/** A list as a CSV file in the import's columns, so it imports again unchanged. */
export async function exportCsv(db: DbOrTrx, kind: ImportKind): Promise<string> {
  return writeCsv(exportRecords(kind, await rowsOf(db, kind)));
}
