import { DeleteOutlined, EditOutlined, StopOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Button, DatePicker, message as messageApi, Popconfirm, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { Assignment, Project } from '../../../../domain/entities.ts';
import type { AssignmentStatus } from '../../../../domain/figures.ts';
import { conflictProps, FormConflictDialog, RowConflictDialog } from '../../../components/ConflictDialog.tsx';
import { commandIdOf, unlessGone } from '../../../lib/api.ts';
import { fetchLockedWeeks } from '../actuals/actualsApi.ts';
import { lockedWeekRefusal } from '../../../lib/lockedWeeks.ts';
import { orgTimeZone } from '../../../lib/orgTimeZone.ts';
import { planningApi } from '../planningApi.ts';
import { type AssignmentFormContext, assignmentFormMachine, type CreatePrefill } from './assignmentForm.machine.ts';
import { assignmentValuesOf, formOverloads, impactOf, type PickedProject, rankingDates, reassigns } from '../../../machines/assignmentValues.ts';
import { endAssignmentMachine } from './endAssignment.machine.ts';
import { type RowAction, rowActionMachine } from '../../../machines/rowAction.machine.ts';
import { assignmentsStore, loadAssignments } from '../../../stores/assignments.ts';
import { engineersStore } from '../../../stores/engineers.ts';
import { shownPlan } from '../../../stores/plan.ts';
import { useCapacity } from '../capacity/useCapacity.ts';
import { saidOfWrite } from '../../../stores/viewMode.ts';
import { Modal } from '../../../components/Modal.tsx';
import { AssignmentFormDialog, type WeeklyLoad } from './AssignmentFormDialog.tsx';
import { assignableProjects, assignmentConflictFields, canEnd, removeAction, roleSuggestions, weeklyLoadQuery } from './actions.ts';

/** An assignment as a table row shows it: with its status now (End is only offered until it has ended). */
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
  end: 'Assignment end date set',
  move: 'Assignment moved',
  resize: 'Assignment dates changed',
  reassign: 'Assignment handed over',
};

/**
 * The engineer who would take the work (a new assignment's, or the one an assignment is handed to), week
 * by week over the form's dates (GET /api/capacity for them alone, tentative work counted as the warning
 * counts it), with the assignment's allocation added in points of their capacity: it is on every working
 * day of those dates, so it adds allocation / maxCapacity to each week's utilisation.
 */
function useWeeklyLoad(context: AssignmentFormContext): WeeklyLoad | null {
  const { mode, engineer, form } = context;
  const dates = (mode === 'create' || reassigns(context)) && engineer ? rankingDates(form) : null;
  const load = useCapacity(dates && engineer ? weeklyLoadQuery(engineer._id, dates) : null);
  if (!dates || !engineer) return null;
  const row = load.data?.rows.find((r) => r.engineer._id === engineer._id);
  const addPoints = Number.isFinite(engineer.maxCapacity) && engineer.maxCapacity > 0 ? ((form.allocationPercentage ?? 0) / engineer.maxCapacity) * 100 : 0;
  return { periods: row?.periods ?? null, loading: load.loading, error: load.error, retry: load.retry, addPoints };
}

/**
 * An edit that corrects the past too may reach a week locked for its engineer's actuals, which the
 * server refuses: the weeks locked for the people it concerns are read once the box is ticked, and the
 * form says so before it saves, in the refusal's own words.
 */
function useLockedWeekNotice(context: AssignmentFormContext): string | null {
  const { mode, correctPast, ownerId, engineer, project, base, form } = context;
  const people = useMemo(
    () => (mode === 'edit' && correctPast && ownerId ? [...new Set([ownerId, engineer?._id ?? ownerId])] : []),
    [mode, correctPast, ownerId, engineer?._id],
  );
  const [locked, setLocked] = useState<ReadonlyMap<string, readonly string[]>>(new Map());
  const key = people.join(' ');
  useEffect(() => {
    if (people.length === 0) return;
    let current = true;
    void Promise.all(people.map(async (id) => [id, await fetchLockedWeeks(id).catch(() => [])] as const)).then((found) => current && setLocked(new Map(found)));
    return () => {
      current = false;
    };
    // Keyed by the ids: a new array of the same people asks nothing again.
  }, [key]);
  if (people.length === 0 || !project || typeof base.allocationPercentage !== 'number') return null;
  const names = new Map(engineersStore.data.map((e) => [e._id, e.name]));
  const before = { engineerId: ownerId!, projectId: project._id, allocationPercentage: base.allocationPercentage, startDate: base.startDate, endDate: base.endDate };
  const after = { engineerId: engineer?._id ?? ownerId!, projectId: project._id, allocationPercentage: form.allocationPercentage as number, startDate: form.startDate, endDate: form.endDate };
  return lockedWeekRefusal(before, after, locked, names, orgTimeZone());
}

/** What the form reads of the live plan to preview a change (the live collections, read when needed). */
const livePlan = () => ({ engineers: engineersStore.data, assignments: assignmentsStore.data });

type Options = {
  engineers: Parameters<typeof impactOf>[1]['engineers'];
  assignments: readonly Assignment[];
  projects: readonly Project[];
  /** Called once the assignments have reloaded after a write (the screen moves its clock on: an assignment ended now shows as ended). */
  onWritten?: () => void;
  /**
   * A live write that can be undone: its command, what it did in words, and what to say now (the screen
   * says it with an Undo button instead of the plain message).
   */
  onUndoable?: (entry: { commandId: string; label: string; said: string }) => void;
};

/**
 * The managers' planning of assignments, shared by the Assignments screen and the schedule: the New
 * assignment form, the edit form, the one-click changes (end today, remove, a dragged bar) and the
 * conflict dialogs. After every write the assignments reload.
 */
