import { useMachine } from '@xstate/react';
import { type ReactNode, useEffect } from 'react';
import type { Assignment } from '../../../../domain/entities.ts';
import { conflictProps, RowConflictDialog } from '../../../components/ConflictDialog.tsx';
import type { PickedProject } from '../../../machines/assignmentValues.ts';
import type { RowAction } from '../../../machines/rowAction.machine.ts';
import { engineersStore } from '../../../stores/engineers.ts';
import { assignmentsStore } from '../../../stores/assignments.ts';
import { shownPlan } from '../../../stores/plan.ts';
import { orgTimeZone } from '../../../lib/orgTimeZone.ts';
import { formOverloads } from '../../../machines/assignmentValues.ts';
import type { CreatePrefill } from './assignmentForm.machine.ts';
import { assignmentForm, assignmentRowAction } from './assignmentPlanningMachines.ts';
import { AssignmentRowActions, type PlannedAssignment } from './AssignmentRowActions.tsx';
import { assignmentConflictFields } from './actions.ts';
import { EndAssignmentDialog } from './EndAssignmentDialog.tsx';
import { endAssignmentMachine } from './endAssignment.machine.ts';
import { type PlanLists, useAssignmentFormDialog } from './useAssignmentFormDialog.tsx';
import { useWriteNews, type WriteNewsOptions } from './useWriteNews.ts';

/** What the form reads of the live plan to preview a change (the live collections, read when needed). */
const livePlan = () => ({ engineers: engineersStore.data, assignments: assignmentsStore.data });

type Options = PlanLists & WriteNewsOptions;

/**
 * The managers' planning of assignments, shared by the Assignments screen and the schedule: the New
 * assignment form, the edit form, the one-click changes (end today, remove, a dragged bar) and the
 * conflict dialogs. After every write the assignments reload.
 */
export function useAssignmentPlanning({ engineers, assignments, projects, onWritten, onUndoable }: Options) {
  const [form, sendForm, formActor] = useMachine(assignmentForm, {
    input: { plan: livePlan, judge: (context) => formOverloads(context, shownPlan(), context.now(), orgTimeZone()) },
  });
  const [row, sendRow, rowActor] = useMachine(assignmentRowAction);
  const [ending, sendEnding, endingActor] = useMachine(endAssignmentMachine, { input: {} });
  useEffect(() => {
    const subscription = endingActor.on('end', ({ action }) => sendRow({ type: 'RUN', action }));
    return () => subscription.unsubscribe();
  }, [endingActor, sendRow]);
  const messageHolder = useWriteNews(formActor, rowActor, { onWritten, onUndoable });
  const formDialog = useAssignmentFormDialog(form, sendForm, { engineers, assignments, projects });

  const running = row.matches('running') ? row.context.action : null;
  const dialogs: ReactNode = (
    <>
      {messageHolder}
      {formDialog}
      <RowConflictDialog thing="assignment" fields={assignmentConflictFields} {...conflictProps(row)} send={sendRow} />
      <EndAssignmentDialog ending={ending} send={sendEnding} />
    </>
  );
  const renderActions = (a: PlannedAssignment): ReactNode => (
    <AssignmentRowActions
      assignment={a}
      busyKind={running?.id === a._id ? running.kind : undefined}
      onEdit={(assignment) => sendForm({ type: 'OPEN_EDIT', assignment })}
      onEnd={(assignment) => sendEnding({ type: 'OPEN', assignment })}
      onRemove={(action) => sendRow({ type: 'RUN', action })}
    />
  );

  return {
    dialogs,
    renderActions,
    openCreate: (project?: PickedProject, prefill: CreatePrefill = {}) => sendForm({ type: 'OPEN_CREATE', project, ...prefill }),
    openEdit: (assignment: Assignment) => sendForm({ type: 'OPEN_EDIT', assignment }),
    /** Runs a one-click change (a bar dragged on the schedule) with the same conflict handling as the row actions. */
    run: (action: RowAction) => sendRow({ type: 'RUN', action }),
    /** The change being saved right now, so a screen can keep showing it until the saved data arrives. */
    running,
  };
}
