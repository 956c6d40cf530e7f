import {
  actualsCells, assignmentCells, engineerCells, exportRecords, holidayCells, openRoleCells, projectCells, teamCells, timeOffCells, type ImportKind,
} from '../../domain/import/index.ts';
import { calendarFollowedOn, compareText as inByteOrder, DEFAULT_CALENDAR_ID, weekDates } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { inBytes } from '../db/expressions.ts';
import { assignmentsWithNames } from '../read-models/queries.ts';
import { holidaysWithRuleDays } from '../read-models/time-off-holidays-placeholders.ts';
import { writeCsv } from './csv-text.ts';

/**
 * The cells of every row of a list, in the order the lists are served. Assignments that share a key
 * (engineer, project, start, role) come oldest first, the order the import pairs them in.
 */
async function rowsOf(db: DbOrTrx, kind: ImportKind): Promise<string[][]> {
  if (kind === 'engineers') {
    const [rows, calendars] = await Promise.all([
      db.selectFrom('engineers').select('doc').orderBy('name', inBytes).orderBy('id', inBytes).execute(),
      db.selectFrom('holiday_calendars').select(['id', 'name']).execute(),
    ]);
    const names = new Map(calendars.map((c) => [c.id, c.name]));
    // The calendar followed today (only the day matters); importing the file again then changes nothing.
    const today = new Date().toISOString().slice(0, 10);
    return rows.map((r) => {
      const calendarId = calendarFollowedOn(r.doc, today);
      return engineerCells(r.doc, names.get(calendarId) ?? (calendarId === DEFAULT_CALENDAR_ID ? 'Default' : ''));
    });
  }
  if (kind === 'teams') {
    // Parents first, so the file imports again in any order it is read (names sort within a level).
    const rows = await db.selectFrom('teams').select(['id', 'name', 'parent_id']).execute();
    const byId = new Map(rows.map((t) => [t.id, t]));
    const depth = (id: string | null, steps = 0): number => (id === null || steps > rows.length ? 0 : 1 + depth(byId.get(id)?.parent_id ?? null, steps + 1));
    return rows
      .map((t) => ({ name: t.name, parentName: (t.parent_id && byId.get(t.parent_id)?.name) || '', depth: depth(t.parent_id) }))
      .sort((a, b) => a.depth - b.depth || inByteOrder(a.name, b.name))
      .map(teamCells);
  }
  if (kind === 'open-roles') {
    const rows = await db
      .selectFrom('placeholders as o')
      .innerJoin('projects as p', 'p.id', 'o.project_id')
      .select(['o.doc', 'p.name'])
      .orderBy('o.start_date')
      .orderBy('o.id', inBytes)
      .execute();
    return rows.map((r) => openRoleCells({ ...r.doc, projectName: r.name }));
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
    // Every calendar's holidays as GET /api/holidays lists them, its rule's days among them (over the
    // years the plan reaches), by date, calendar name and id.
    const [holidays, calendars] = await Promise.all([holidaysWithRuleDays(db), db.selectFrom('holiday_calendars').select(['id', 'name']).execute()]);
    const names = new Map(calendars.map((c) => [c.id, c.name]));
    const named = holidays.filter((h) => names.has(h.calendarId)).map((h) => ({ ...h, calendarName: names.get(h.calendarId)! }));
    named.sort((a, b) => inByteOrder(a.date, b.date) || inByteOrder(a.calendarName, b.calendarName) || inByteOrder(a._id, b._id));
    return named.map(holidayCells);
  }
  const rows = await assignmentsWithNames(db).select(['a.doc', 'e.email', 'p.name']).orderBy('a.start_date').orderBy('a.id', inBytes).execute();
  return rows.map((r) => assignmentCells({ ...r.doc, engineerEmail: r.email, projectName: r.name }));
}

/** A list as a CSV file in the import's columns, so it imports again unchanged. */
export async function exportCsv(db: DbOrTrx, kind: ImportKind): Promise<string> {
  return writeCsv(exportRecords(kind, await rowsOf(db, kind)));
}