export function useAssignmentPlanning({ engineers, assignments, projects, onWritten, onUndoable }: Options) {
  const onWrittenRef = useRef(onWritten);
  onWrittenRef.current = onWritten;
  const onUndoableRef = useRef(onUndoable);
  onUndoableRef.current = onUndoable;
  /** Says what was done: with Undo when the screen offers it and the write was live, else plainly. */
  const tell = (answer: unknown, label: string, said: string) => {
    const commandId = commandIdOf(answer);
    if (commandId && onUndoableRef.current) onUndoableRef.current({ commandId, label, said });
    else void messageRef.current.success(saidOfWrite(said));
  };
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
            input.mode === 'create' ? planningApi.createAssignment(input.payload) : planningApi.updateAssignment(input.id, input.payload, input.version, input.applyFrom),
          ),
          loadLatest: fromPromise(({ input }) => latestAssignment(input.id)),
        },
        actions: {
          saved: (_, { mode, assignment }) => {
            reload();
            const said = mode === 'create' ? `${assignment.engineerId.name} is now on ${assignment.projectId.name}` : 'Assignment updated';
            tell(assignment, mode === 'create' ? `Put ${assignment.engineerId.name} on ${assignment.projectId.name}` : `Changed ${assignment.engineerId.name}'s assignment on ${assignment.projectId.name}`, said);
          },
          conflicted: () => void loadAssignments(),
        },
      }),
    [],
  );
  const [form, sendForm] = useMachine(formMachine, {
    input: { plan: livePlan, judge: (context) => formOverloads(context, shownPlan(), context.now(), orgTimeZone()) },
  });

  const rowMachine = useMemo(
    () =>
      rowActionMachine.provide({
        actors: {
          run: fromPromise(({ input }) =>
            input.changes === null
              ? planningApi.removeAssignment(input.id, input.version)
              // A drag, a hand-over or an allocation keeps the days before today; an end date picked by hand says itself which day is the last.
              : planningApi.updateAssignment(input.id, input.changes, input.version, input.kind === 'end' ? 'start' : 'today'),
          ),
          loadLatest: fromPromise(({ input }) => latestAssignment(input.id)),
        },
        actions: {
          done: (_, { action, result }) => {
            reload();
            tell(result, action.label, doneMessages[action.kind] ?? 'Assignment updated');
          },
          failed: (_, { message: text }) => void messageRef.current.error(text),
          conflicted: () => void loadAssignments(),
        },
      }),
    [],
  );
  const [row, sendRow] = useMachine(rowMachine);
  const [ending, sendEnding, endingActor] = useMachine(endAssignmentMachine, { input: {} });
  useEffect(() => {
    const subscription = endingActor.on('end', ({ action }) => sendRow({ type: 'RUN', action }));
    return () => subscription.unsubscribe();
  }, [endingActor, sendRow]);

  const impact = useMemo(() => impactOf(form.context, { engineers, assignments }, new Date()), [form.context, engineers, assignments]);
  const weeklyLoad = useWeeklyLoad(form.context);
  const lockedWeek = useLockedWeekNotice(form.context);
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
        lockedWeek={formOpen ? lockedWeek : null}
        send={sendForm}
      />
      <FormConflictDialog
        thing="assignment"
        fields={assignmentConflictFields}
        {...conflictProps(form)}
        send={sendForm}
      />
      <RowConflictDialog
        thing="assignment"
        fields={assignmentConflictFields}
        {...conflictProps(row)}
        send={sendRow}
      />
      <Modal
        open={ending.matches('choosing')}
        title="End this assignment"
        onCancel={() => sendEnding({ type: 'CANCEL' })}
        onOk={() => sendEnding({ type: 'CONFIRM' })}
        okText="End it"
        okButtonProps={{ disabled: ending.context.problem !== null, ...({ 'data-testid': 'end-confirm' } as Record<string, string>) }}
        destroyOnHidden
        width={420}
        data-testid="end-assignment"
      >
        {ending.context.assignment ? (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {ending.context.assignment.engineerId.name} comes off {ending.context.assignment.projectId.name} on the end date: today ends it now.
          </Typography.Paragraph>
        ) : null}
        <label style={{ display: 'block', fontWeight: 500, marginBottom: 4 }} htmlFor="end-date">
          End date
        </label>
        <DatePicker
          id="end-date"
          allowClear={false}
          format="MMM DD, YYYY"
          value={dayjs(ending.context.day)}
          onChange={(day) => day && sendEnding({ type: 'PICK', day: day.format('YYYY-MM-DD') })}
          status={ending.context.problem ? 'error' : undefined}
          style={{ width: '100%' }}
          data-testid="end-date"
        />
        {ending.context.problem ? (
          <Typography.Text type="danger" style={{ fontSize: 13 }} data-testid="end-problem">
            {ending.context.problem}
          </Typography.Text>
        ) : null}
      </Modal>
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
        {canEnd(a) ? (
          <Tooltip title="End on a date">
            <Button
              size="small"
              type="text"
              icon={<StopOutlined />}
              aria-label="End assignment"
              loading={busy && rowAction?.kind === 'end'}
              onClick={() => sendEnding({ type: 'OPEN', assignment: a })}
            />
          </Tooltip>
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
    openCreate: (project?: PickedProject, prefill: CreatePrefill = {}) => sendForm({ type: 'OPEN_CREATE', project, ...prefill }),
    openEdit: (assignment: Assignment) => sendForm({ type: 'OPEN_EDIT', assignment }),
    /** Runs a one-click change (a bar dragged on the schedule) with the same conflict handling as the row actions. */
    run: (action: RowAction) => sendRow({ type: 'RUN', action }),
    /** The change being saved right now, so a screen can keep showing it until the saved data arrives. */
    running: row.matches('running') ? rowAction : null,
  };
}
