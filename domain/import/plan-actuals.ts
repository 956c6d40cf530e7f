import { dayOfDate, dateOfDay, isCalendarDate } from '../capacity/calendar-days.ts';
import { decideRecordActuals } from '../actuals/decide.ts';
import { evolveActualsWeeks, type ActualsEntry, type ActualsWeek } from '../actuals/events.ts';
import type { RecordActualsInput } from '../actuals/inputs.ts';
import { weekOf } from '../actuals/weeks.ts';
import type { Engineer, Project } from '../entities.ts';
import { decideRow, errorRow } from './plan-rows.ts';
import type { RowValues } from './rows.ts';
import type { PlannedRow, RowIssue } from './types.ts';

/** One engineer's week as the import records it: the file's projects summed, the week's other projects kept. */
export type ActualsCommand = { type: 'record'; engineerId: string; week: string; input: RecordActualsInput };

export type ActualsNow = { engineers: readonly Engineer[]; projects: readonly Project[]; actuals: readonly ActualsWeek[] };

const importer = { id: 'import', role: 'manager' };

/** 'YYYY-MM-DD', or Harvest's 'M/D/YYYY'; a date-time keeps its day. */
function dayCell(text: string): string | null {
  const value = text.trim();
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const date = us ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : value.slice(0, 10);
  return isCalendarDate(date) && (us || value.length === 10 || /^\d{4}-\d{2}-\d{2}T/.test(value)) ? dateOfDay(dayOfDate(date)) : null;
}

/** Decimal hours (7.5, 7,5) or a duration (Toggl's 07:30:00, 7:30). */
function hoursCell(text: string): number | null {
  const value = text.trim();
  const duration = /^(\d+):([0-5]\d)(?::([0-5]\d))?$/.exec(value);
  if (duration) return Number(duration[1]) + Number(duration[2]) / 60 + Number(duration[3] ?? 0) / 3600;
  const decimal = /^\d+(?:[.,]\d+)?$/.test(value) ? Number(value.replace(',', '.')) : Number.NaN;
  return Number.isFinite(decimal) ? decimal : null;
}

const round = (hours: number) => Math.round(hours * 100) / 100;

/** `read` with each distinct text's answer kept. */
function remembered<T>(read: (text: string) => T): (text: string) => T {
  const known = new Map<string, { value: T }>();
  return (text) => {
    let answer = known.get(text);
    if (!answer) known.set(text, (answer = { value: read(text) }));
    return answer.value;
  };
}

/**
 * A time tracker's rows, summed per engineer, project and ISO week: each week then replaces the hours
 * of the file's projects in the engineer's week and keeps the others (unplanned work typed in by hand
 * stays). An unknown engineer or project is an error on its line, never a guess. The week's command rides
 * on its first row; its other rows say the same action. Each week is decided as the API would, so a
 * locked week is refused (a manager changes a locked week by hand, with a reason).
 */
