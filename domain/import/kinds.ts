import type { RowIssue } from './types.ts';

/** The lists a CSV file can bring in or take out, one kind per file. */
export const importKinds = ['engineers', 'projects', 'assignments', 'time-off', 'holidays', 'actuals'] as const;
export type ImportKind = (typeof importKinds)[number];

/** `aliases`: the same column as other tools name it in their exports (a time tracker's 'Start date' is our 'date'). */
export type ColumnSpec = { name: string; required: boolean; description: string; aliases?: readonly string[] };

const column = (name: string, description: string, required = true, aliases?: readonly string[]): ColumnSpec => ({ name, required, description, ...(aliases ? { aliases } : {}) });

/**
 * The columns of each kind, in the order an export writes them. A column left out of an import file
 * leaves that field as it is on existing rows (and takes its default on new ones); only optional
 * columns may be left out.
 */
export const importColumns: Record<ImportKind, readonly ColumnSpec[]> = {
  engineers: [
    column('name', 'Full name'),
    column('email', 'Email address; the key: a row whose email exists updates that engineer'),
    column('department', "Department (new engineers: 'Engineering' when the column is left out)", false),
    column('seniority', 'junior, mid or senior'),
    column('maxCapacity', 'Whole percent of a full-time week, 1 to 100'),
    column('skills', "Skills separated by ';'", false),
  ],
  projects: [
    column('name', 'Project name; the key: a row whose name exists updates that project'),
    column('description', '10 to 500 characters'),
    column('startDate', 'ISO 8601 date (YYYY-MM-DD) or date-time'),
    column('endDate', 'ISO 8601 date or date-time, after startDate'),
    column('teamSize', 'Whole number, 1 to 20'),
    column('requiredSkills', "Skills separated by ';', at least one"),
    column('status', 'planning, active or completed (status moves: planning -> active -> completed, completed -> active)'),
  ],
  assignments: [
    column('engineerEmail', 'Email of an existing engineer'),
    column('projectName', 'Name of an existing project'),
    column('role', 'Role on the project'),
    column('allocationPercentage', 'Percent of the engineer, 1 to 100'),
    column('startDate', 'ISO 8601 date or date-time'),
    column('endDate', 'ISO 8601 date or date-time, after startDate'),
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

/**
 * The kind whose required columns a header holds, the one matching most columns when several do
 * (a file of assignments also has a startDate, like a file of projects). Null when none fits.
 */
export function guessKind(header: readonly string[]): ImportKind | null {
  const names = header.map(normalise);
  const present = (c: ColumnSpec) => names.some((name) => namesColumn(c, name));
  const fits = importKinds
    .filter((kind) => importColumns[kind].every((c) => !c.required || present(c)))
    .map((kind) => ({ kind, matched: importColumns[kind].filter(present).length }))
    .sort((a, b) => b.matched - a.matched);
  return fits[0]?.kind ?? null;
}

/**
 * The header read against a kind: each position's column name (in the kind's spelling; '' for a column
 * the import ignores), the problems that refuse the file, and the columns it leaves out (warnings).
 */
export type HeaderReading = { columns: string[]; errors: RowIssue[]; warnings: RowIssue[] };

/**
 * Names are matched without regard to case or surrounding spaces. A column the kind does not have is
 * ignored with a warning (a spreadsheet's extra 'Notes' column, a column from a newer export): the
 * rest of the file still imports. A repeated column, or a required one missing, refuses the file.
 */
export function readHeader(kind: ImportKind, header: readonly string[], line = 1): HeaderReading {
  const specs = importColumns[kind];
  const errors: RowIssue[] = [];
  const warnings: RowIssue[] = [];
  const columns: string[] = [];
  header.forEach((cell, index) => {
    const spec = specs.find((c) => namesColumn(c, normalise(cell)));
    if (!spec) {
      const named = cell.trim() === '' ? `Column ${index + 1} has no name` : `Unknown column '${cell}'`;
      warnings.push({ line, column: cell, message: `${named}: it is ignored (the ${kind} columns are ${columnNames(kind).join(', ')})` });
    } else if (columns.includes(spec.name)) {
      errors.push({ line, column: spec.name, message: `Column '${spec.name}' appears twice` });
    }
    columns.push(spec && !columns.includes(spec.name) ? spec.name : '');
  });
  for (const spec of specs) {
    if (spec.required && !columns.includes(spec.name)) errors.push({ line, column: spec.name, message: `Missing column '${spec.name}'` });
  }
  return { columns, errors, warnings };
}
