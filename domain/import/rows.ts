import type { z } from 'zod';
import {
  addHolidayInput, bookTimeOffInput, createAssignmentInput, createProjectInput, registerEngineerInput,
  type AddHolidayInput, type BookTimeOffInput, type CreateAssignmentInput, type CreateProjectInput, type RegisterEngineerInput,
} from '../inputs.ts';
import { assignmentMessages } from '../messages.ts';
import { listCell, numberCell, unguardCell } from './cells.ts';
import type { CsvRow, RowIssue } from './types.ts';

/** A row's cells by column name, only for the columns the file has. */
export type RowValues = { line: number; values: Record<string, string> };

/**
 * Pairs a row's cells with the header's columns. A row with more cells than the header is refused
 * (its cells could not be placed); a shorter one reads its missing trailing cells as empty.
 */
export function rowValues(row: CsvRow, columns: readonly string[]): { row: RowValues; errors: RowIssue[] } {
  const values: Record<string, string> = {};
  columns.forEach((name, index) => {
    if (name) values[name] = unguardCell(row.cells[index] ?? '');
  });
  const errors: RowIssue[] =
    row.cells.length > columns.length
      ? [{ line: row.line, column: null, message: `This line has ${row.cells.length} cells; the header has ${columns.length}` }]
      : [];
  return { row: { line: row.line, values }, errors };
}

const has = (values: Record<string, string>, column: string) => Object.hasOwn(values, column);

/** Runs an API input schema over a row; its messages are the API's, each placed on the column it is about. */
function validate<T>(
  schema: z.ZodType<T>,
  input: Record<string, unknown>,
  line: number,
  columnOf: (field: string) => string = (field) => field,
): { value?: T; errors: RowIssue[] } {
  const result = schema.safeParse(input);
  if (result.success) return { value: result.data, errors: [] };
  const errors: RowIssue[] = [];
  for (const issue of result.error.issues) {
    const column = issue.path.length > 0 ? columnOf(String(issue.path[0])) : null;
    // One failure once: an empty date fails its presence and its readability check with one message.
    if (!errors.some((e) => e.column === column && e.message === issue.message)) errors.push({ line, column, message: issue.message });
  }
  return { errors };
}

/** Only the fields whose column the file has: a column left out changes nothing on existing rows. */
const given = (values: Record<string, string>, fields: Record<string, () => unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([column]) => has(values, column)).map(([column, read]) => [column, read()]));

export type EngineerRowInput = Omit<RegisterEngineerInput, 'password' | 'avatar'>;
const engineerRowSchema = registerEngineerInput.omit({ password: true, avatar: true });

export function engineerRowInput({ line, values }: RowValues) {
  const input = given(values, {
    name: () => values.name,
    email: () => values.email?.trim(),
    department: () => values.department,
    seniority: () => values.seniority?.trim(),
    maxCapacity: () => numberCell(values.maxCapacity ?? ''),
    skills: () => listCell(values.skills ?? ''),
  });
  return validate<EngineerRowInput>(engineerRowSchema, input, line);
}

export function projectRowInput({ line, values }: RowValues) {
  const input = given(values, {
    name: () => values.name,
    description: () => values.description,
    startDate: () => values.startDate?.trim(),
    endDate: () => values.endDate?.trim(),
    teamSize: () => numberCell(values.teamSize ?? ''),
    requiredSkills: () => listCell(values.requiredSkills ?? ''),
    status: () => values.status?.trim(),
  });
  return validate<CreateProjectInput>(createProjectInput, input, line);
}

/** An assignment row names its engineer by email and its project by name; the API schema checks them as it checks ids. */
export type AssignmentRowInput = Omit<CreateAssignmentInput, 'engineerId' | 'projectId'> & { engineerEmail: string; projectName: string };

const assignmentColumnOf = (field: string) => (field === 'engineerId' ? 'engineerEmail' : field === 'projectId' ? 'projectName' : field);

export function assignmentRowInput({ line, values }: RowValues): { value?: AssignmentRowInput; errors: RowIssue[] } {
  const input = {
    engineerId: values.engineerEmail?.trim(),
    projectId: values.projectName?.trim(),
    role: values.role,
    allocationPercentage: numberCell(values.allocationPercentage ?? ''),
    startDate: values.startDate?.trim(),
    endDate: values.endDate?.trim(),
  };
  const { value, errors } = validate<CreateAssignmentInput>(createAssignmentInput, input, line, assignmentColumnOf);
  if (!value) return { errors };
  const { engineerId, projectId, ...fields } = value;
  return { value: { ...fields, engineerEmail: engineerId.toLowerCase(), projectName: projectId }, errors };
}

export type TimeOffRowInput = Omit<BookTimeOffInput, 'version'> & { engineerEmail: string };

/** Time off names its engineer by email; the dates, kind and note are checked by the API's own schema. */
export function timeOffRowInput({ line, values }: RowValues): { value?: TimeOffRowInput; errors: RowIssue[] } {
  const engineerEmail = (values.engineerEmail ?? '').trim().toLowerCase();
  const { value, errors } = validate<BookTimeOffInput>(bookTimeOffInput, {
    from: values.from?.trim(),
    to: values.to?.trim(),
    kind: values.kind?.trim(),
    ...(values.note ? { note: values.note } : {}),
  }, line);
  const all = engineerEmail ? errors : [{ line, column: 'engineerEmail', message: assignmentMessages.engineerRequired }, ...errors];
  if (!value || all.length > 0) return { errors: all };
  const { version: _version, ...fields } = value;
  return { value: { ...fields, engineerEmail }, errors: [] };
}

export function holidayRowInput({ line, values }: RowValues) {
  const result = validate<AddHolidayInput>(addHolidayInput, { date: values.date?.trim(), name: values.name }, line);
  if (!result.value) return result;
  const { version: _version, ...value } = result.value;
  return { value, errors: [] };
}
