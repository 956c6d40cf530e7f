import type { Assignment, Engineer, Project } from '../../domain/entities.ts';
import type { OwnedAllocation } from '../../domain/figures.ts';
import { createAssignmentInput, replaceAssignmentInput } from '../../domain/inputs.ts';
import { assignmentMessages } from '../../domain/messages.ts';
import type { Plan } from '../../domain/plan.ts';
import { assignmentImpact, type Impact, otherAssignments } from '../lib/impact.ts';
import { type NamedOverload, writeOverloads } from '../lib/overloads.ts';
import { instantOfDate, todayDate, workedDates } from '../lib/weeks.ts';
import { endAfterStart, firstByField, type FormErrors, type FormMode } from './editForm.machine.ts';

/**
 * What the New assignment / Edit assignment form holds, apart from its steps: the values, their
 * validation with the domain's rules and messages, and what a change does to the engineer's capacity.
 */

export type AssignmentValues = {
  role: string;
  allocationPercentage: number | null;
  /** ISO date-times; the pickers set the start of the picked day. */
  startDate: string;
  endDate: string;
};

export type PickedProject = Pick<Project, '_id' | 'name' | 'status'> & Partial<Pick<Project, 'startDate' | 'endDate' | 'requiredSkills'>>;
export type PickedEngineer = Pick<Engineer, '_id' | 'name' | 'maxCapacity'>;

/** What the form reads of the plan to preview a change; read when needed, so it is always the latest. */
export type PlanView = {
  engineers: readonly PickedEngineer[];
  assignments: readonly (OwnedAllocation & { _id: string })[];
};

/** What the form is editing, as validation and the capacity preview read it. */
export type AssignmentDraft = {
  mode: FormMode;
  /** The assignment being edited; null for a new one. */
  id: string | null;
  form: AssignmentValues;
  project: PickedProject | null;
  engineer: PickedEngineer | null;
  /** The edited assignment's values as saved (its allocation and dates before the change). */
  base?: AssignmentValues;
  /** Whose the edited assignment is now: picking someone else hands it to them. Null for a new one. */
  ownerId?: string | null;
};

/** The form's values once valid: the allocation is a number. */
export type ValidAssignmentValues = Omit<AssignmentValues, 'allocationPercentage'> & { allocationPercentage: number };

export const emptyAssignment = (): AssignmentValues => ({ role: '', allocationPercentage: 50, startDate: '', endDate: '' });

export const assignmentValuesOf = (a: Pick<Assignment, 'role' | 'allocationPercentage' | 'startDate' | 'endDate'>): AssignmentValues => ({
  role: a.role,
  allocationPercentage: a.allocationPercentage,
  startDate: a.startDate,
  endDate: a.endDate,
});

type Validation = { ok: true; payload: Record<string, unknown> } | { ok: false; errors: FormErrors };

/** The domain's rules and messages; every failing field gets its first message, end-before-start included. */
export function validateAssignment(context: Pick<AssignmentDraft, 'mode' | 'form' | 'project' | 'engineer'>): Validation {
  const { form, mode } = context;
  const values = { ...form, allocationPercentage: form.allocationPercentage ?? undefined };
  const result =
    mode === 'create'
      ? createAssignmentInput.safeParse({ ...values, projectId: context.project?._id ?? '', engineerId: context.engineer?._id ?? '' })
      : replaceAssignmentInput.safeParse(values);
  const errors = result.success ? {} : firstByField(result.error.issues);
  // An assignment may last one day (its end date on its start date): only an end before the start is refused.
  endAfterStart(errors, form.startDate, form.endDate, assignmentMessages.endBeforeStart, 'on or after');
  if (result.success && Object.keys(errors).length === 0) return { ok: true, payload: result.data as Record<string, unknown> };
  return { ok: false, errors };
}

/** Whether an edit hands the assignment to someone else. */
export const reassigns = (context: Pick<AssignmentDraft, 'mode' | 'engineer' | 'ownerId'>) =>
  context.mode === 'edit' && Boolean(context.ownerId) && context.engineer !== null && context.engineer._id !== context.ownerId;

/**
 * What the form's change does to the engineer now, for its preview (null until engineer, allocation
 * and dates are readable): their peak load with it, beside their other work.
 */
export function impactOf(context: Pick<AssignmentDraft, 'engineer' | 'form' | 'id'>, plan: PlanView, now: Date): Impact | null {
  const engineer = context.engineer;
  if (!engineer) return null;
  const current = plan.engineers.find((e) => e._id === engineer._id) ?? engineer;
  if (!Number.isFinite(current.maxCapacity)) return null;
  return assignmentImpact(current, otherAssignments(plan.assignments, engineer._id, context.id), context.form, now);
}

/**
 * Whom saving the form would put or push over capacity, on `plan` (the plan the screen shows), by the
 * one rule Fill, a drag, a bulk edit and the API's answer use: the days over capacity and the peak.
 * An edit is judged as it will be saved: from today on, unless the past is corrected too.
 */
export function formOverloads(
  context: Pick<AssignmentDraft, 'mode' | 'id' | 'form' | 'project' | 'engineer'> & { base: AssignmentValues; ownerId: string | null; correctPast: boolean },
  plan: Plan,
  now: Date,
  timeZone?: string,
): NamedOverload[] {
  const valid = validateAssignment(context);
  const { form, project, engineer, base } = context;
  if (!valid.ok || !project || !engineer || typeof form.allocationPercentage !== 'number') return [];
  const after = { engineerId: engineer._id, projectId: project._id, role: form.role.trim(), allocationPercentage: form.allocationPercentage, startDate: form.startDate, endDate: form.endDate };
  const zone = timeZone ? { timeZone } : {};
  if (context.mode === 'create' || !context.id || !context.ownerId || typeof base.allocationPercentage !== 'number') {
    return writeOverloads(plan, null, after, { applyFrom: 'start', now, ...zone });
  }
  const before = { _id: context.id, engineerId: context.ownerId, projectId: project._id, role: base.role, allocationPercentage: base.allocationPercentage, startDate: base.startDate, endDate: base.endDate };
  return writeOverloads(plan, before, after, { applyFrom: context.correctPast ? 'start' : 'today', now, ...zone });
}

/** The start a new assignment defaults to: the later of today (its start in the organisation's time zone) and the project's start. */
export function defaultStart(projectStart: string, now: Date): string {
  const today = instantOfDate(todayDate(now));
  return Date.parse(projectStart) > Date.parse(today) ? projectStart : today;
}

/** Calendar dates ('YYYY-MM-DD', both included) to rank engineers and show load for. */
export type RankingDates = { from: string; to: string };

/** The days the form's dates cover, once both are set and in order; null leaves the server to take the project's. */
export const rankingDates = (form: Pick<AssignmentValues, 'startDate' | 'endDate'>): RankingDates | null => workedDates(form.startDate, form.endDate);
