import { assign, emit, fromPromise, setup } from 'xstate';
import type { Assignment } from '../../../../domain/entities.ts';
import { errorMessage } from '../../../lib/api.ts';
import { changedKeys } from '../../../lib/conflict.ts';
import type { Impact } from '../../../lib/impact.ts';
import type { NamedOverload } from '../../../lib/overloads.ts';
import type { SuitableEngineer } from '../planningApi.ts';
import {
  type AssignmentValues, assignmentValuesOf, defaultStart, emptyAssignment, impactOf, type PickedEngineer, type PickedProject, type PlanView,
  rankingDates, type RankingDates, reassigns, validateAssignment, type ValidAssignmentValues,
} from '../../../machines/assignmentValues.ts';
import { editPayload, type FormErrors, type FormMode, issueErrors } from '../../../machines/editForm.machine.ts';
import { type ConflictState, conflictGuards, errorOf, formConflictActions, formConflictState, type Latest, saveFailed } from '../../../machines/formConflict.ts';
import type { ApplyFrom } from '../../../../domain/keep-past.ts';

/**
 * The New assignment / Edit assignment form:
 *
 *   closed -> editing (pick a project -> editing.loadingEngineers -> every engineer, best first: those
 *             with the project's skills, then the freest on average over the form's dates; pick one; role,
 *             allocation, dates defaulting to the later of today and the project's start, and the
 *             project's end; new dates rank again after a short pause, editing.rankingSoon; a search by
 *             name or skill finds anyone). OPEN_CREATE may come with the engineer and the dates already
 *             chosen (a drag across a person's row on the schedule): picking a project keeps them.
 *   editing (an edit) -CHANGE_ENGINEER-> the same list, to hand the assignment to someone else;
 *             KEEP_ENGINEER puts the one it has back
 *   editing -SUBMIT-> judging -> saving, or confirmingOverload first when the change makes or worsens an
 *             overload (the shared question: who, on which days, how high, by the rule Fill, drags and the
 *             API's answer use; shortening the work of someone already over does not ask): CONFIRM saves, BACK edits
 *   saving -> closed (saved) | editing (refused, with the messages) | conflict (409, edits only)
 *   conflict.loading -> conflict.showing -> REAPPLY (the user's changes on the latest version) or
 *             TAKE_LATEST, both back to editing, or CANCEL
 */

export type AssignmentFormContext = {
  mode: FormMode;
  id: string | null;
  version: number | null;
  base: AssignmentValues;
  form: AssignmentValues;
  project: PickedProject | null;
  engineer: PickedEngineer | null;
  /** Whose the edited assignment is now (null for a new one): another engineer picked hands it to them. */
  ownerId: string | null;
  /** The engineer list is open on an edit, to hand the assignment to someone else. */
  choosingEngineer: boolean;
  suitable: SuitableEngineer[];
  suitableError: string | null;
  /** The dates the list is being ranked for, and the ones it was ranked for (null: the project's own). */
  rankingFor: RankingDates | null;
  rankedFor: RankingDates | null;
  /** Text narrowing the suitable engineers shown (name or skill). */
  suitableSearch: string;
  /** Once the user picks a date, picking another project no longer resets the dates to its own. */
  datesTouched: boolean;
  errors: FormErrors;
  attempted: boolean;
  submitError: string | null;
  /** What the change does to the engineer, as computed when the user saved. */
  impact: Impact | null;
  /** Whom saving would put or push over capacity, judged when the user saved. */
  overloads: NamedOverload[];
  /** Judges that: the screen's plan, by the one rule (assignmentValues.ts formOverloads). */
  judge: (context: AssignmentFormContext) => NamedOverload[];
  conflict: ConflictState<AssignmentValues> | null;
  notice: string | null;
  /**
   * An edit of work that has started changes it from today on (the days before today keep what they
   * held) unless the user asks to correct the past too.
   */
  correctPast: boolean;
  plan: () => PlanView;
  /** The clock the preview judges from. */
  now: () => Date;
};

/** What a new assignment may open with: the person and the dates picked on the schedule. */
export type CreatePrefill = { engineer?: PickedEngineer; startDate?: string; endDate?: string };

