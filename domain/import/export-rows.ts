import type { AssignmentRecord, Engineer, HolidayRecord, Placeholder, Project, TimeOff } from '../entities.ts';
import { guardCell, listText, momentText } from './cells.ts';
import { columnNames, type ImportKind } from './kinds.ts';

/** An assignment as an export lists it: its engineer and project named as the import names them. */
export type AssignmentForExport = AssignmentRecord & { engineerEmail: string; projectName: string };

/** `calendarName`: the holiday calendar they follow today, by name ('' writes nothing: the import then leaves it as it is). */
export const engineerCells = (e: Engineer, calendarName = '') => [
  e.name, e.email, e.department, e.seniority, String(e.maxCapacity), listText(e.skills), calendarName, e.startDate ?? '', e.leaveDate ?? '',
];

export const projectCells = (p: Project) => [
  p.name, p.description, momentText(p.startDate), momentText(p.endDate), String(p.teamSize), listText(p.requiredSkills), p.status, p.tentative ? 'yes' : 'no',
];

/**
 * The columns an export writes, in the import's spelling: all of the kind's but those that only say
 * what to do (invite), that other tools name apart (first and last name, job title), or that are
 * dated changes an export of today could not say whole (work week, team), or that are not the list's
 * own but the accounts' (a team's managers: their scopes, which only admins change).
 */
const exportedColumns: Partial<Record<ImportKind, readonly string[]>> = {
  teams: ['name', 'parent'],
  engineers: ['name', 'email', 'department', 'seniority', 'maxCapacity', 'skills', 'calendar', 'startDate', 'leaveDate'],
};
export const exportColumnNames = (kind: ImportKind) => exportedColumns[kind] ?? columnNames(kind);

export const assignmentCells = (a: AssignmentForExport) => [
  a.engineerEmail, a.projectName, a.role, String(a.allocationPercentage), momentText(a.startDate), momentText(a.endDate),
];

/** An open role named by its project's name, as the import names it. */
export const openRoleCells = (p: Placeholder & { projectName: string }) => [
  p.projectName, p.role, String(p.allocationPercentage), momentText(p.startDate), momentText(p.endDate), listText(p.skills),
];

/** A team and the team it sits inside, by name ('' at the top). */
export const teamCells = (t: { name: string; parentName: string }) => [t.name, t.parentName];

export const timeOffCells = (t: TimeOff & { engineerEmail: string }) => [t.engineerEmail, t.from, t.to, t.kind, t.note ?? ''];

/** `calendarName` is written, not the id: the import takes either, and a name reads better in a spreadsheet. */
export const holidayCells = (h: HolidayRecord & { calendarName: string }) => [h.date, h.name, h.calendarName];

/** One engineer's hours on one project in one week, written on its Monday: importing it again sums to the same week. */
export const actualsCells = (a: { date: string; email: string; projectName: string; hours: number }) => [a.date, a.email, '', '', a.projectName, String(a.hours)];

/** A list as CSV records, header first, in the import's columns, every cell safe to open in a spreadsheet. */
export function exportRecords(kind: ImportKind, rows: readonly string[][]): string[][] {
  return [[...exportColumnNames(kind)], ...rows.map((cells) => cells.map(guardCell))];
}
