import type { AssignmentRecord, Engineer, HolidayRecord, Project, TimeOff } from '../entities.ts';
import { guardCell, listText, momentText } from './cells.ts';
import { columnNames, type ImportKind } from './kinds.ts';

/** An assignment as an export lists it: its engineer and project named as the import names them. */
export type AssignmentForExport = AssignmentRecord & { engineerEmail: string; projectName: string };

export const engineerCells = (e: Engineer) => [e.name, e.email, e.department, e.seniority, String(e.maxCapacity), listText(e.skills)];

export const projectCells = (p: Project) => [
  p.name, p.description, momentText(p.startDate), momentText(p.endDate), String(p.teamSize), listText(p.requiredSkills), p.status,
];

export const assignmentCells = (a: AssignmentForExport) => [
  a.engineerEmail, a.projectName, a.role, String(a.allocationPercentage), momentText(a.startDate), momentText(a.endDate),
];

export const timeOffCells = (t: TimeOff & { engineerEmail: string }) => [t.engineerEmail, t.from, t.to, t.kind, t.note ?? ''];

/** `calendarName` is written, not the id: the import takes either, and a name reads better in a spreadsheet. */
export const holidayCells = (h: HolidayRecord & { calendarName: string }) => [h.date, h.name, h.calendarName];

/** One engineer's hours on one project in one week, written on its Monday: importing it again sums to the same week. */
export const actualsCells = (a: { date: string; email: string; projectName: string; hours: number }) => [a.date, a.email, '', '', a.projectName, String(a.hours)];

/** A list as CSV records, header first, in the import's columns, every cell safe to open in a spreadsheet. */
export function exportRecords(kind: ImportKind, rows: readonly string[][]): string[][] {
  return [columnNames(kind), ...rows.map((cells) => cells.map(guardCell))];
}
