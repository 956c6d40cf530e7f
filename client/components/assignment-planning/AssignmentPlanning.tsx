import { DeleteOutlined, EditOutlined, StopOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Button, message as messageApi, Popconfirm, Tooltip } from 'antd';
import { type ReactNode, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { Assignment, Project } from '../../../domain/entities.ts';
import type { AssignmentStatus } from '../../../domain/figures.ts';
import { FormConflictDialog, RowConflictDialog } from '../ConflictDialog.tsx';
import { planningApi, unlessGone } from '../../lib/planningApi.ts';
import { type AssignmentFormContext, assignmentFormMachine } from '../../machines/assignmentForm.machine.ts';
import { assignmentValuesOf, impactOf, type PickedProject, rankingDates } from '../../machines/assignmentValues.ts';
import { type RowAction, rowActionMachine } from '../../machines/rowAction.machine.ts';
import { assignmentsStore, loadAssignments } from '../../stores/assignments.ts';
import { engineersStore } from '../../stores/engineers.ts';
import { useCapacity } from '../../stores/useLiveQuery.ts';
import { AssignmentFormDialog, type WeeklyLoad } from './AssignmentFormDialog.tsx';
import { assignableProjects, assignmentConflictFields, canEndToday, endTodayAction, removeAction, roleSuggestions } from './actions.ts';

/** An assignment as a table row shows it: with its status now (End today is only offered while it runs). */
type PlannedAssignment = Assignment & { status: AssignmentStatus };

/** The assignment as saved now, in the form's shape; null once it was removed. */
async function latestAssignment(id: string) {
  const a = await unlessGone(planningApi.assignment(id));
  return a && { values: assignmentValuesOf(a), version: a.version };
}

/** What each one-click change says once saved. */
const doneMessages: Record<string, string> = {
  remove: 'Assignment removed',
  endToday: 'Assignment ends today',
  move: 'Assignment moved',
  resize: 'Assignment dates changed',
};

/**
 * A new assignment's engineer, week by week over the form's dates (GET /api/capacity for them alone),
 * with the assignment's allocation added in points of their capacity: it is on every working day of
 * those dates, so it adds allocation / maxCapacity to each week's utilisation.
 */
function useWeeklyLoad(context: AssignmentFormContext): WeeklyLoad | null {
  const { mode, engineer, form } = context;
  const dates = mode === 'create' && engineer ? rankingDates(form) : null;
  const load = useCapacity(dates && engineer ? { ...dates, step: 'week', engineerId: engineer._id } : null);
  if (!dates || !engineer) return null;
  const row = load.data?.rows.find((r) => r.engineer._id === engineer._id);
  const addPoints = Number.isFinite(engineer.maxCapacity) && engineer.maxCapacity > 0 ? ((form.allocationPercentage ?? 0) / engineer.maxCapacity) * 100 : 0;
  return { periods: row?.periods ?? null, loading: load.loading, error: load.error, retry: load.retry, addPoints };
}

/** What the form reads of the live plan to preview a change (the live collections, read when needed). */
const livePlan = () => ({ engineers: engineersStore.data, assignments: assignmentsStore.data });

type Options = {
  engineers: Parameters<typeof impactOf>[1]['engineers'];
  assignments: readonly Assignment[];
  projects: readonly Project[];
  /** Called once the assignments have reloaded after a write (the screen moves its clock on: an assignment ended now shows as ended). */
  onWritten?: () => void;
};

/**
 * The managers' planning of assignments, shared by the Assignments screen and the schedule: the New
 * assignment form, the edit form, the one-click changes (end today, remove, a dragged bar) and the
 * conflict dialogs. After every write the assignments reload.
 */
export function useAssignmentPlanning({ engineers, assignments, projects, onWritten }: Options) {
  const onWrittenRef = useRef(onWritten);
  onWrittenRef.current = onWritten;
  const reload = () => void loadAssignments().then(() => onWrittenRef.current?.());

  const [message, messageHolder] = messageApi.useMessage({ maxCount: 3 });
  const messageRef = useRef(message);
  messageRef.current = message;

  const formMachine = useMemo(
    () =>
      assignmentFormMachine.provide({
        actors: {
          suitableEngineers: fromPromise(({ input }) => planningApi.suitableEngineers(input.projectId, input)),
          save: fromPromise(({ input }) =>
            input.mode === 'create' ? planningApi.createAssignment(input.payload) : planningApi.updateAssignment(input.id, input.payload, input.version),
          ),
          loadLatest: fromPromise(({ input }) => latestAssignment(input.id)),
        },
        actions: {
          saved: (_, { mode, assignment }) => {
            reload();
            void messageRef.current.success(
              mode === 'create' ? `${assignment.engineerId.name} is now on ${assignment.projectId.name}` : 'Assignment updated',
            );
          },
          conflicted: () => void loadAssignments(),
        },
      }),
    [],
  );
  const [form, sendForm] = useMachine(formMachine, { input: { plan: livePlan } });

  const rowMachine = useMemo(
    () =>
      rowActionMachine.provide({
        actors: {
          run: fromPromise(({ input }) =>
            input.changes === null
              ? planningApi.removeAssignment(input.id, input.version)
              : planningApi.updateAssignment(input.id, input.changes, input.version),
          ),
          loadLatest: fromPromise(({ input }) => latestAssignment(input.id)),
        },
        actions: {
          done: (_, { action }) => {
            reload();
            void messageRef.current.success(doneMessages[action.kind] ?? 'Assignment updated');
          },
          failed: (_, { message: text }) => void messageRef.current.error(text),
          conflicted: () => void loadAssignments(),
        },
      }),
    [],
  );
  const [row, sendRow] = useMachine(rowMachine);

  const impact = useMemo(() => impactOf(form.context, { engineers, assignments }, new Date()), [form.context, engineers, assignments]);
  const weeklyLoad = useWeeklyLoad(form.context);
  const openProjects = useMemo(() => assignableProjects(projects), [projects]);
  // Every role in 20,000 assignments, sorted: only worth working out once the form is open.
  const formOpen = !form.matches('closed');
  const roles = useMemo(() => (formOpen ? roleSuggestions(assignments) : []), [formOpen, assignments]);

  const step = form.matches('saving')
    ? 'saving'
    : form.matches('confirmingOverload')
      ? 'confirmingOverload'
      : form.matches('conflict')
        ? 'conflict'
        : form.matches({ editing: 'loadingEngineers' })
          ? 'loadingEngineers'
          : 'editing';

  const rowAction = row.context.action;

  const dialogs: ReactNode = (
    <>
      {messageHolder}
      <AssignmentFormDialog
        open={formOpen}
        step={step}
        context={form.context}
        projects={openProjects}
        roles={roles}
        impact={impact}
        weeklyLoad={formOpen ? weeklyLoad : null}
        send={sendForm}
      />
      <FormConflictDialog
        thing="assignment"
        fields={assignmentConflictFields}
        open={form.matches('conflict')}
        loading={form.matches({ conflict: 'loading' })}
        context={form.context}
        send={sendForm}
      />
      <RowConflictDialog
        thing="assignment"
        fields={assignmentConflictFields}
        open={row.matches('conflict')}
        loading={row.matches({ conflict: 'loading' })}
        context={row.context}
        send={sendRow}
      />
    </>
  );

  const busyId = row.matches('running') ? rowAction?.id : undefined;

  const renderActions = (a: PlannedAssignment): ReactNode => {
    const busy = busyId === a._id;
    return (
      <div style={{ display: 'flex', gap: 2, whiteSpace: 'nowrap' }} data-testid="assignment-actions" data-assignment={`${a.engineerId.name} on ${a.projectId.name}`}>
        <Tooltip title="Edit">
          <Button size="small" type="text" icon={<EditOutlined />} aria-label="Edit assignment" onClick={() => sendForm({ type: 'OPEN_EDIT', assignment: a })} />
        </Tooltip>
        {canEndToday(a) ? (
          <Popconfirm
            title="End this assignment today?"
            description={`${a.engineerId.name} comes off ${a.projectId.name} as of now.`}
            okText="End today"
            onConfirm={() => sendRow({ type: 'RUN', action: endTodayAction(a, new Date()) })}
          >
            <Tooltip title="End today">
              <Button size="small" type="text" icon={<StopOutlined />} aria-label="End assignment today" loading={busy && rowAction?.kind === 'endToday'} />
            </Tooltip>
          </Popconfirm>
        ) : (
          // Keeps Remove in line with the rows that have End today.
          <span aria-hidden="true" style={{ display: 'inline-block', width: 24 }} />
        )}
        <Popconfirm
          title="Remove this assignment?"
          description={`${a.engineerId.name} leaves ${a.projectId.name}'s plan. The history keeps it.`}
          okText="Remove"
          okButtonProps={{ danger: true }}
          onConfirm={() => sendRow({ type: 'RUN', action: removeAction(a) })}
        >
          <Tooltip title="Remove">
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="Remove assignment" loading={busy && rowAction?.kind === 'remove'} />
          </Tooltip>
        </Popconfirm>
      </div>
    );
  };

  return {
    dialogs,
    renderActions,
    openCreate: (project?: PickedProject) => sendForm({ type: 'OPEN_CREATE', project }),
    openEdit: (assignment: Assignment) => sendForm({ type: 'OPEN_EDIT', assignment }),
    /** Runs a one-click change (a bar dragged on the schedule) with the same conflict handling as the row actions. */
    run: (action: RowAction) => sendRow({ type: 'RUN', action }),
    /** The change being saved right now, so a screen can keep showing it until the saved data arrives. */
    running: row.matches('running') ? rowAction : null,
  };
}