export type AssignmentFormEvent =
  | ({ type: 'OPEN_CREATE'; project?: PickedProject } & CreatePrefill)
  | { type: 'OPEN_EDIT'; assignment: Assignment }
  | { type: 'PICK_PROJECT'; project: PickedProject }
  | { type: 'PICK_ENGINEER'; engineerId: string }
  | { type: 'CHANGE_ENGINEER' }
  | { type: 'KEEP_ENGINEER' }
  | { type: 'RETRY_ENGINEERS' }
  | { type: 'SEARCH_SUITABLE'; text: string }
  | { type: 'CHANGE'; field: keyof AssignmentValues; value: unknown }
  | { type: 'CORRECT_PAST'; value: boolean }
  | { type: 'SUBMIT' }
  | { type: 'CONFIRM' }
  | { type: 'BACK' }
  | { type: 'CANCEL' }
  | { type: 'REAPPLY' }
  | { type: 'TAKE_LATEST' }
  | { type: 'RETRY_LOAD' };

/** How long the form waits after a date change before ranking the engineers for the new dates. */
export const RANK_DELAY_MS = 400;

export type AssignmentSaveInput =
  | { mode: 'create'; payload: { engineerId: string; projectId: string } & ValidAssignmentValues }
  | { mode: 'edit'; id: string; version: number; payload: Partial<ValidAssignmentValues> & { engineerId?: string }; applyFrom: ApplyFrom };

type Judge = AssignmentFormContext['judge'];

const closedContext = (plan: () => PlanView, now: () => Date, judge: Judge): AssignmentFormContext => ({
  mode: 'create',
  id: null,
  version: null,
  base: emptyAssignment(),
  form: emptyAssignment(),
  project: null,
  engineer: null,
  ownerId: null,
  choosingEngineer: false,
  suitable: [],
  suitableError: null,
  rankingFor: null,
  rankedFor: null,
  suitableSearch: '',
  datesTouched: false,
  errors: {},
  attempted: false,
  submitError: null,
  impact: null,
  overloads: [],
  judge,
  conflict: null,
  notice: null,
  correctPast: false,
  plan,
  now,
});

const revalidate = (context: AssignmentFormContext, patch: Partial<AssignmentFormContext>): FormErrors => {
  if (!context.attempted) return {};
  const result = validateAssignment({ ...context, ...patch });
  return result.ok ? {} : result.errors;
};

/** The allocation the list judges each fit for, once it is one the API takes (1 to 100). */
const allocationAsked = (allocation: number | null) =>
  allocation !== null && Number.isFinite(allocation) && allocation >= 1 && allocation <= 100 ? { allocation } : {};

