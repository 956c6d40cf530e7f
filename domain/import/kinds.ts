import type { RowIssue } from './types.ts';

/** The lists a CSV file can bring in or take out, one kind per file. */
export const importKinds = ['teams', 'engineers', 'projects', 'assignments', 'open-roles', 'time-off', 'holidays', 'actuals'] as const;
export type ImportKind = (typeof importKinds)[number];

/** `aliases`: the same column as other tools name it in their exports (a time tracker's 'Start date' is our 'date'). */
export type ColumnSpec = {
  name: string;
  required: boolean;
  description: string;
  aliases?: readonly string[];
  /** A required column a file may leave out when it has all of these instead (a first and a last name for a full name). */
  orColumns?: readonly string[];
};

const column = (name: string, description: string, required = true, aliases?: readonly string[], orColumns?: readonly string[]): ColumnSpec => ({
  name, required, description, ...(aliases ? { aliases } : {}), ...(orColumns ? { orColumns } : {}),
});

/**
 * The columns of each kind, in the order an export writes them. A column left out of an import file
 * leaves that field as it is on existing rows (and takes its default on new ones); only optional
 * columns may be left out.
 */
export const importColumns: Record<ImportKind, readonly ColumnSpec[]> = {
  // A team inside another names its parent; a file may name parents it creates itself, in any order.
  teams: [
    column('name', 'Team name; the key (without regard to case): a row whose team exists moves it when parent says so', true, ['team', 'team name', 'department', 'department name', 'group']),
    column('parent', "Name of the team it sits inside, one there already or one of the file's; empty: a new team at the top, one there already stays where it is", false, ['parent team', 'parent team name', 'parent department', 'inside', 'belongs to']),
    // Admins only, as an account's scope: a manager named here manages the teams the file names them for
    // (besides those they managed already); one who was org-wide then manages just those.
    column('managers', "E-mails of the managers' accounts who manage it, separated by ';' (or ','); added to what each manages (admins); empty leaves them as they are", false, [
      'manager', 'managers', 'manager email', 'manager e-mail', 'managers emails', 'manager emails', 'team lead', 'team leads', 'team lead email', 'lead', 'lead email', 'lead e-mail', 'team manager', 'team managers',
    ]),
  ],
  // Float's people export (Name, Email, Job Title, Department, Tags, Start Date, End Date) and Runn's
  // (First Name, Last Name, Email, Role, Team, Skills, Start Date, End Date) name them so.
  engineers: [
    column('name', 'Full name (or firstName and lastName)', true, ['full name', 'person', 'person name', 'resource', 'resource name', 'display name'], ['firstName', 'lastName']),
    column('email', 'Email address; the key: a row whose email exists updates that engineer', true, ['e-mail', 'email address', 'e-mail address', 'work email', 'user email']),
    column('department', "Department (new engineers: 'Engineering' when the column is left out)", false, ['dept', 'sub-department', 'sub department']),
    column('seniority', "junior, mid or senior (new engineers: from the job title, else 'mid', when the column is left out)", false, ['level', 'seniority level']),
    column('maxCapacity', 'Whole percent of a full-time week, 1 to 100 (new engineers: 100 when the column is left out)', false, ['capacity', 'capacity (%)', 'capacity %', 'availability', 'availability (%)', 'availability %', 'max capacity']),
    column('skills', "Skills separated by ';' (or ',')", false, ['tags', 'skill', 'skill set', 'skillset']),
    column('calendar', 'Name or id of the holiday calendar they follow: a new engineer from their first day, one there already from today; empty leaves it as it is', false, ['holiday calendar', 'public holidays', 'holidays', 'location']),
    column('firstName', 'First name, when there is no full name', false, ['first name', 'given name', 'firstname']),
    column('lastName', 'Last name, when there is no full name', false, ['last name', 'surname', 'family name', 'lastname']),
    column('jobTitle', "Job title: a new engineer's seniority when there is no seniority column (Senior, Lead, Principal, Staff: senior; Junior, Intern, Graduate: junior; else mid)", false, ['job title', 'role', 'title', 'position', 'job']),
    column('workWeek', "The part of a day worked Monday to Sunday, 7 numbers separated by ';' (100;100;100;100;50;0;0), or the days worked (Mon;Tue;Wed;Thu): a new engineer's from their first day, one there already from today", false, ['work week', 'work days', 'working days', 'workdays', 'work pattern']),
    column('startDate', 'First day of employment, YYYY-MM-DD; empty leaves it as it is', false, ['start date', 'start', 'employment start', 'hire date', 'joined']),
    column('leaveDate', 'Last day of employment is the day before it, YYYY-MM-DD; empty leaves it as it is', false, ['end date', 'leave date', 'end', 'employment end', 'termination date', 'left']),
    column('invite', 'yes to invite a new account to sign in (admins; the link is mailed when mail is set up)', false, ['send invite', 'invite to sign in', 'invite?']),
    column('team', 'Name of the team they belong to from today (a new engineer from their first day)', false, ['teams', 'team name', 'group']),
  ],
  projects: [
    column('name', 'Project name; the key: a row whose name exists updates that project', true, ['project', 'project name']),
    column('description', '10 to 500 characters', true, ['notes', 'project notes']),
    column('startDate', 'ISO 8601 date (YYYY-MM-DD) or date-time', true, ['start date', 'start']),
    column('endDate', 'ISO 8601 date or date-time, after startDate', true, ['end date', 'end']),
    column('teamSize', 'Whole number, 1 to 20', true, ['team size']),
    column('requiredSkills', "Skills separated by ';', at least one", true, ['required skills', 'skills', 'tags']),
    column('status', 'planning, active or completed (status moves: planning -> active -> completed, completed -> active)'),
    column('tentative', "yes for a pipeline project not yet won (its work is tentative load), no once it is won; empty leaves it as it is", false, ['pipeline', 'tentative?']),
  ],
  assignments: [
    column('engineerEmail', 'Email of an existing engineer'),
    column('projectName', 'Name of an existing project'),
    column('role', 'Role on the project'),
    column('allocationPercentage', 'Percent of the engineer, 1 to 100'),
    column('startDate', 'ISO 8601 date or date-time'),
    column('endDate', 'The last day worked (included): ISO 8601 date or date-time, not before startDate'),
  ],
  // An open role (placeholder) is an assignment without a person: Runn's and Float's placeholders name a project and a role.
  'open-roles': [
    column('projectName', 'Name of an existing project that is not completed', true, ['project', 'project name']),
    column('role', 'The role needed', true, ['placeholder', 'placeholder name', 'role name', 'open role']),
    column('allocationPercentage', 'Percent of a person, 1 to 100', true, ['allocation', 'allocation %', 'allocation (%)', 'percent', 'percentage', 'load']),
    column('startDate', 'First day: ISO 8601 date or date-time', true, ['start date', 'start']),
    column('endDate', 'Last day (included): ISO 8601 date or date-time, not before startDate', true, ['end date', 'end']),
    column('skills', "Skills it needs, separated by ';'; empty: none (an open role there already keeps its own)", false, ['tags', 'skill', 'required skills']),
  ],
  'time-off': [
    column('engineerEmail', 'Email of an existing engineer'),
    column('from', 'First day off, YYYY-MM-DD'),
    column('to', 'Last day off (included), YYYY-MM-DD'),
    column('kind', 'vacation, sick or other'),
    column('note', 'Up to 500 characters', false),
  ],
  holidays: [
    column('date', 'The day, YYYY-MM-DD; the key'),
    column('name', 'Name of the holiday'),
    column('calendar', 'Name or id of its holiday calendar; the default calendar when left out or empty', false),
  ],
  // A time tracker's export, one row per entry: Harvest (Date, Project, Hours, First name, Last name),
  // Toggl (Start date, Project, Duration, Email) and Jira/Tempo (Work date, Project Name, Hours, Author email) name them so.
  actuals: [
    column('date', 'The day worked, YYYY-MM-DD or M/D/YYYY; rows are summed per ISO week', true, ['spent date', 'start date', 'work date', 'worklog date', 'day']),
    column('email', 'Email of an existing engineer (or firstName and lastName, as Harvest exports them)', false, ['user email', 'author email', 'author e-mail', 'worker email', 'e-mail']),
    column('firstName', 'First name, when there is no email', false, ['first name', 'user first name']),
    column('lastName', 'Last name, when there is no email', false, ['last name', 'user last name']),
    column('project', 'Name of an existing project', true, ['project name', 'project key']),
    column('hours', 'Hours as a decimal (7.5) or a duration (07:30:00)', true, ['duration', 'time spent (h)', 'hours rounded', 'logged hours']),
  ],
};

