import { CheckCircleOutlined, EditOutlined, MoreOutlined, QuestionCircleOutlined, UserAddOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Button, Dropdown, message as messageApi, Popconfirm, Tooltip } from 'antd';
import { type ReactNode, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { Project } from '../../../domain/entities.ts';
import { conflictProps, FormConflictDialog, RowConflictDialog } from '../../components/ConflictDialog.tsx';
import { commandIdOf, unlessGone } from '../../lib/api.ts';
import { capacityFactsApi, planningApi } from '../planning/index.ts';
import { projectEditMachine, projectValuesOf } from './projectEdit.machine.ts';
import { rowActionMachine } from '../../machines/rowAction.machine.ts';
import { loadAssignments } from '../../stores/assignments.ts';
import { loadProjects } from '../../stores/projects.ts';
import { saidOfWrite } from '../../stores/viewMode.ts';
import { EditProjectDialog } from './EditProjectDialog.tsx';
import { nextStatus, projectConflictFields, statusAction, statusMove, tentativeAction, tentativeConflictFields, tentativeMove } from './projectActions.ts';

/** The project as saved now; null once it no longer exists. */
const latestProject = (id: string): Promise<Project | null> => unlessGone(planningApi.project(id));

/** Projects and the assignments that show their names and status both follow a project's change. */
const reload = () => {
  void loadProjects();
  void loadAssignments();
};

/**
 * The managers' planning on the Projects screen: edit a project and move its status, each
 * against the version the row showed, with the conflict dialog on a 409.
 */
type Options = {
  skills: readonly string[];
  placeholders: { open: (projectId: string) => void; countOf: (projectId: string) => number };
  /** A live change that can be undone: its command, what it did, and what to say now (with Undo, the screen's way). */
  onUndoable?: (entry: { commandId: string; label: string; said: string }) => void;
};

export function useProjectPlanning({ skills, placeholders, onUndoable }: Options) {
  const [message, messageHolder] = messageApi.useMessage({ maxCount: 3 });
  const messageRef = useRef(message);
  messageRef.current = message;
  const onUndoableRef = useRef(onUndoable);
  onUndoableRef.current = onUndoable;
  /** Says what was done: with Undo when the screen offers it and the change was live, else plainly. */
  const tell = (result: unknown, label: string, said: string) => {
    const commandId = commandIdOf(result);
    if (commandId && onUndoableRef.current) onUndoableRef.current({ commandId, label, said });
    else void messageRef.current.success(saidOfWrite(said));
  };

  const editMachine = useMemo(
    () =>
      projectEditMachine.provide({
        actors: {
          save: fromPromise(({ input }) => planningApi.updateProject(input.id!, input.payload, input.version!)),
          loadLatest: fromPromise(async ({ input }) => {
            const p = await latestProject(input.id);
            return p && { values: projectValuesOf(p), version: p.version };
          }),
        },
        actions: {
          saved: (_, { result }) => {
            reload();
            tell(result, `Edit ${(result as Project | null)?.name ?? 'the project'}`, 'Project updated');
          },
          conflicted: reload,
        },
      }),
    [],
  );
  const [edit, sendEdit] = useMachine(editMachine);

  const statusMachine = useMemo(
    () =>
      rowActionMachine.provide({
        actors: {
          run: fromPromise(({ input }) => planningApi.updateProject(input.id, input.changes ?? {}, input.version)),
          loadLatest: fromPromise(async ({ input }) => {
            const p = await latestProject(input.id);
            return p && { values: { ...projectValuesOf(p), status: p.status }, version: p.version };
          }),
        },
        actions: {
          done: (_, { action, result }) => {
            reload();
            tell(result, action.label, statusMove[action.before.status as Project['status']].done);
          },
          failed: (_, { message: text }) => void messageRef.current.error(text),
          conflicted: reload,
        },
      }),
    [],
  );
  const [row, sendRow] = useMachine(statusMachine);

  // Tentative or confirmed: a pipeline project's assignments count apart until it is won.
  const tentativeMachine = useMemo(
    () =>
      rowActionMachine.provide({
        actors: {
          run: fromPromise(({ input }) => capacityFactsApi.markTentative(input.id, input.changes?.tentative === true, input.version)),
          loadLatest: fromPromise(async ({ input }) => {
            const p = await latestProject(input.id);
            return p && { values: { tentative: p.tentative }, version: p.version };
          }),
        },
        actions: {
          done: (_, { action, result }) => {
            reload();
            tell(result, action.label, action.changes?.tentative ? 'Project marked tentative' : 'Project confirmed');
          },
          failed: (_, { message: text }) => void messageRef.current.error(text),
          conflicted: reload,
        },
      }),
    [],
  );
  const [tentative, sendTentative] = useMachine(tentativeMachine);

  const rowAction = row.context.action;

  const dialogs: ReactNode = (
    <>
      {messageHolder}
      <EditProjectDialog
        open={!edit.matches('closed')}
        saving={edit.matches('saving')}
        locked={edit.matches('conflict')}
        context={edit.context}
        skills={skills}
        send={sendEdit}
      />
      <FormConflictDialog
        thing="project"
        fields={projectConflictFields}
        {...conflictProps(edit)}
        send={sendEdit}
      />
      <RowConflictDialog
        thing="project"
        fields={projectConflictFields}
        {...conflictProps(row)}
        send={sendRow}
      />
      <RowConflictDialog thing="project" fields={tentativeConflictFields} {...conflictProps(tentative)} send={sendTentative} />
    </>
  );
  const tentativeBusyId = tentative.matches('running') ? tentative.context.action?.id : undefined;

  const busyId = row.matches('running') ? rowAction?.id : undefined;

  const renderActions = (p: Project): ReactNode => {
    const move = statusMove[p.status];
    return (
      <div style={{ display: 'flex', gap: 4, alignItems: 'center', whiteSpace: 'nowrap' }} data-testid="project-actions" data-project={p.name}>
        <Tooltip title="Edit">
          <Button
            size="small"
            type="text"
            icon={<EditOutlined />}
            aria-label="Edit project"
            onClick={() => sendEdit({ type: 'OPEN_EDIT', id: p._id, version: p.version, values: projectValuesOf(p) })}
          />
        </Tooltip>
        <Popconfirm title={move.title} description={move.description} okText={move.button} onConfirm={() => sendRow({ type: 'RUN', action: statusAction(p) })}>
          <Button size="small" loading={busyId === p._id} data-next-status={nextStatus[p.status]}>
            {move.button}
          </Button>
        </Popconfirm>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              ...(p.tentative || p.status !== 'completed'
                ? [{ key: 'tentative', icon: p.tentative ? <CheckCircleOutlined /> : <QuestionCircleOutlined />, label: tentativeMove(p).menu }]
                : []),
              { key: 'placeholders', icon: <UserAddOutlined />, label: `Open roles (${placeholders.countOf(p._id)})` },
            ],
            onClick: ({ key }) => (key === 'tentative' ? sendTentative({ type: 'RUN', action: tentativeAction(p) }) : placeholders.open(p._id)),
          }}
        >
          <Button size="small" type="text" icon={<MoreOutlined />} aria-label="More actions" loading={tentativeBusyId === p._id} data-testid="project-more" />
        </Dropdown>
      </div>
    );
  };

  /** The status move a project allows (Activate, Complete, Reopen), asked first. */
  const renderStatusButton = (p: Project): ReactNode => {
    const move = statusMove[p.status];
    return (
      <Popconfirm title={move.title} description={move.description} okText={move.button} onConfirm={() => sendRow({ type: 'RUN', action: statusAction(p) })}>
        <Button loading={busyId === p._id} data-next-status={nextStatus[p.status]} data-testid="project-status-move">
          {move.button}
        </Button>
      </Popconfirm>
    );
  };

  return {
    dialogs,
    renderActions,
    renderStatusButton,
    openEdit: (p: Project) => sendEdit({ type: 'OPEN_EDIT', id: p._id, version: p.version, values: projectValuesOf(p) }),
    /** Marks the project tentative, or confirms it, against the version shown. */
    toggleTentative: (p: Project) => sendTentative({ type: 'RUN', action: tentativeAction(p) }),
    tentativeBusy: (id: string) => tentativeBusyId === id,
  };
}