export const assignmentFormMachine = setup({
  types: {
    context: {} as AssignmentFormContext,
    events: {} as AssignmentFormEvent,
    input: {} as { plan?: () => PlanView; now?: () => Date; judge?: Judge } | undefined,
    /** What the screen hears (`actor.on`): a save went through, or met someone else's change. */
    emitted: {} as { type: 'saved'; mode: FormMode; assignment: Assignment } | { type: 'conflicted' },
  },
  actors: {
    suitableEngineers: fromPromise<SuitableEngineer[], { projectId: string; from?: string; to?: string; allocation?: number }>(async () => {
      throw new Error('The suitableEngineers actor was not provided');
    }),
    save: fromPromise<Assignment, AssignmentSaveInput>(async () => {
      throw new Error('The save actor was not provided');
    }),
    /** The assignment as saved now; null when it was removed. */
    loadLatest: fromPromise<Latest<AssignmentValues> | null, { id: string }>(async () => {
      throw new Error('The loadLatest actor was not provided');
    }),
  },
  // Typing a date fires a change per pick; the list ranks once the user pauses.
  delays: { rankDelay: RANK_DELAY_MS },
  guards: {
    isCreate: ({ context }) => context.mode === 'create',
    isEdit: ({ context }) => context.mode === 'edit',
    /** The engineer list is in use: a new assignment, or an edit handing it to someone else. */
    picksEngineer: ({ context }) => context.mode === 'create' || context.choosingEngineer,
    /** A new date or allocation while the list is in use, with a project: the list ranks again, by fit for what was typed. */
    ranksAgain: ({ context, event }) =>
      (context.mode === 'create' || context.choosingEngineer) && context.project !== null && event.type === 'CHANGE' &&
      (event.field === 'startDate' || event.field === 'endDate' || event.field === 'allocationPercentage'),
    hasProject: ({ context }) => context.project !== null,
    eventHasProject: ({ event }) => event.type === 'OPEN_CREATE' && event.project !== undefined,
    formIsInvalid: ({ context }) => !validateAssignment(context).ok,
    nothingChanged: ({ context }) => context.mode === 'edit' && changedKeys(context.base, context.form).length === 0 && !reassigns(context),
    wouldOverload: ({ context }) => context.overloads.length > 0,
    ...conflictGuards,
  },
  actions: {
    /** The screen reloads the assignments and says so. */
    saved: emit((_, params: { mode: FormMode; assignment: Assignment }) => ({ type: 'saved' as const, ...params })),
    /** The screen reloads the assignments so the table shows the latest. */
    conflicted: emit({ type: 'conflicted' as const }),
    openCreate: assign(({ context, event }) => {
      const closed = closedContext(context.plan, context.now, context.judge);
      if (event.type !== 'OPEN_CREATE') return closed;
      const { engineer, startDate, endDate } = event;
      const dated = Boolean(startDate && endDate);
      return {
        ...closed,
        engineer: engineer ?? null,
        form: dated ? { ...closed.form, startDate: startDate!, endDate: endDate! } : closed.form,
        datesTouched: dated,
      };
    }),
    openEdit: assign(({ context, event }) => {
      if (event.type !== 'OPEN_EDIT') return {};
      const a = event.assignment;
      const values = assignmentValuesOf(a);
      const known = context.plan().engineers.find((e) => e._id === a.engineerId._id);
      return {
        ...closedContext(context.plan, context.now, context.judge),
        mode: 'edit' as const,
        id: a._id,
        version: a.version,
        base: values,
        form: values,
        project: a.projectId,
        // Before the engineers are loaded the capacity is unknown: no preview until they are.
        engineer: known ?? { _id: a.engineerId._id, name: a.engineerId.name, maxCapacity: Number.NaN },
        ownerId: a.engineerId._id,
        datesTouched: true,
      };
    }),
    reset: assign(({ context }) => closedContext(context.plan, context.now, context.judge)),
    pickProject: assign(({ context, event }) => {
      const project = event.type === 'PICK_PROJECT' || event.type === 'OPEN_CREATE' ? event.project : undefined;
      if (!project) return {};
      const form =
        context.datesTouched || !project.startDate || !project.endDate
          ? context.form
          : { ...context.form, startDate: defaultStart(project.startDate, context.now()), endDate: project.endDate };
      return { project, form, suitable: [], suitableError: null, rankedFor: null, errors: revalidate(context, { project, form }) };
    }),
    startRanking: assign(({ context }) => ({ rankingFor: rankingDates(context.form) })),
    recordSuitable: assign(({ context, event }) => {
      const suitable = (event as { output?: SuitableEngineer[] }).output ?? [];
      // An edit keeps its engineer; a new assignment drops one the new list does not have (another project's).
      const kept = context.mode === 'edit' || suitable.length === 0 || suitable.some((e) => e._id === context.engineer?._id);
      const engineer = context.engineer && kept ? context.engineer : null;
      return { suitable, suitableError: null, rankedFor: context.rankingFor, engineer, errors: revalidate(context, { engineer }) };
    }),
    search: assign(({ event }) => (event.type === 'SEARCH_SUITABLE' ? { suitableSearch: event.text } : {})),
    recordSuitableFailure: assign(({ event }) => ({ suitable: [], suitableError: errorMessage(errorOf(event)) })),
    pickEngineer: assign(({ context, event }) => {
      if (event.type !== 'PICK_ENGINEER') return {};
      const picked = context.suitable.find((e) => e._id === event.engineerId);
      if (!picked) return {};
      const engineer = { _id: picked._id, name: picked.name, maxCapacity: picked.maxCapacity };
      return { engineer, errors: revalidate(context, { engineer }) };
    }),
    startChoosing: assign({ choosingEngineer: true, suitableSearch: '' }),
    keepEngineer: assign(({ context }) => {
      const owner = context.ownerId;
      const known = owner ? context.plan().engineers.find((e) => e._id === owner) : undefined;
      const kept = context.suitable.find((e) => e._id === owner);
      const engineer = known ?? (kept ? { _id: kept._id, name: kept.name, maxCapacity: kept.maxCapacity } : context.engineer);
      return { choosingEngineer: false, engineer: engineer ?? null };
    }),
    applyChange: assign(({ context, event }) => {
      if (event.type !== 'CHANGE') return {};
      const form = { ...context.form, [event.field]: event.value } as AssignmentValues;
      const datesTouched = context.datesTouched || event.field === 'startDate' || event.field === 'endDate';
      return { form, datesTouched, errors: revalidate(context, { form }) };
    }),
    showErrors: assign(({ context }) => {
      const result = validateAssignment(context);
      return { attempted: true, errors: result.ok ? {} : result.errors };
    }),
    recordImpact: assign(({ context }) => ({ impact: impactOf(context, context.plan(), context.now()), overloads: context.judge(context) })),
    startSaving: assign({ errors: {}, submitError: null, notice: null }),
    recordFailure: assign(({ event }) => ({ submitError: errorMessage(errorOf(event)), errors: issueErrors(errorOf(event)) })),
    ...formConflictActions<AssignmentValues, AssignmentFormContext, AssignmentFormEvent>((context, form) => revalidate(context, { form })),
  },
}).createMachine({
  id: 'assignmentForm',
  context: ({ input }) => closedContext(input?.plan ?? (() => ({ engineers: [], assignments: [] })), input?.now ?? (() => new Date()), input?.judge ?? (() => [])),
  initial: 'closed',
  states: {
    closed: {
      on: {
        OPEN_CREATE: [
          { guard: 'eventHasProject', target: 'editing.loadingEngineers', actions: ['openCreate', 'pickProject'] },
          { target: 'editing', actions: 'openCreate' },
        ],
        OPEN_EDIT: { target: 'editing', actions: 'openEdit' },
      },
    },
    editing: {
      initial: 'ready',
      states: {
        ready: {},
        rankingSoon: {
          after: { rankDelay: 'loadingEngineers' },
        },
        loadingEngineers: {
          entry: 'startRanking',
          invoke: {
            src: 'suitableEngineers',
            input: ({ context }) => ({ projectId: context.project?._id ?? '', ...context.rankingFor, ...allocationAsked(context.form.allocationPercentage) }),
            onDone: { target: 'ready', actions: 'recordSuitable' },
            onError: { target: 'ready', actions: 'recordSuitableFailure' },
          },
        },
      },
      on: {
        CHANGE: [{ guard: 'ranksAgain', target: '.rankingSoon', actions: 'applyChange' }, { actions: 'applyChange' }],
        SEARCH_SUITABLE: { actions: 'search' },
        CORRECT_PAST: { actions: assign({ correctPast: ({ event }) => event.value }) },
        PICK_PROJECT: { guard: 'isCreate', target: '.loadingEngineers', actions: 'pickProject' },
        PICK_ENGINEER: { guard: 'picksEngineer', actions: 'pickEngineer' },
        CHANGE_ENGINEER: { guard: 'isEdit', target: '.loadingEngineers', actions: 'startChoosing' },
        KEEP_ENGINEER: { guard: 'isEdit', actions: 'keepEngineer' },
        RETRY_ENGINEERS: { guard: 'hasProject', target: '.loadingEngineers' },
        CANCEL: { target: 'closed', actions: 'reset' },
        SUBMIT: [
          { guard: 'formIsInvalid', actions: 'showErrors' },
          // An edit that changes nothing needs no request.
          { guard: 'nothingChanged', target: 'closed', actions: 'reset' },
          { target: 'judging', actions: 'recordImpact' },
        ],
      },
    },
    // Judged once, as the user saved: the dialog names the same days and peak.
    judging: {
      always: [
        { guard: 'wouldOverload', target: 'confirmingOverload' },
        { target: 'saving', actions: 'startSaving' },
      ],
    },
    confirmingOverload: {
      on: {
        CONFIRM: { target: 'saving', actions: 'startSaving' },
        BACK: 'editing',
        CANCEL: { target: 'closed', actions: 'reset' },
      },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }): AssignmentSaveInput => {
          const result = validateAssignment(context);
          if (!result.ok) throw new Error('The form changed while saving');
          if (context.mode === 'create') return { mode: 'create', payload: result.payload as Extract<AssignmentSaveInput, { mode: 'create' }>['payload'] };
          const payload = editPayload(context.base, context.form, result.payload) as Partial<ValidAssignmentValues> & { engineerId?: string };
          if (reassigns(context)) payload.engineerId = context.engineer!._id;
          return { mode: 'edit', id: context.id!, version: context.version!, payload, applyFrom: context.correctPast ? 'start' : 'today' };
        },
        onDone: {
          target: 'closed',
          actions: [{ type: 'saved', params: ({ context, event }) => ({ mode: context.mode, assignment: event.output }) }, 'reset'],
        },
        onError: saveFailed,
      },
    },
    conflict: formConflictState('assignmentForm'),
  },
});
