import { EditOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Button, message as messageApi, Tooltip } from 'antd';
import { type ReactNode, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { fromPromise } from 'xstate';
import type { Engineer } from '../../../domain/entities.ts';
import { conflictProps, FormConflictDialog } from '../../components/ConflictDialog.tsx';
import { planningApi } from '../planning/index.ts';
import { unlessGone } from '../../lib/api.ts';
import { engineerFormMachine, engineerValuesOf } from './engineerForm.machine.ts';
import { loadAssignments } from '../../stores/assignments.ts';
import { loadEngineers } from '../../stores/engineers.ts';
import { useProfile } from '../../stores/profile.ts';
import { EngineerFormDialog } from './EngineerFormDialog.tsx';
import { engineerConflictFields } from './engineerFields.ts';

/** The directory and the assignments (which show engineers' names) follow an engineer's change. */
const reload = () => {
  void loadEngineers();
  void loadAssignments();
};

/** The managers' planning on the Engineers screen: Add engineer and Edit, with the conflict dialog on a 409. */
export function useEngineerPlanning({ skills }: { skills: readonly string[] }) {
  const [message, messageHolder] = messageApi.useMessage({ maxCount: 3 });
  const messageRef = useRef(message);
  messageRef.current = message;
  const adminRef = useRef(false);
  adminRef.current = useProfile().data?.admin === true;
  const navigateRef = useRef(useNavigate());

  const machine = useMemo(
    () =>
      engineerFormMachine.provide({
        actors: {
          save: fromPromise(({ input }) =>
            input.mode === 'create'
              ? planningApi.registerEngineer(input.payload as Parameters<typeof planningApi.registerEngineer>[0])
              : planningApi.updateEngineer(input.id!, input.payload, input.version!),
          ),
          loadLatest: fromPromise(async ({ input }) => {
            const e = await unlessGone(planningApi.engineer(input.id));
            return e && { values: engineerValuesOf(e), version: e.version };
          }),
        },
        actions: {
          saved: (_, { mode, result }) => {
            reload();
            const engineer = result as Engineer | undefined;
            const name = engineer?.name ?? 'The engineer';
            if (mode !== 'create' || !engineer || !adminRef.current) {
              void messageRef.current.success(mode === 'create' ? `${name} is on the team` : `${name} updated`);
              return;
            }
            // Registering plans someone; signing in is an invitation, which an admin sends on People & access.
            const invite = `/people?${new URLSearchParams({ invite: engineer.email, name: engineer.name, role: 'engineer' })}`;
            void messageRef.current.success({
              content: (
                <span>
                  {name} is on the team.{' '}
                  <Button type="link" size="small" style={{ padding: 0 }} onClick={() => navigateRef.current(invite)} data-testid="invite-registered">
                    Invite them to sign in
                  </Button>
                </span>
              ),
              duration: 8,
            });
          },
          conflicted: reload,
        },
      }),
    [],
  );
  const [state, send] = useMachine(machine);

  const dialogs: ReactNode = (
    <>
      {messageHolder}
      <EngineerFormDialog
        open={!state.matches('closed')}
        saving={state.matches('saving')}
        locked={state.matches('conflict')}
        context={state.context}
        skills={skills}
        send={send}
      />
      <FormConflictDialog
        thing="engineer"
        fields={engineerConflictFields}
        {...conflictProps(state)}
        send={send}
      />
    </>
  );

  const renderActions = (e: Engineer): ReactNode => (
    <Tooltip title="Edit">
      <Button
        size="small"
        type="text"
        icon={<EditOutlined />}
        aria-label="Edit engineer"
        onClick={() => send({ type: 'OPEN_EDIT', id: e._id, version: e.version, values: engineerValuesOf(e) })}
        data-testid="engineer-edit"
        data-engineer={e.name}
      />
    </Tooltip>
  );

  return { dialogs, renderActions, openCreate: () => send({ type: 'OPEN_CREATE' }) };
}
