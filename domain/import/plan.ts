import { mappingFor, readHeader, type ColumnMapping, type ImportKind } from './kinds.ts';
import { numberRecords } from './lines.ts';
import { planAssignments, type AssignmentCommand, type AssignmentsNow } from './plan-assignments.ts';
import { planEngineers, type EngineerCommand, type EngineersNow } from './plan-engineers.ts';
import { planHolidays, type HolidayCommand } from './plan-holidays.ts';
import { planProjects, type ProjectCommand } from './plan-projects.ts';
import { planTimeOff, type TimeOffCommand, type TimeOffNow } from './plan-time-off.ts';
import { planActuals, type ActualsCommand } from './plan-actuals.ts';
import { planOpenRoles, type OpenRoleCommand, type OpenRolesNow } from './plan-open-roles.ts';
import { planTeams, teamImportMessages, type TeamCommand, type TeamsFileNow } from './plan-teams.ts';
import type { ActualsWeek } from '../actuals/events.ts';
import { rowValues, type RowValues } from './rows.ts';
import type { HolidayCalendar, HolidayRecord } from '../entities.ts';
import { countActions, type ActionCounts, type PlannedRow, type RowIssue } from './types.ts';

/** The current plan as far as an import needs it (the server reads it, the planning stays pure). */
export type ImportSnapshot = EngineersNow & AssignmentsNow & TimeOffNow & Partial<OpenRolesNow> & {
  holidays: readonly HolidayRecord[];
  /** The teams there are, for a file of teams (left out: none). */
  teamList?: TeamsFileNow['teams'];
  /** Whether whoever imports may change teams (admins and org-wide managers); a file of teams is refused otherwise. */
  canChangeTeams?: boolean;
  /** The accounts a file of teams may name as managers, and whether whoever imports may (admins). */
  accountList?: TeamsFileNow['accounts'];
  canChangeScopes?: boolean;
  /** The calendars a holiday row's `calendar` cell may name (left out: only the default one). */
  holidayCalendars?: readonly HolidayCalendar[];
  actuals: readonly ActualsWeek[];
};

export type ImportCommandOf = {
  teams: TeamCommand;
  'open-roles': OpenRoleCommand;
  engineers: EngineerCommand;
  projects: ProjectCommand;
  assignments: AssignmentCommand;
  'time-off': TimeOffCommand;
  holidays: HolidayCommand;
  actuals: ActualsCommand;
};

const planners: { [K in ImportKind]: (rows: readonly RowValues[], now: ImportSnapshot) => PlannedRow<ImportCommandOf[K]>[] } = {
  teams: (rows, now) => planTeams(rows, { teams: now.teamList ?? [], accounts: now.accountList ?? [], canChangeScopes: now.canChangeScopes ?? false }),
  'open-roles': (rows, now) => planOpenRoles(rows, { projects: now.projects, placeholders: now.placeholders ?? [] }),
  engineers: planEngineers,
  projects: (rows, now) => planProjects(rows, now.projects),
  assignments: planAssignments,
  'time-off': planTimeOff,
  holidays: (rows, now) => planHolidays(rows, now.holidays, now.holidayCalendars),
  actuals: planActuals,
};

export type ImportPlan<K extends ImportKind = ImportKind> = {
  kind: K;
  /** Problems with the file as a whole (its header): no row is planned then. */
  fileErrors: RowIssue[];
  /** What the import leaves out of the file (columns the kind does not have): the rest imports. */
  fileWarnings: RowIssue[];
  rows: PlannedRow<ImportCommandOf[K]>[];
  counts: ActionCounts;
  /** How the file's columns were read: each header cell to one of the kind's columns, or null. */
  mapping: ColumnMapping;
};

/** The columns a person chose for this file (on the preview), and those they chose last time for this kind. */
export type MappingChoices = { chosen?: ColumnMapping; saved?: ColumnMapping };

/**
 * What importing a file would do, row by row, decided by the same schemas and domain rules as the API.
 * `records` are the parser's records, blank lines included (they keep the line numbers right).
 */
export function planImport<K extends ImportKind>(kind: K, records: readonly string[][], now: ImportSnapshot, choices: MappingChoices = {}): ImportPlan<K> {
  const { header, rows } = numberRecords(records);
  if (!header) {
    return { kind, fileErrors: [{ line: 1, column: null, message: 'The file is empty: its first line must name the columns' }], fileWarnings: [], rows: [], counts: countActions([]), mapping: {} };
  }
  const mapping = mappingFor(kind, header.cells, choices.chosen, choices.saved);
  const { columns, errors, warnings } = readHeader(kind, header.cells, header.line, mapping);
  if (errors.length > 0) return { kind, fileErrors: errors, fileWarnings: warnings, rows: [], counts: countActions([]), mapping };
  // Teams are the organisation's shape: the file is refused whole, before a row is read, for anyone else.
  if (kind === 'teams' && !now.canChangeTeams) {
    return { kind, fileErrors: [{ line: header.line, column: null, message: teamImportMessages.onlyOrgWide }], fileWarnings: warnings, rows: [], counts: countActions([]), mapping };
  }

  const read = rows.map((row) => rowValues(row, columns));
  const values = read.map((r) => r.row);
  const planned = planners[kind](values, now) as PlannedRow<ImportCommandOf[K]>[];
  // A row whose cells could not be placed is refused whatever its values say.
  const withShape = planned.map((row, index) => {
    const shape = read[index]!.errors;
    return shape.length === 0 ? row : { ...row, action: 'error' as const, command: undefined, errors: [...shape, ...row.errors] };
  });
  return { kind, fileErrors: [], fileWarnings: warnings, rows: withShape, counts: countActions(withShape), mapping };
}

/** Every error of a plan, the file's first, then row by row in line order. */
export const planErrors = (plan: ImportPlan): RowIssue[] => [...plan.fileErrors, ...plan.rows.flatMap((row) => row.errors)];