export function planActuals(rows: readonly RowValues[], now: ActualsNow): PlannedRow<ActualsCommand>[] {
  const byEmail = new Map(now.engineers.map((e) => [e.email.toLowerCase(), e]));
  const byName = new Map(now.engineers.map((e) => [e.name.toLowerCase(), e]));
  const projects = new Map(now.projects.map((p) => [p.name.trim().toLowerCase(), p]));
  const projectIds = new Set(now.projects.map((p) => p._id));
  const weeks = new Map<string, Record<string, ActualsWeek>>();
  for (const week of now.actuals) weeks.set(week.engineerId, { ...weeks.get(week.engineerId), [week.week]: week });

  // A file names few dates, people, projects and amounts, each on many rows: each distinct cell is read once.
  const weekOfCell = remembered((text: string) => {
    const day = dayCell(text);
    return day ? weekOf(day) : null;
  });
  const hoursOfCell = remembered(hoursCell);
  const engineerOfEmail = remembered((text: string) => byEmail.get(text.trim().toLowerCase()));
  const projectOfCell = remembered((text: string) => projects.get(text.trim().toLowerCase()));

  type Read = { line: number; engineer: Engineer; week: string; projectId: string; hours: number; key: string };
  const read = rows.map((row): Read | RowIssue[] => {
    const v = row.values;
    const week = weekOfCell(v.date ?? '');
    const hours = hoursOfCell(v.hours ?? '');
    const email = v.email ?? '';
    const byMail = email.trim() !== '';
    const who = byMail ? engineerOfEmail(email) : byName.get(`${v.firstName ?? ''} ${v.lastName ?? ''}`.trim().toLowerCase());
    const project = projectOfCell(v.project ?? '');
    if (week && !(hours === null || hours > 24) && who && project) {
      return { line: row.line, engineer: who, week, projectId: project._id, hours: hours!, key: `${who.email} ${project.name} ${week}` };
    }
    const errors: RowIssue[] = [];
    const issue = (column: string, message: string) => errors.push({ line: row.line, column, message });
    if (!week) issue('date', 'Date must be a date such as 2026-11-23 or 11/23/2026');
    if (hours === null || hours > 24) issue('hours', 'Hours must be 0 to 24, as 7.5 or 07:30:00');
    const named = email.trim() || `${v.firstName ?? ''} ${v.lastName ?? ''}`.trim();
    if (!who) issue(byMail ? 'email' : 'firstName', named ? `Engineer not found: ${named}` : 'Email is required');
    if (!project) issue('project', v.project?.trim() ? `Project not found: ${v.project.trim()}` : 'Project is required');
    return errors;
  });

  // The file's hours per engineer and week, per project, in the order the file names them.
  type Outcome = { action: 'create' | 'update' | 'unchanged' | 'error'; errors: RowIssue[]; command?: ActualsCommand; first: number };
  type Group = { engineer: Engineer; week: string; lines: number[]; hours: Map<string, number>; outcome?: Outcome };
  const groups: Group[] = [];
  // By engineer, then week: the same records and the same week texts on every row, so nothing is keyed anew.
  const byEngineer = new Map<Engineer, Map<string, Group>>();
  const groupOf: (Group | undefined)[] = read.map((r) => {
    if (Array.isArray(r)) return undefined;
    let weeksOfEngineer = byEngineer.get(r.engineer);
    if (!weeksOfEngineer) byEngineer.set(r.engineer, (weeksOfEngineer = new Map()));
    let group = weeksOfEngineer.get(r.week);
    if (!group) {
      group = { engineer: r.engineer, week: r.week, lines: [], hours: new Map() };
      weeksOfEngineer.set(r.week, group);
      groups.push(group);
    }
    group.lines.push(r.line);
    group.hours.set(r.projectId, (group.hours.get(r.projectId) ?? 0) + r.hours);
    return group;
  });

  for (const group of groups) {
    const weeksOf = weeks.get(group.engineer._id) ?? {};
    const current = Object.hasOwn(weeksOf, group.week) ? weeksOf[group.week]! : undefined;
    // The week's lines keep their order (so the same file again changes nothing); the file's new projects follow.
    const had = new Set((current?.entries ?? []).map((e) => e.projectId));
    const entries: ActualsEntry[] = [
      ...(current?.entries ?? []).map((e) => (group.hours.has(e.projectId) ? { projectId: e.projectId, hours: round(group.hours.get(e.projectId)!) } : e)),
      ...[...group.hours].filter(([projectId]) => !had.has(projectId)).map(([projectId, hours]) => ({ projectId, hours: round(hours) })),
    ];
    const input = { entries, ...(current?.note ? { note: current.note } : {}) };
    const decided = decideRow(group.lines[0]!, () =>
      decideRecordActuals({ engineer: group.engineer, actuals: weeksOf }, { week: group.week, input, actor: importer, projectExists: (p) => projectIds.has(p) }));
    const first = group.lines[0]!;
    if (!decided.value) {
      group.outcome = { action: 'error', errors: decided.errors, first };
      continue;
    }
    if (decided.value.length === 0) {
      group.outcome = { action: 'unchanged', errors: [], first };
      continue;
    }
    weeks.set(group.engineer._id, decided.value.reduce((w, event) => evolveActualsWeeks(w, event, 0), weeksOf));
    const command: ActualsCommand = { type: 'record', engineerId: group.engineer._id, week: group.week, input };
    group.outcome = { action: current?.recorded ? 'update' : 'create', errors: [], command, first };
  }

  return read.map((r, index): PlannedRow<ActualsCommand> => {
    const line = rows[index]!.line;
    if (Array.isArray(r)) return errorRow(line, (rows[index]!.values.email ?? '').trim(), r);
    const outcome = groupOf[index]!.outcome!;
    const mine = outcome.first === line;
    return {
      line, key: r.key, action: outcome.action, changes: outcome.action === 'update' ? ['hours'] : [],
      errors: mine ? outcome.errors : outcome.action === 'error' ? [{ line, column: null, message: `Its week is refused on line ${outcome.first}` }] : [],
      ...(mine && outcome.command ? { command: outcome.command } : {}),
    };
  });
}
