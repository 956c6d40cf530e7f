import { assign, fromPromise, setup } from 'xstate';
import type { Project, ProjectStatus } from '../../../domain/entities.ts';
import { createProjectInput, endsAfterStart, type CreateProjectInput } from '../../../domain/inputs.ts';
import { projectMessages } from '../../../domain/messages.ts';
import { toggledSkill, withSkill } from '../../lib/skills.ts';
import { instantOfDate, todayDate } from '../../lib/weeks.ts';

/**
 * The Create New Project dialog: closed -> editing -> submitting -> closed on success
 * (form reset, 'Project created successfully!', projects reloaded) or back to editing on failure
 * ('Error creating project: <message>', dialog still open). The form is validated with the domain's
 * `createProjectInput`, whose messages are the product's (domain/messages.ts).
 */
export type ProjectForm = {
  name: string;
  description: string;
  /** ISO date-times; the pickers set the start of the picked day. */
  startDate: string;
  endDate: string;
  teamSize: number;
  requiredSkills: string[];
  /** Empty when the select was cleared: 'Project status is required'. */
  status: ProjectStatus | '';
};

export type ProjectField = keyof ProjectForm;
export type FieldErrors = Partial<Record<ProjectField, string>>;

export const SUCCESS_TEXT = 'Project created successfully!';
export const UNEXPECTED_ERROR = 'An unexpected error occurred';

/** Today's start in the organisation's time zone, as ISO (what the date fields send for today). */
export const startOfDay = (now: Date) => instantOfDate(todayDate(now));

/** Defaults of a new project: empty name and description, both dates today, team size 1, no skills, planning. */
export const defaultForm = (now: Date): ProjectForm => ({
  name: '',
  description: '',
  startDate: startOfDay(now),
  endDate: startOfDay(now),
  teamSize: 1,
  requiredSkills: [],
  status: 'planning',
});

/** A non-numeric team size becomes 1, the smallest team. */
export const teamSizeFrom = (value: unknown): number => {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseInt(value, 10) : Number.NaN;
  return Number.isFinite(number) ? number : 1;
};

export type Validation = { ok: true; payload: CreateProjectInput } | { ok: false; errors: FieldErrors };

