import { type ReactNode, useMemo } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { Assignment, Project } from '../../../../domain/entities.ts';
import { conflictProps, FormConflictDialog } from '../../../components/ConflictDialog.tsx';
import { impactOf } from '../../../machines/assignmentValues.ts';
import type { AssignmentFormEvent } from './assignmentForm.machine.ts';
import { AssignmentFormDialog } from './AssignmentFormDialog.tsx';
import type { assignmentForm } from './assignmentPlanningMachines.ts';
import { assignableProjects, assignmentConflictFields, roleSuggestions } from './actions.ts';
import { useLockedWeekNotice, useWeeklyLoad } from './formNotices.ts';

type FormSnapshot = SnapshotFrom<typeof assignmentForm>;
type Step = Parameters<typeof AssignmentFormDialog>[0]['step'];

/** Which step the dialog shows, from the form machine's state. */
export function formStep(form: FormSnapshot): Step {
  if (form.matches('saving')) return 'saving';
  if (form.matches('confirmingOverload')) return 'confirmingOverload';
  if (form.matches('conflict')) return 'conflict';
  if (form.matches({ editing: 'loadingEngineers' })) return 'loadingEngineers';
  return 'editing';
}

export type PlanLists = {
  engineers: Parameters<typeof impactOf>[1]['engineers'];
  assignments: readonly Assignment[];
  projects: readonly Project[];
};

/** The New / Edit assignment dialog and its conflict dialog, with what they show worked out from the form and the lists. */
export function useAssignmentFormDialog(form: FormSnapshot, send: (event: AssignmentFormEvent) => void, { engineers, assignments, projects }: PlanLists): ReactNode {
  const impact = useMemo(() => impactOf(form.context, { engineers, assignments }, new Date()), [form.context, engineers, assignments]);
  const weeklyLoad = useWeeklyLoad(form.context);
  const lockedWeek = useLockedWeekNotice(form.context);
  const openProjects = useMemo(() => assignableProjects(projects), [projects]);
  // Every role in 20,000 assignments, sorted: only worth working out once the form is open.
  const open = !form.matches('closed');
  const roles = useMemo(() => (open ? roleSuggestions(assignments) : []), [open, assignments]);
  return (
    <>
      <AssignmentFormDialog
        open={open}
        step={formStep(form)}
        context={form.context}
        projects={openProjects}
        roles={roles}
        impact={impact}
        weeklyLoad={open ? weeklyLoad : null}
        lockedWeek={open ? lockedWeek : null}
        send={send}
      />
      <FormConflictDialog thing="assignment" fields={assignmentConflictFields} {...conflictProps(form)} send={send} />
    </>
  );
}
