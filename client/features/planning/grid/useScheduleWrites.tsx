import { useActorRef, useMachine, useSelector } from '@xstate/react';
import { Button, message as messageApi } from 'antd';
import { type ReactNode, type RefObject, useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { dateOfDay } from '../../../../domain/capacity/calendar-days.ts';
import type { Assignment, Engineer, Placeholder, Project } from '../../../../domain/entities.ts';
import { useAssignmentPlanning } from '../assignment-planning/AssignmentPlanning.tsx';
import { OverloadConfirm } from '../../../components/OverloadConfirm.tsx';
import { commandIdOf } from '../../../lib/api.ts';
import { bulkOverloads, dropOverloads, overloadsInPlan } from '../../../lib/overloads.ts';
import { bulkChangeAssignments } from './bulkApi.ts';
import { undoCommand } from '../undoApi.ts';
import { barDragMachine } from '../../../machines/barDrag.machine.ts';
import { barSelectionMachine } from '../../../machines/barSelection.machine.ts';
import { cellSelectMachine } from '../../../machines/cellSelect.machine.ts';
import { type UndoEntry, undoMachine } from '../../../machines/undo.machine.ts';
import { placeholderFillMachine } from './placeholderFill.machine.ts';
import { timeOffFormMachine } from '../../../machines/capacityFactForms.machine.ts';
import { assignmentsStore, loadAssignments } from '../../../stores/assignments.ts';
import { shownPlan } from '../../../stores/plan.ts';
import { useReach } from '../../../stores/reach.ts';
import { engineersStore } from '../../../stores/engineers.ts';
import { projectsStore } from '../../../stores/projects.ts';
import { daysOf } from '../../../components/grid/axis.ts';
import { BulkConflictDialog } from '../../../components/grid/BulkBar.tsx';
import { draggedDates } from './drag.ts';
import { FillDialog } from './FillDialog.tsx';
import { scheduleApi } from './scheduleApi.ts';
import { TimeOffDialog } from '../time-off/TimeOffDialog.tsx';

/** What the drag preview reads of the live plan (the collections as they are when asked). */
const livePlan = () => ({ engineers: engineersStore.data, assignments: assignmentsStore.data });

type Options = {
  engineers: readonly Engineer[];
  assignments: readonly Assignment[];
  projects: readonly Project[];
  timeZone: RefObject<string>;
  /** Fetch the schedule again now: something was saved. */
  reload: () => void;
};

/** How long an Undo toast stays. */
const UNDO_TOAST_SECONDS = 10;

/**
 * Every change a manager makes from the schedule, with its dialogs: a bar dragged (asked first when it
 * makes or worsens an overload; a stale version gets the conflict dialog; onto another row, handed
 * over), a bar clicked (the edit form), new work from empty cells, several bars changed at once, a
 * placeholder filled, time off booked. A live change of assignments says what it did with an Undo
 * button, and Ctrl+Z undoes the newest. After each write the schedule is fetched again.
 */
export function useScheduleWrites({ engineers, assignments, projects, timeZone, reload }: Options) {
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  const [message, messageHolder] = messageApi.useMessage({ maxCount: 3 });
  const messageRef = useRef(message);
  messageRef.current = message;

  const undoMachineProvided = useMemo(
    () => undoMachine.provide({ actors: { undo: fromPromise(({ input }) => undoCommand(input.commandId)) } }),
    [],
  );
  const undo = useActorRef(undoMachineProvided);
  const undoing = useSelector(undo, (s) => s.matches('undoing'));
  /** Says what a change did, with its Undo button, and keeps it for Ctrl+Z. */
  const offerUndo = (entry: UndoEntry & { said: string }) => {
    undo.send({ type: 'RECORD', entry: { commandId: entry.commandId, label: entry.label } });
    void messageRef.current.open({
      key: entry.commandId,
      type: 'success',
      duration: UNDO_TOAST_SECONDS,
      content: (
        <span data-testid="undo-toast" data-command={entry.commandId}>
          {entry.said}
          <Button
            size="small"
            type="link"
            onClick={() => {
              messageRef.current.destroy(entry.commandId);
              undo.send({ type: 'UNDO_ONE', commandId: entry.commandId });
            }}
            data-testid="undo-button"
            style={{ marginLeft: 8 }}
          >
            Undo
          </Button>
        </span>
      ),
    });
  };
  const offerUndoRef = useRef(offerUndo);
  offerUndoRef.current = offerUndo;
  useEffect(() => {
    const subscriptions = [
      undo.on('undone', ({ entry }) => {
        messageRef.current.destroy(entry.commandId);
        void messageRef.current.success({ content: <span data-testid="undo-done">Undone: {entry.label}</span> });
        void loadAssignments();
        reloadRef.current();
      }),
      undo.on('failed', ({ entry, message: why }) => {
        void messageRef.current.error({ content: <span data-testid="undo-failed">Could not undo "{entry.label}": {why}</span>, duration: 8 });
        void loadAssignments();
      }),
      undo.on('nothing', () => void messageRef.current.info('Nothing to undo here')),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [undo]);

  const planning = useAssignmentPlanning({
    engineers,
    assignments,
    projects,
    onWritten: () => reloadRef.current(),
    onUndoable: (entry) => offerUndoRef.current(entry),
  });
  const planningRef = useRef(planning);
  planningRef.current = planning;

  const selectionMachine = useMemo(
    () =>
      barSelectionMachine.provide({
        actors: {
          bulk: fromPromise(({ input }) => bulkChangeAssignments(input.changes)),
          overloads: fromPromise(async ({ input }) => bulkOverloads(shownPlan(), input.selected, input.changes, new Date(), timeZone.current)),
        },
      }),
    [],
  );
  const selection = useActorRef(selectionMachine);
  useEffect(() => {
    const subscription = selection.on('saved', ({ answer, label }) => {
      const commandId = commandIdOf(answer);
      if (commandId) offerUndoRef.current({ commandId, label, said: label });
      else void messageRef.current.success(label);
      void loadAssignments();
      reloadRef.current();
    });
    return () => subscription.unsubscribe();
  }, [selection]);
  const bulkConflict = useSelector(selection, (s) => (s.matches('conflict') ? s.context.conflict : null));
  const bulkQuestion = useSelector(selection, (s) => (s.matches('confirming') ? s.context.overloads : null));

  const cells = useActorRef(cellSelectMachine);
  // Who the manager may change (client/stores/reach.ts), read when a bar is dropped on someone.
  const reach = useReach();
  const reachRef = useRef(reach);
  reachRef.current = reach;

  const drag = useActorRef(barDragMachine, {
    input: {
      drag: (a, edge, days) => draggedDates(a, edge, days, timeZone.current),
      plan: livePlan,
      judge: (a, dates, target) => dropOverloads(shownPlan(), a, dates, target?._id ?? null, new Date(), timeZone.current),
      refusal: (target) => reachRef.current.outOfReach(target),
    },
  });
  useEffect(() => {
    // A write refused before it is sent (a scoped manager's other team): said as the row says it.
    const refused = ({ reason }: { reason: string }) => void messageRef.current.warning({ content: <span data-testid="out-of-reach-refusal">{reason}</span> });
    const subscriptions = [
      drag.on('open', ({ assignment }) => planningRef.current.openEdit(assignment)),
      drag.on('commit', ({ action }) => planningRef.current.run(action)),
      drag.on('refused', refused),
      cells.on('refused', refused),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [drag, cells]);
  // The days and the peak of a drop, judged where it was dropped by the rule the API answers with.
  const dropQuestion = useSelector(drag, (s) => (s.matches('confirming') ? s.context.overloads : null));

  const fillMachine = useMemo(
    () =>
      placeholderFillMachine.provide({
        actors: {
          suitable: fromPromise(({ input }) => scheduleApi.suitable(input.placeholder.projectId, input.from, input.to, input.placeholder.allocationPercentage)),
          overloads: fromPromise(async ({ input }) => {
            const { projectId, allocationPercentage, startDate, endDate } = input.placeholder;
            return overloadsInPlan(shownPlan(), [{ before: null, after: { engineerId: input.engineerId, projectId, allocationPercentage, startDate, endDate } }], timeZone.current);
          }),
          fill: fromPromise(({ input }) => scheduleApi.fill(input.projectId, input.placeholderId, input.engineerId, input.version)),
          latest: fromPromise(async ({ input }) => {
            const [project, open] = await Promise.all([scheduleApi.project(input.projectId), scheduleApi.placeholders(input.projectId)]);
            return { version: project.version, placeholder: open.find((p) => p._id === input.placeholderId) ?? null };
          }),
        },
      }),
    [],
  );
  const fill = useActorRef(fillMachine);
  useEffect(() => {
    const subscription = fill.on('filled', ({ assignment }) => {
      void messageRef.current.success(`${assignment.engineerId.name} is now on ${assignment.projectId.name}`);
      void loadAssignments();
      reloadRef.current();
    });
    return () => subscription.unsubscribe();
  }, [fill]);
  const fillStep = useSelector(fill, (s) => s.value as Parameters<typeof FillDialog>[0]['step']);
  const fillContext = useSelector(fill, (s) => s.context);

  const timeOffMachine = useMemo(
    () =>
      timeOffFormMachine.provide({
        actors: {
          save: fromPromise(({ input }) => {
            const { engineerId, ...booking } = input.payload as Parameters<typeof scheduleApi.bookTimeOff>[1] & { engineerId: string };
            return scheduleApi.bookTimeOff(engineerId, booking);
          }),
        },
        actions: {
          saved: () => {
            void messageRef.current.success('Time off booked');
            reloadRef.current();
          },
        },
      }),
    [],
  );
  const [timeOff, sendTimeOff] = useMachine(timeOffMachine);

  const openFill = (p: Placeholder) => {
    const project = projectsStore.data.find((x) => x._id === p.projectId);
    const { startDay, endDay } = daysOf(p, timeZone.current);
    fill.send({
      type: 'OPEN',
      target: { placeholder: p, projectName: project?.name ?? 'the project', version: project?.version ?? p.version, from: dateOfDay(startDay), to: dateOfDay(Math.max(endDay - 1, startDay)) },
    });
  };
  const openTimeOff = (engineer: Pick<Engineer, '_id' | 'name'>, from: string) =>
    sendTimeOff({ type: 'OPEN_CREATE', values: { engineerId: engineer._id, engineerName: engineer.name, from, to: from } });

  const dialogs: ReactNode = (
    <>
      {messageHolder}
      {planning.dialogs}
      <OverloadConfirm overloads={dropQuestion} onConfirm={() => drag.send({ type: 'CONFIRM' })} onCancel={() => drag.send({ type: 'BACK' })} />
      <FillDialog step={fillStep} context={fillContext} send={fill.send} />
      <OverloadConfirm
        overloads={bulkQuestion}
        action={bulkQuestion ? 'A bulk change of the assignments chosen, from today on.' : undefined}
        onConfirm={() => selection.send({ type: 'CONFIRM' })}
        onCancel={() => selection.send({ type: 'BACK' })}
      />
      <BulkConflictDialog conflict={bulkConflict} onClose={() => selection.send({ type: 'CLOSE' })} />
      <TimeOffDialog open={!timeOff.matches('closed')} saving={timeOff.matches('saving')} whose={timeOff.context.form.engineerName ?? ''} context={timeOff.context} send={sendTimeOff} />
    </>
  );

  return {
    drag,
    cells,
    selection,
    undo,
    undoing,
    running: planning.running,
    openEdit: (a: Assignment) => planningRef.current.openEdit(a),
    openCreate: (...args: Parameters<typeof planning.openCreate>) => planningRef.current.openCreate(...args),
    openFill,
    openTimeOff,
    dialogs,
  };
}
