import { z } from 'zod';
import { dayOfInstant, todayOf } from '../capacity/plan-days.ts';
import type { Assignment } from '../entities.ts';
import { type AssignmentStatus, assignmentStatus } from '../figures.ts';
import { listMessages as M } from './messages.ts';
import { choiceList, exactText, listQuery, rangeBound, searchText, sortParam } from './params.ts';

export const assignmentStatuses = ['upcoming', 'active', 'completed'] as const satisfies readonly AssignmentStatus[];

/**
 * `current` (the default) puts the work that matters now first: active and upcoming assignments by
 * start date, then completed ones, the most recently finished first.
 */
export const assignmentSortKeys = ['current', 'startDate', 'endDate', 'engineer', 'project', 'role', 'allocation'] as const;
export type AssignmentSortKey = (typeof assignmentSortKeys)[number];

/**
 * GET /api/assignments?…: text in the engineer's name or email, the project's name or the role; one
 * engineer, one project; status at the time of the request; assignments overlapping from..to; order;
 * one page. An engineer still sees only their own.
 */
export const assignmentListQuery = listQuery({
  q: searchText,
  engineerId: exactText('engineerId'),
  projectId: exactText('projectId'),
  status: choiceList('status', assignmentStatuses),
  from: rangeBound('from'),
  to: rangeBound('to'),
  sort: sortParam(assignmentSortKeys, 'current', assignmentSortKeys.filter((key) => key !== 'current')),
}).refine((query) => !(query.from && query.to && query.to <= query.from), { path: ['to'], message: M.rangeBackwards });
export type AssignmentListQuery = z.output<typeof assignmentListQuery>;
export type AssignmentListParams = z.input<typeof assignmentListQuery>;

const time = (iso: string) => Date.parse(iso);
const contains = (text: string, needle: string) => text.toLowerCase().includes(needle);

/** Whether an assignment is in the list the query asks for, at `at` (decides upcoming, active, completed). */
export function matchesAssignmentQuery(a: Assignment, query: AssignmentListQuery, at: Date, timeZone = 'UTC'): boolean {
  if (query.q) {
    const needle = query.q.toLowerCase();
    const found = [a.engineerId.name, a.engineerId.email, a.projectId.name, a.role].some((text) => contains(text, needle));
    if (!found) return false;
  }
  if (query.engineerId && a.engineerId._id !== query.engineerId) return false;
  if (query.projectId && a.projectId._id !== query.projectId) return false;
  if (query.status && query.status.length > 0 && !query.status.includes(assignmentStatus(a, at, timeZone))) return false;
  // An assignment ending at `from` still works that day (its end is its last day).
  if (query.from && !(time(a.endDate) >= time(query.from))) return false;
  if (query.to && !(time(a.startDate) < time(query.to))) return false;
  return true;
}

type Key = string | number;
/** Ordered as PostgreSQL's "C" collation orders text (code points), which the server sorts with. */
const compareKeys = (a: Key, b: Key) => (a < b ? -1 : a > b ? 1 : 0);

/** The sort value of each key, then the values that break ties (ascending), as the server orders rows. */
const sortValues: Record<AssignmentSortKey, (a: Assignment, today: { day: number; timeZone: string }) => { primary: Key[]; ties: Key[] }> = {
  current: (a, today) => {
    const done = dayOfInstant(a.endDate, today.timeZone) < today.day;
    return { primary: done ? [1, -time(a.endDate)] : [0, time(a.startDate)], ties: [] };
  },
  startDate: (a) => ({ primary: [time(a.startDate)], ties: [] }),
  endDate: (a) => ({ primary: [time(a.endDate)], ties: [] }),
  engineer: (a) => ({ primary: [a.engineerId.name], ties: [time(a.startDate)] }),
  project: (a) => ({ primary: [a.projectId.name], ties: [time(a.startDate)] }),
  role: (a) => ({ primary: [a.role], ties: [time(a.startDate)] }),
  allocation: (a) => ({ primary: [a.allocationPercentage], ties: [time(a.startDate)] }),
};

/** The order of a sort at `at`: its key (backwards for `-key`), then its ties, then the id. */
export function assignmentListOrder(sort: AssignmentListQuery['sort'], at: Date, timeZone = 'UTC'): (a: Assignment, b: Assignment) => number {
  const valuesOf = sortValues[sort.key];
  const now = { day: todayOf(at, timeZone), timeZone };
  return (a, b) => {
    const va = valuesOf(a, now);
    const vb = valuesOf(b, now);
    for (let i = 0; i < va.primary.length; i += 1) {
      const order = compareKeys(va.primary[i]!, vb.primary[i]!);
      if (order !== 0) return sort.desc ? -order : order;
    }
    for (let i = 0; i < va.ties.length; i += 1) {
      const order = compareKeys(va.ties[i]!, vb.ties[i]!);
      if (order !== 0) return order;
    }
    return compareKeys(a._id, b._id);
  };
}

/**
 * The server's answer to an assignment list query, worked out from a list in memory: used where the
 * server cannot answer, such as a plan as it was at a past moment.
 */
export function answerAssignmentList(assignments: readonly Assignment[], query: AssignmentListQuery, at: Date, timeZone = 'UTC') {
  const matching = assignments.filter((a) => matchesAssignmentQuery(a, query, at, timeZone)).sort(assignmentListOrder(query.sort, at, timeZone));
  const start = query.offset ?? 0;
  return { rows: matching.slice(start, query.limit === undefined ? undefined : start + query.limit), total: matching.length };
}