/** What makes a row the same thing again, so importing a file twice changes nothing the second time. */
export const naturalKeys: Record<ImportKind, string> = {
  teams: 'name',
  'open-roles': 'projectName, role, startDate',
  engineers: 'email',
  projects: 'name',
  assignments: 'engineerEmail, projectName, startDate, role',
  'time-off': 'engineerEmail, from, to',
  holidays: 'calendar, date',
  actuals: 'email, project, ISO week of date (summed)',
};

export const columnNames = (kind: ImportKind) => importColumns[kind].map((c) => c.name);

const normalise = (name: string) => name.trim().toLowerCase();

/** Whether a header cell (normalised) is this column, by its name or one of its aliases. */
const namesColumn = (c: ColumnSpec, cell: string) => normalise(c.name) === cell || (c.aliases?.includes(cell) ?? false);

/** Whether a kind's required column is in a header that has the `present` columns (itself, or all its stand-ins). */
const requiredMet = (c: ColumnSpec, present: (name: string) => boolean) =>
  !c.required || present(c.name) || (c.orColumns !== undefined && c.orColumns.every(present));

/**
 * The kind whose required columns a header holds, the one matching most columns when several do
 * (a file of assignments also has a startDate, like a file of projects). Null when none fits.
 */
export function guessKind(header: readonly string[]): ImportKind | null {
  const names = header.map(normalise);
  const fits = importKinds
    .map((kind) => {
      const present = (name: string) => names.some((cell) => namesColumn(importColumns[kind].find((c) => c.name === name)!, cell));
      return { kind, fits: importColumns[kind].every((c) => requiredMet(c, present)), matched: importColumns[kind].filter((c) => present(c.name)).length };
    })
    .filter((k) => k.fits)
    .sort((a, b) => b.matched - a.matched);
  return fits[0]?.kind ?? null;
}

