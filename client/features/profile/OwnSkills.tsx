import { EditOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Alert, Button, message as messageApi, Space, Tag, Typography } from 'antd';
import { useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { Engineer } from '../../../domain/entities.ts';
import { sortedUnique } from '../../../domain/figures.ts';
import { conflictProps, FormConflictDialog } from '../../components/ConflictDialog.tsx';
import { SkillsSelect } from '../../components/SkillsSelect.tsx';
import type { FieldSpec } from '../../lib/conflict.ts';
import { planningApi } from '../planning/index.ts';
import { unlessGone } from '../../lib/api.ts';
import { skillsFormMachine } from './skillsForm.machine.ts';
import { loadEngineers } from '../../stores/engineers.ts';
import { loadProfile } from '../../stores/profile.ts';

const fields: FieldSpec[] = [{ key: 'skills', label: 'Skills' }];

type Props = {
  skills: readonly string[];
  /** The signed-in engineer's record in the directory: its version is what the edit is made against. */
  self: Pick<Engineer, '_id' | 'version' | 'skills'> | undefined;
  /** Every engineer, for suggestions. */
  engineers: readonly Pick<Engineer, 'skills'>[];
  editable: boolean;
};

const reload = () => {
  void loadProfile();
  void loadEngineers();
};

/** The Skills of the Profile screen; the signed-in engineer keeps them up to date. */
export function OwnSkills({ skills, self, engineers, editable }: Props) {
  const [message, messageHolder] = messageApi.useMessage({ maxCount: 2 });
  const messageRef = useRef(message);
  messageRef.current = message;

  const machine = useMemo(
    () =>
      skillsFormMachine.provide({
        actors: {
          save: fromPromise(({ input }) => planningApi.updateEngineer(input.id!, input.payload, input.version!)),
          loadLatest: fromPromise(async ({ input }) => {
            const e = await unlessGone(planningApi.engineer(input.id));
            return e && { values: { skills: e.skills }, version: e.version };
          }),
        },
        actions: {
          saved: () => {
            reload();
            void messageRef.current.success('Skills updated');
          },
          conflicted: reload,
        },
      }),
    [],
  );
  const [state, send] = useMachine(machine);
  const suggestions = useMemo(() => sortedUnique(engineers.map((e) => e.skills)), [engineers]);
  const editing = !state.matches('closed');
  const saving = state.matches('saving');

  return (
    <div data-testid="profile-skills-section">
      {messageHolder}
      {editing ? (
        <div style={{ display: 'grid', gap: 8 }}>
          {state.context.notice ? <Alert type="info" showIcon title={state.context.notice} data-testid="form-notice" /> : null}
          {state.context.submitError ? <Alert type="error" showIcon title={state.context.submitError} data-testid="form-error" /> : null}
          <SkillsSelect
            value={state.context.form.skills}
            options={suggestions}
            onChange={(value) => send({ type: 'CHANGE', field: 'skills', value })}
            disabled={saving || state.matches('conflict')}
            status={state.context.errors.skills ? 'error' : undefined}
            aria-label="Your skills"
            data-testid="skills-editor"
          />
          {state.context.errors.skills ? <Typography.Text type="danger">{state.context.errors.skills}</Typography.Text> : null}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Pick known skills or type a new one and press Enter.
          </Typography.Text>
          <Space wrap>
            <Button type="primary" size="small" loading={saving} onClick={() => send({ type: 'SUBMIT' })} data-testid="skills-save">
              {saving ? 'Saving...' : 'Save skills'}
            </Button>
            <Button size="small" onClick={() => send({ type: 'CANCEL' })} disabled={saving}>
              Cancel
            </Button>
          </Space>
        </div>
      ) : (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6, alignItems: 'center' }}>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }} data-testid="profile-skills">
            {skills.length === 0 ? (
              <Typography.Text type="secondary">No skills listed</Typography.Text>
            ) : (
              skills.map((skill) => (
                <Tag key={skill} color="blue" style={{ marginInlineEnd: 0 }}>
                  {skill}
                </Tag>
              ))
            )}
          </div>
          {editable ? (
            <Button
              size="small"
              type="link"
              icon={<EditOutlined />}
              disabled={!self}
              onClick={() => self && send({ type: 'OPEN_EDIT', id: self._id, version: self.version, values: { skills: [...self.skills] } })}
              data-testid="edit-skills"
              style={{ paddingInline: 4 }}
            >
              Edit skills
            </Button>
          ) : null}
        </div>
      )}
      <FormConflictDialog
        thing="engineer"
        fields={fields}
        {...conflictProps(state)}
        send={send}
      />
    </div>
  );
}
