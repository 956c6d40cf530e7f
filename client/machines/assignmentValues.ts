import type { Assignment, Engineer, Project } from '../../domain/entities.ts';
import type { OwnedAllocation } from '../../domain/figures.ts';
import { createAssignmentInput, replaceAssignmentInput } from '../../domain/inputs.ts';
import { assignmentMessages } from '../../domain/messages.ts';
import { assignmentImpact, type Impact, otherAssignments } from '../lib/impact.ts';
import { workedDates } from '../lib/weeks.ts';
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
  endAfterStart(errors, form.startDate, form.endDate, assignmentMessages.endBeforeStart);
  if (result.success && Object.keys(errors).length === 0) return { ok: true, payload: result.data as Record<string, unknown> };
  return { ok: false, errors };
}

/** Whether an edit hands the assignment to someone else. */
export const reassigns = (context: Pick<AssignmentDraft, 'mode' | 'engineer' | 'ownerId'>) =>
  context.mode === 'edit' && Boolean(context.ownerId) && context.engineer !== null && context.engineer._id !== context.ownerId;

/**
 * What the form's change does to the engineer now (null until engineer, allocation and dates are
 * readable). An edit of the engineer's own assignment is judged against it as it was (does the change
 * make their load worse?); work new to them (a new assignment, or one handed to them) against nothing.
 */
export function impactOf(context: Pick<AssignmentDraft, 'engineer' | 'form' | 'id'> & Partial<Pick<AssignmentDraft, 'mode' | 'base' | 'ownerId'>>, plan: PlanView, now: Date): Impact | null {
  const engineer = context.engineer;
  if (!engineer) return null;
  const current = plan.engineers.find((e) => e._id === engineer._id) ?? engineer;
  if (!Number.isFinite(current.maxCapacity)) return null;
  const base = context.base;
  const own = context.mode === 'edit' && base && typeof base.allocationPercentage === 'number' && !reassigns({ mode: 'edit', engineer, ownerId: context.ownerId ?? null });
  const original = own ? { allocationPercentage: base.allocationPercentage as number, startDate: base.startDate, endDate: base.endDate } : null;
  return assignmentImpact(current, otherAssignments(plan.assignments, engineer._id, context.id), context.form, now, original);
}

/** The start a new assignment defaults to: the later of today (its local midnight) and the project's start. */
export function defaultStart(projectStart: string, now: Date): string {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return Date.parse(projectStart) > today.getTime() ? projectStart : today.toISOString();
}

/** Calendar dates ('YYYY-MM-DD', both included) to rank engineers and show load for. */
export type RankingDates = { from: string; to: string };

/** The days the form's dates cover, once both are set and in order; null leaves the server to take the project's. */
export const rankingDates = (form: Pick<AssignmentValues, 'startDate' | 'endDate'>): RankingDates | null => workedDates(form.startDate, form.endDate);