/**
 * How a file's columns are read: each header cell (as the file writes it) to one of the kind's columns,
 * or null for a column left out of the import.
 */
export type ColumnMapping = Record<string, string | null>;

/** The kind's column a header cell names, by its name or an alias (Float's, Runn's, a time tracker's). */
export const guessColumn = (kind: ImportKind, cell: string): string | null =>
  importColumns[kind].find((c) => namesColumn(c, normalise(cell)))?.name ?? null;

/**
 * The mapping a file is read with: per header cell, the one `chosen` for it (by the person, on the
 * preview), else the one `saved` from their last import of this kind, else the guess from its name.
 * A saved choice of a column the kind no longer has is passed over. Cells are matched by their trimmed text.
 */
export function mappingFor(kind: ImportKind, header: readonly string[], chosen: ColumnMapping = {}, saved: ColumnMapping = {}): ColumnMapping {
  const names = new Set(columnNames(kind));
  const pick = (choices: ColumnMapping, cell: string): string | null | undefined => {
    const key = Object.keys(choices).find((k) => k.trim() === cell);
    if (key === undefined) return undefined;
    const field = choices[key];
    return field === null || (field !== undefined && names.has(field)) ? field : undefined;
  };
  const mapping: ColumnMapping = {};
  for (const raw of header) {
    const cell = raw.trim();
    if (cell === '' || Object.hasOwn(mapping, cell)) continue;
    const fromChoice = pick(chosen, cell);
    const fromSaved = fromChoice === undefined ? pick(saved, cell) : undefined;
    mapping[cell] = fromChoice !== undefined ? fromChoice : fromSaved !== undefined ? fromSaved : guessColumn(kind, cell);
  }
  return mapping;
}

/** The fields of a chosen mapping that the kind does not have: a request naming one is refused. */
export const unknownFields = (kind: ImportKind, mapping: ColumnMapping): string[] =>
  Object.values(mapping).filter((field): field is string => field !== null && !columnNames(kind).includes(field));

/**
 * The header read against a kind: each position's column name (in the kind's spelling; '' for a column
 * the import ignores), the problems that refuse the file, and the columns it leaves out (warnings).
 */
export type HeaderReading = { columns: string[]; errors: RowIssue[]; warnings: RowIssue[] };

/**
 * Each header cell is read as its mapping says (by default the guess from its name: without regard to
 * case or surrounding spaces, or an alias). A column mapped to nothing is ignored with a warning (a
 * spreadsheet's extra 'Notes' column, a column from a newer export): the rest of the file still imports.
 * Two columns read as one field, or a required one missing, refuse the file.
 */
export function readHeader(kind: ImportKind, header: readonly string[], line = 1, mapping: ColumnMapping = mappingFor(kind, header)): HeaderReading {
  const specs = importColumns[kind];
  const errors: RowIssue[] = [];
  const warnings: RowIssue[] = [];
  const columns: string[] = [];
  header.forEach((cell, index) => {
    const field = Object.hasOwn(mapping, cell.trim()) ? mapping[cell.trim()] : guessColumn(kind, cell);
    const spec = field ? specs.find((c) => c.name === field) : undefined;
    if (!spec) {
      const named = cell.trim() === '' ? `Column ${index + 1} has no name`
        : field === null && guessColumn(kind, cell) !== null ? `Column '${cell}' is not imported` : `Unknown column '${cell}'`;
      warnings.push({ line, column: cell, message: `${named}: it is ignored (the ${kind} columns are ${columnNames(kind).join(', ')})` });
    } else if (columns.includes(spec.name)) {
      errors.push({ line, column: spec.name, message: normalise(cell) === normalise(spec.name) || header.filter((h) => normalise(h) === normalise(cell)).length > 1
        ? `Column '${spec.name}' appears twice`
        : `Column '${cell}' is read as '${spec.name}', which another column is read as already` });
    }
    columns.push(spec && !columns.includes(spec.name) ? spec.name : '');
  });
  const present = (name: string) => columns.includes(name);
  for (const spec of specs) {
    if (!requiredMet(spec, present)) errors.push({ line, column: spec.name, message: `Missing column '${spec.name}'` });
  }
  return { columns, errors, warnings };
}
