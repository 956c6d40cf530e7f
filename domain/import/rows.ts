import type { z } from 'zod';
import {
  addHolidayInput, bookTimeOffInput, createAssignmentInput, createProjectInput, registerEngineerInput,
  type AddHolidayInput, type BookTimeOffInput, type CreateAssignmentInput, type CreateProjectInput, type RegisterEngineerInput,
} from '../inputs.ts';
import { assignmentMessages } from '../messages.ts';
import { listCell, numberCell, unguardCell } from './cells.ts';
import { isCalendarDate } from '../capacity/calendar-days.ts';
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
export function validateRow<T>(
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
/** A row's fields: seniority and capacity may be left out (a new engineer then takes the defaults the planner gives). */
export type EngineerRowFields = Omit<EngineerRowInput, 'seniority' | 'maxCapacity'> & Partial<Pick<EngineerRowInput, 'seniority' | 'maxCapacity'>>;
const engineerRowSchema = registerEngineerInput.omit({ password: true, avatar: true }).partial({ seniority: true, maxCapacity: true });

/** A full name from a first and a last name, as Runn and Harvest export them. */
const joinedName = (values: Record<string, string>) => [values.firstName, values.lastName].map((part) => (part ?? '').trim()).filter(Boolean).join(' ');

export function engineerRowInput({ line, values }: RowValues): { value?: EngineerRowFields; errors: RowIssue[] } {
  const named = has(values, 'name') ? values : has(values, 'firstName') || has(values, 'lastName') ? { ...values, name: joinedName(values) } : values;
  const input = given(named, {
    name: () => named.name,
    email: () => values.email?.trim(),
    department: () => values.department,
    seniority: () => values.seniority?.trim().toLowerCase(),
    maxCapacity: () => numberCell((values.maxCapacity ?? '').replace(/%$/, '')),
    skills: () => listCell(values.skills ?? ''),
  });
  return validateRow<EngineerRowFields>(engineerRowSchema, input, line);
}

/**
 * A job title's seniority, for a new engineer of a file that has titles and no seniority (Float's and
 * Runn's people): its words say senior or junior; anything else is mid, the default.
 */
export function seniorityOfTitle(title: string): 'junior' | 'mid' | 'senior' {
  const words = title.toLowerCase().split(/[^a-z]+/);
  if (words.some((w) => ['senior', 'sr', 'lead', 'principal', 'staff', 'head', 'chief', 'architect', 'director'].includes(w))) return 'senior';
  if (words.some((w) => ['junior', 'jr', 'intern', 'graduate', 'trainee', 'apprentice', 'associate'].includes(w))) return 'junior';
  return 'mid';
}

const yes = new Set(['yes', 'y', 'true', '1', 'x']);
const no = new Set(['no', 'n', 'false', '0']);

/** A yes/no cell (Float marks a tentative project 'Y'): undefined when empty, null when it is neither. */
export function yesNoCell(text: string): boolean | null | undefined {
  const value = text.trim().toLowerCase();
  if (value === '') return undefined;
  return yes.has(value) ? true : no.has(value) ? false : null;
}

const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/**
 * A work week cell: seven parts of a day, Monday first ('100;100;100;100;50;0;0'), or the days worked
 * ('Mon;Tue;Wed;Thu', full days). Undefined when empty; null when it is neither.
 */
export function workWeekCell(text: string): number[] | null | undefined {
  const items = text.split(/[;,/ ]+/).map((item) => item.trim().toLowerCase()).filter(Boolean);
  if (items.length === 0) return undefined;
  const days = items.map((item) => weekdays.indexOf(item.slice(0, 3)));
  if (days.every((day) => day >= 0) && items.every((item) => /^[a-z]+$/.test(item))) return weekdays.map((_, i) => (days.includes(i) ? 100 : 0));
  if (items.length !== 7) return null;
  const numbers = items.map((item) => numberCell(item.replace(/%$/, '')) ?? Number.NaN);
  return numbers.every((n) => Number.isFinite(n) && n >= 0 && n <= 100) && numbers.some((n) => n > 0) ? numbers : null;
}

/** A date cell of an engineer's start or leave: YYYY-MM-DD (a date-time keeps its day); undefined when empty, null when unreadable. */
export function dayCell(text: string): string | null | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  const day = /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(value) ? value.slice(0, 10) : '';
  return isCalendarDate(day) ? day : null;
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
  return validateRow<CreateProjectInput>(createProjectInput, input, line);
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
  const { value, errors } = validateRow<CreateAssignmentInput>(createAssignmentInput, input, line, assignmentColumnOf);
  if (!value) return { errors };
  const { engineerId, projectId, ...fields } = value;
  return { value: { ...fields, engineerEmail: engineerId.toLowerCase(), projectName: projectId }, errors };
}

export type TimeOffRowInput = Omit<BookTimeOffInput, 'version'> & { engineerEmail: string };

/** Time off names its engineer by email; the dates, kind and note are checked by the API's own schema. */
export function timeOffRowInput({ line, values }: RowValues): { value?: TimeOffRowInput; errors: RowIssue[] } {
  const engineerEmail = (values.engineerEmail ?? '').trim().toLowerCase();
  const { value, errors } = validateRow<BookTimeOffInput>(bookTimeOffInput, {
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
  const result = validateRow<AddHolidayInput>(addHolidayInput, { date: values.date?.trim(), name: values.name }, line);
  if (!result.value) return result;
  const { version: _version, ...value } = result.value;
  return { value, errors: [] };
}
