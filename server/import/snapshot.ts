import type { ImportKind, ImportSnapshot } from '../../domain/import/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import type { TeamDirectory } from '../commands/engineer-teams.ts';

/** Who imports, as far as planning a file depends on it: whether they may invite; and the teams a file may name. */
export type ImportContext = { canInvite: boolean; teams: TeamDirectory | null; canChangeTeams?: boolean; canChangeScopes?: boolean };
import { holidaysWithRuleDays } from '../read-models/time-off-holidays-placeholders.ts';

/**
 * What planning an import of `kind` needs of the current plan, read from the read models. Lists a
 * kind does not look at stay empty. Read in one repeatable-read transaction by the caller, so the
 * lists agree with each other.
 */
// The command line (no context) is run by whoever holds the server: they may change teams and who manages them, not invite.
export async function loadImportSnapshot(
  db: DbOrTrx, kind: ImportKind, context: ImportContext = { canInvite: false, teams: null, canChangeTeams: true, canChangeScopes: true },
): Promise<ImportSnapshot> {
  const needs = {
    engineers: kind === 'engineers' || kind === 'assignments' || kind === 'time-off' || kind === 'actuals',
    projects: kind === 'projects' || kind === 'assignments' || kind === 'actuals' || kind === 'open-roles',
  };
  const [placeholders, teamRows, accountRows] = await Promise.all([
    kind === 'open-roles' ? db.selectFrom('placeholders').select('doc').execute() : [],
    kind === 'teams' ? db.selectFrom('teams').select(['id', 'name', 'parent_id']).execute() : [],
    // Who a file of teams may name as managers (and what each manages now, for the preview).
    kind === 'teams' ? db.selectFrom('users').select(['id', 'email', 'role', 'scope']).execute() : [],
  ]);
  const [engineers, projects, assignments, others, timeOff, holidays, holidayCalendars, actuals, accounts, teams, teamOf] = await Promise.all([
    needs.engineers ? db.selectFrom('engineers').select('doc').execute() : [],
    needs.projects ? db.selectFrom('projects').select('doc').execute() : [],
    kind === 'assignments' ? db.selectFrom('assignments').select('doc').execute() : [],
    kind === 'engineers' ? db.selectFrom('users').select('email').where('role', '<>', 'engineer').execute() : [],
    kind === 'time-off' ? db.selectFrom('time_off').select('doc').execute() : [],
    // The rules' days too, as the export writes them: a file exported and imported again changes nothing.
    kind === 'holidays' ? holidaysWithRuleDays(db) : [],
    kind === 'holidays' || kind === 'engineers' ? db.selectFrom('holiday_calendars').select('doc').execute() : [],
    kind === 'actuals' ? db.selectFrom('actuals').select('doc').execute() : [],
    kind === 'engineers' ? db.selectFrom('users').select('email').execute() : [],
    kind === 'engineers' && context.teams ? context.teams.list(db) : undefined,
    kind === 'engineers' && context.teams ? context.teams.current(db) : undefined,
  ]);
  return {
    engineers: engineers.map((r) => r.doc),
    projects: projects.map((r) => r.doc),
    assignments: assignments.map((r) => r.doc),
    otherAccountEmails: others.map((r) => r.email),
    timeOff: timeOff.map((r) => r.doc),
    holidays,
    holidayCalendars: holidayCalendars.map((r) => r.doc),
    actuals: actuals.map((r) => r.doc),
    accountEmails: accounts.map((r) => r.email),
    canInvite: context.canInvite,
    placeholders: placeholders.map((r) => r.doc),
    teamList: teamRows.map((t) => ({ _id: t.id, name: t.name, parentId: t.parent_id })),
    canChangeTeams: context.canChangeTeams ?? false,
    accountList: accountRows.map((a) => ({ _id: a.id, email: a.email, role: a.role, scope: (a.scope ?? 'all') as 'all' | string[] })),
    canChangeScopes: context.canChangeScopes ?? false,
    ...(teams && teamOf ? { teams: { list: teams, current: teamOf } } : {}),
    // Only the day matters: an engineer there already follows a calendar the file names from today on.
    today: new Date().toISOString().slice(0, 10),
  };
}
