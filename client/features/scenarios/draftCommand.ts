import { draftedCommand, type DraftedCommand } from '../../../domain/scenarios/index.ts';

/** The kinds of change the scenario screen offers forms for; "swap a person" is a removal and an addition. */
export const draftKinds = ['project', 'changeAssignment', 'removeAssignment', 'addAssignment'] as const;
export type DraftKind = (typeof draftKinds)[number];

export const draftTitles: Record<DraftKind, string> = {
  project: 'Confirm or mark a project tentative',
  changeAssignment: 'Change an assignment',
  removeAssignment: 'Remove an assignment',
  addAssignment: 'Add an assignment',
};

/** Every field any of the forms has; each form reads the ones it shows. Dates are ISO instants, as the pickers give them. */
export type DraftValues = {
  projectId: string;
  projectAction: 'confirmProject' | 'markTentative';
  assignmentId: string;
  engineerId: string;
  role: string;
  allocationPercentage: number | null;
  startDate: string;
  endDate: string;
};
export type DraftField = keyof DraftValues;
export type DraftErrors = Partial<Record<DraftField, string>>;

export const emptyDraft: DraftValues = {
  projectId: '',
  projectAction: 'confirmProject',
  assignmentId: '',
  engineerId: '',
  role: '',
  allocationPercentage: null,
  startDate: '',
  endDate: '',
};

/** What a changed assignment was, so only what the form changed is drafted. */
export type AssignmentValues = Pick<DraftValues, 'role' | 'allocationPercentage' | 'startDate' | 'endDate'>;

const sameInstant = (a: string, b: string) => a === b || (a !== '' && b !== '' && Date.parse(a) === Date.parse(b));

/** The fields of an assignment the form changed, as the update command's partial input. */
function changedFields(values: DraftValues, original: AssignmentValues | null): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  if (!original || values.allocationPercentage !== original.allocationPercentage) input.allocationPercentage = values.allocationPercentage ?? undefined;
  if (!original || !sameInstant(values.startDate, original.startDate)) input.startDate = values.startDate || undefined;
  if (!original || !sameInstant(values.endDate, original.endDate)) input.endDate = values.endDate || undefined;
  // The update command judges end-after-start only when both dates are sent: send both once either moved.
  if ('startDate' in input || 'endDate' in input) Object.assign(input, { startDate: values.startDate, endDate: values.endDate });
  return input;
}

function rawCommand(kind: DraftKind, values: DraftValues, original: AssignmentValues | null, newId: string): Record<string, unknown> {
  switch (kind) {
    case 'project':
      return { kind: values.projectAction, projectId: values.projectId };
    case 'changeAssignment':
      return { kind: 'updateAssignment', assignmentId: values.assignmentId, input: changedFields(values, original) };
    case 'removeAssignment':
      return { kind: 'removeAssignment', assignmentId: values.assignmentId };
    case 'addAssignment':
      return {
        kind: 'createAssignment',
        assignmentId: newId,
        input: {
          engineerId: values.engineerId,
          projectId: values.projectId,
          role: values.role,
          allocationPercentage: values.allocationPercentage ?? undefined,
          startDate: values.startDate,
          endDate: values.endDate,
        },
      };
  }
}

/** The form field an issue's path names ('command.input.allocationPercentage', 'input.endDate', 'assignmentId'). */
export function fieldOfPath(path: readonly (string | number | symbol)[] | string): DraftField | null {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  const last = parts.at(-1);
  if (last === 'kind') return 'projectAction';
  return last && last in emptyDraft ? (last as DraftField) : null;
}

export type DraftCheck = { ok: true; command: DraftedCommand } | { ok: false; errors: DraftErrors; message: string | null };

/**
 * The drafted command a form describes, checked with the same schema the server uses; new things get
 * `newId` (chosen once per submission, so a later change can refer to what this one creates).
 */
export function draftCommandOf(kind: DraftKind, values: DraftValues, original: AssignmentValues | null, newId: string): DraftCheck {
  if (kind === 'changeAssignment' && values.assignmentId && original && Object.keys(changedFields(values, original)).length === 0) {
    return { ok: false, errors: {}, message: 'Change the dates or the allocation first' };
  }
  const result = draftedCommand.safeParse(rawCommand(kind, values, original, newId));
  if (result.success) return { ok: true, command: result.data };
  const errors: DraftErrors = {};
  let message: string | null = null;
  for (const issue of result.error.issues) {
    const field = fieldOfPath(issue.path);
    if (field && !(field in errors)) errors[field] = issue.message;
    else if (!field && message === null) message = issue.message;
  }
  return { ok: false, errors, message };
}
