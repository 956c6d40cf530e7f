import type { ImportKind, ImportSnapshot } from '../../domain/import/index.ts';
import type { DbOrTrx } from '../db/connect.ts';

/**
 * What planning an import of `kind` needs of the current plan, read from the read models. Lists a
 * kind does not look at stay empty. Read in one repeatable-read transaction by the caller, so the
 * lists agree with each other.
 */
export async function loadImportSnapshot(db: DbOrTrx, kind: ImportKind): Promise<ImportSnapshot> {
  const needs = {
    engineers: kind === 'engineers' || kind === 'assignments' || kind === 'time-off' || kind === 'actuals',
    projects: kind === 'projects' || kind === 'assignments' || kind === 'actuals',
  };
  const [engineers, projects, assignments, others, timeOff, holidays, holidayCalendars, actuals] = await Promise.all([
    needs.engineers ? db.selectFrom('engineers').select('doc').execute() : [],
    needs.projects ? db.selectFrom('projects').select('doc').execute() : [],
    kind === 'assignments' ? db.selectFrom('assignments').select('doc').execute() : [],
    kind === 'engineers' ? db.selectFrom('users').select('email').where('role', '<>', 'engineer').execute() : [],
    kind === 'time-off' ? db.selectFrom('time_off').select('doc').execute() : [],
    kind === 'holidays' ? db.selectFrom('holidays').select('doc').execute() : [],
    kind === 'holidays' ? db.selectFrom('holiday_calendars').select('doc').execute() : [],
    kind === 'actuals' ? db.selectFrom('actuals').select('doc').execute() : [],
  ]);
  return {
    engineers: engineers.map((r) => r.doc),
    projects: projects.map((r) => r.doc),
    assignments: assignments.map((r) => r.doc),
    otherAccountEmails: others.map((r) => r.email),
    timeOff: timeOff.map((r) => r.doc),
    holidays: holidays.map((r) => r.doc),
    holidayCalendars: holidayCalendars.map((r) => r.doc),
    actuals: actuals.map((r) => r.doc),
  };
}
