import { EditOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Button, message as messageApi, Popconfirm, Tooltip } from 'antd';
import { type ReactNode, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { Project } from '../../../domain/entities.ts';
import { ConflictDialog } from '../../components/ConflictDialog.tsx';
import { conflictRows } from '../../lib/conflict.ts';
import { isNotFound, planningApi } from '../../lib/planningApi.ts';
import { projectEditMachine, projectValuesOf } from '../../machines/projectEdit.machine.ts';
import { rowActionMachine } from '../../machines/rowAction.machine.ts';
import { loadAssignments } from '../../stores/assignments.ts';
import { loadProjects } from '../../stores/projects.ts';
import { EditProjectDialog } from './EditProjectDialog.tsx';
import { nextStatus, projectConflictFields, statusAction, statusMove } from './helpers.ts';

/** The project as saved now; null once it no longer exists. */
async function latestProject(id: string): Promise<Project | null> {
  try {
    return await planningApi.project(id);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** Projects and the assignments that show their names and status both follow a project's change. */
const reload = () => {
  void loadProjects();
  void loadAssignments();
};

/**
 * The managers' planning on the Projects screen (issue 5): edit a project and move its status, each
 * against the version the row showed, with the conflict dialog on a 409.
 */
export function useProjectPlanning({ skills }: { skills: readonly string[] }) {
  const [message, messageHolder] = messageApi.useMessage({ maxCount: 3 });
  const messageRef = useRef(message);
  messageRef.current = message;

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
          saved: () => {
            reload();
            void messageRef.current.success('Project updated');
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
          done: (_, { action }) => {
            reload();
            void messageRef.current.success(statusMove[action.before.status as Project['status']].done);
          },
          failed: (_, { message: text }) => void messageRef.current.error(text),
          conflicted: reload,
        },
      }),
    [],
  );
  const [row, sendRow] = useMachine(statusMachine);

  const editConflict = edit.context.conflict;
  const rowConflict = row.context.conflict;
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
      <ConflictDialog
        kind="form"
        open={edit.matches('conflict')}
        thing="project"
        message={editConflict?.message ?? ''}
        loading={edit.matches({ conflict: 'loading' })}
        removed={editConflict?.removed ?? false}
        loadError={editConflict?.loadError ?? null}
        rows={conflictRows(projectConflictFields, edit.context.base, edit.context.form, editConflict?.latest ?? null)}
        onReapply={() => sendEdit({ type: 'REAPPLY' })}
        onTakeLatest={() => sendEdit({ type: 'TAKE_LATEST' })}
        onRetryLoad={() => sendEdit({ type: 'RETRY_LOAD' })}
        onClose={() => sendEdit({ type: 'CANCEL' })}
      />
      <ConflictDialog
        kind="action"
        open={row.matches('conflict')}
        thing="project"
        message={rowConflict?.message ?? ''}
        actionLabel={rowAction?.label ?? ''}
        loading={row.matches({ conflict: 'loading' })}
        removed={rowConflict?.removed ?? false}
        loadError={rowConflict?.loadError ?? null}
        rows={rowAction ? conflictRows(projectConflictFields, rowAction.before, { ...rowAction.before, ...rowAction.changes }, rowConflict?.latest ?? null) : []}
        onRetry={() => sendRow({ type: 'RETRY' })}
        onRetryLoad={() => sendRow({ type: 'RETRY_LOAD' })}
        onClose={() => sendRow({ type: 'CLOSE' })}
      />
    </>
  );

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
      </div>
    );
  };

  return { dialogs, renderActions };
}