/** Validates the form with the domain schema; the first message of each field is the one shown. */
export function validateProjectForm(form: ProjectForm, managerId?: string): Validation {
  const result = createProjectInput.safeParse({
    ...form,
    status: form.status === '' ? undefined : form.status,
    ...(managerId ? { managerId } : {}),
  });
  if (result.success) return { ok: true, payload: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ProjectField | undefined;
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  // zod runs the schema's end-after-start refinement only once every field passes; judge the dates
  // alone so that message shows together with the others.
  if (!errors.startDate && !errors.endDate && !endsAfterStart(form)) errors.endDate = projectMessages.endBeforeStart;
  return { ok: false, errors };
}

/** The alert shown when creating fails: 'Error creating project: <message>'. */
export const failureText = (error: unknown) => {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return message ? `Error creating project: ${message}` : UNEXPECTED_ERROR;
};

/** Field messages a 400 answer carried in `issues`, mapped onto the form. */
const serverFieldErrors = (error: unknown): FieldErrors => {
  const issues = (error as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues)) return {};
  const errors: FieldErrors = {};
  for (const issue of issues as { path?: unknown; message?: unknown }[]) {
    const field = String(issue.path ?? '').split('.')[0] as ProjectField;
    if (field && typeof issue.message === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
};

export type CreateProjectContext = {
  form: ProjectForm;
  errors: FieldErrors;
  /** After the first submit, every change re-validates so messages follow the input. */
  attempted: boolean;
  managerId: string | undefined;
  /** The last failure, shown inside the dialog as well as in the alert. */
  submitError: string | null;
  now: () => Date;
};

export type CreateProjectEvent =
  | { type: 'OPEN' }
  | { type: 'CANCEL' }
  | { type: 'CHANGE'; field: Exclude<ProjectField, 'requiredSkills'>; value: string | number | null }
  | { type: 'TOGGLE_SKILL'; skill: string }
  /** A skill typed in the box under the chips: selected, never unselected (typing it again keeps it). */
  | { type: 'ADD_SKILL'; skill: string }
  | { type: 'SUBMIT'; managerId?: string };

export type CreateProjectInputOptions = { now?: () => Date };

function withChange(form: ProjectForm, event: CreateProjectEvent): ProjectForm {
  if (event.type === 'TOGGLE_SKILL') return { ...form, requiredSkills: toggledSkill(form.requiredSkills, event.skill) };
  if (event.type === 'ADD_SKILL') return { ...form, requiredSkills: withSkill(form.requiredSkills, event.skill) };
  if (event.type !== 'CHANGE') return form;
  switch (event.field) {
    case 'teamSize':
      return { ...form, teamSize: teamSizeFrom(event.value) };
    case 'status':
      return { ...form, status: (event.value ?? '') as ProjectForm['status'] };
    default:
      return { ...form, [event.field]: event.value == null ? '' : String(event.value) };
  }
}

export const createProjectMachine = setup({
  types: {
    context: {} as CreateProjectContext,
    events: {} as CreateProjectEvent,
    input: {} as CreateProjectInputOptions | undefined,
  },
  actors: {
    createProject: fromPromise<Project, CreateProjectInput>(async () => {
      throw new Error('The createProject actor was not provided');
    }),
  },
  guards: {
    formIsValid: ({ context, event }) =>
      validateProjectForm(context.form, event.type === 'SUBMIT' ? event.managerId : context.managerId).ok,
  },
  actions: {
    /** Shows a message to the user; the screen provides it (antd message). */
    alert: (_, _params: { kind: 'success' | 'error'; text: string }) => {},
    /** Refetches the project list; the screen provides it. */
    reloadProjects: () => {},
    applyChange: assign(({ context, event }) => {
      const form = withChange(context.form, event);
      if (context.attempted) {
        const result = validateProjectForm(form, context.managerId);
        return { form, errors: result.ok ? {} : result.errors };
      }
      return { form };
    }),
    showErrors: assign(({ context, event }) => {
      const managerId = event.type === 'SUBMIT' ? event.managerId : context.managerId;
      const result = validateProjectForm(context.form, managerId);
      return { attempted: true, errors: result.ok ? {} : result.errors };
    }),
    rememberManager: assign({
      managerId: ({ context, event }) => (event.type === 'SUBMIT' ? event.managerId : context.managerId),
      errors: {},
      submitError: null,
    }),
    resetForm: assign(({ context }) => ({
      form: defaultForm(context.now()),
      errors: {},
      attempted: false,
      submitError: null,
    })),
    recordFailure: assign((_, params: { error: unknown }) => ({
      submitError: failureText(params.error),
      errors: serverFieldErrors(params.error),
    })),
  },
}).createMachine({
  id: 'createProject',
  context: ({ input }) => {
    const now = input?.now ?? (() => new Date());
    return { form: defaultForm(now()), errors: {}, attempted: false, managerId: undefined, submitError: null, now };
  },
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: 'editing' },
    },
    editing: {
      on: {
        CHANGE: { actions: 'applyChange' },
        TOGGLE_SKILL: { actions: 'applyChange' },
        ADD_SKILL: { actions: 'applyChange' },
        CANCEL: { target: 'closed', actions: 'resetForm' },
        SUBMIT: [
          { guard: 'formIsValid', target: 'submitting', actions: 'rememberManager' },
          { actions: 'showErrors' },
        ],
      },
    },
    submitting: {
      invoke: {
        src: 'createProject',
        input: ({ context }) => {
          const result = validateProjectForm(context.form, context.managerId);
          if (!result.ok) throw new Error('The form changed while submitting');
          return result.payload;
        },
        onDone: {
          target: 'closed',
          actions: ['resetForm', { type: 'alert', params: { kind: 'success', text: SUCCESS_TEXT } }, 'reloadProjects'],
        },
        onError: {
          target: 'editing',
          actions: [
            { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'alert', params: ({ event }) => ({ kind: 'error' as const, text: failureText(event.error) }) },
          ],
        },
      },
    },
  },
});
