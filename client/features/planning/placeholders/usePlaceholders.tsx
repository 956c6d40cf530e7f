import { useMachine } from '@xstate/react';
import { message as messageApi } from 'antd';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { Placeholder, Project } from '../../../../domain/entities.ts';
import { capacityFactsApi } from '../capacityFactsApi.ts';
import { placeholderFormMachine, type PlaceholderValues } from '../../../machines/capacityFactForms.machine.ts';
import { rowActionMachine } from '../../../machines/rowAction.machine.ts';
import { loadPlaceholders, placeholdersStore, usePlaceholders } from '../../../stores/capacityFacts.ts';
import { useCanPlan } from '../../../stores/permissions.ts';
import { loadProjects } from '../../../stores/projects.ts';
import { saidOfWrite } from '../../../stores/viewMode.ts';
import { conflictProps, FormConflictDialog, RowConflictDialog } from '../../../components/ConflictDialog.tsx';
import { PlaceholderFormDialog } from './PlaceholderFormDialog.tsx';
import { PlaceholdersDialog } from './PlaceholdersDialog.tsx';
import {
  newPlaceholderValues, placeholderConflictFields, placeholdersOf, placeholderValuesOf, removePlaceholderAction,
} from './placeholderRows.ts';

/** The placeholders and the projects' versions (which every placeholder write sends) follow each write. */
const reload = () => {
  void loadPlaceholders();
  void loadProjects();
};

const projectOf = (placeholderId: string) => placeholdersStore.data.find((p) => p._id === placeholderId)?.projectId ?? '';

async function latestPlaceholder(placeholderId: string) {
  const current = await capacityFactsApi.currentPlaceholder(projectOf(placeholderId), placeholderId);
  return current && { values: placeholderValuesOf(current.item), version: current.version };
}

/**
 * A project's placeholders: the list dialog, add and edit (against the project's version, with the
 * form conflict dialog on a 409) and remove (a one-click change with its own conflict dialog).
 */
export function usePlaceholderPlanning({ projects, skills }: { projects: readonly Project[]; skills: readonly string[] }) {
  const [projectId, setProjectId] = useState<string | null>(null);
  const canEdit = useCanPlan();
  const placeholders = usePlaceholders();
  const [message, messageHolder] = messageApi.useMessage({ maxCount: 3 });
  const messageRef = useRef(message);
  messageRef.current = message;

  const formMachine = useMemo(
    () =>
      placeholderFormMachine.provide({
        actors: {
          save: fromPromise(({ input }) => {
            const { projectId: owner, ...fields } = input.payload as Partial<PlaceholderValues> & { projectId?: string };
            if (input.mode === 'create') return capacityFactsApi.addPlaceholder(owner ?? '', fields as Parameters<typeof capacityFactsApi.addPlaceholder>[1]);
            return capacityFactsApi.updatePlaceholder(projectOf(input.id!), input.id!, fields as Parameters<typeof capacityFactsApi.updatePlaceholder>[2], input.version!);
          }),
          loadLatest: fromPromise(({ input }) => latestPlaceholder(input.id)),
        },
        actions: {
          saved: (_, { mode }) => {
            reload();
            void messageRef.current.success(saidOfWrite(mode === 'create' ? 'Placeholder added' : 'Placeholder updated'));
          },
          conflicted: reload,
        },
      }),
    [],
  );
  const [form, sendForm] = useMachine(formMachine);

  const removeMachine = useMemo(
    () =>
      rowActionMachine.provide({
        actors: {
          run: fromPromise(({ input }) => capacityFactsApi.removePlaceholder(projectOf(input.id), input.id, input.version)),
          loadLatest: fromPromise(({ input }) => latestPlaceholder(input.id)),
        },
        actions: {
          done: () => {
            reload();
            void messageRef.current.success(saidOfWrite('Placeholder removed'));
          },
          failed: (_, { message: text }) => void messageRef.current.error(text),
          conflicted: reload,
        },
      }),
    [],
  );
  const [row, sendRow] = useMachine(removeMachine);

  const project = projects.find((p) => p._id === projectId) ?? null;
  const formProject = projects.find((p) => p._id === form.context.form.projectId);
  const countOf = (id: string) => placeholders.data.filter((p) => p.projectId === id).length;

  const dialogs: ReactNode = (
    <>
      {messageHolder}
      <PlaceholdersDialog
        open={project !== null}
        projectName={project?.name ?? ''}
        placeholders={project ? placeholdersOf(placeholders.data, project._id) : []}
        canEdit={canEdit && project?.status !== 'completed'}
        onAdd={() => project && sendForm({ type: 'OPEN_CREATE', values: newPlaceholderValues(project) })}
        onEdit={(p: Placeholder) => project && sendForm({ type: 'OPEN_EDIT', id: p._id, version: project.version, values: placeholderValuesOf(p) })}
        onRemove={(p: Placeholder) => project && sendRow({ type: 'RUN', action: removePlaceholderAction(p, project) })}
        busyId={row.matches('running') ? row.context.action?.id : undefined}
        onClose={() => setProjectId(null)}
      />
      <PlaceholderFormDialog
        open={!form.matches('closed')}
        saving={form.matches('saving')}
        locked={form.matches('conflict')}
        projectName={formProject?.name ?? 'The project'}
        context={form.context}
        skills={skills}
        send={sendForm}
      />
      <FormConflictDialog thing="project" fields={placeholderConflictFields} {...conflictProps(form)} send={sendForm} />
      <RowConflictDialog thing="project" fields={placeholderConflictFields} {...conflictProps(row)} send={sendRow} />
    </>
  );

  return { dialogs, open: (id: string) => setProjectId(id), countOf };
}
