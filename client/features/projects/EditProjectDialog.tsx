import { Button, Col, Form, Input, InputNumber, Row } from 'antd';
import { DayPicker, DialogTitle, FormAlerts, SkillChecklist } from '../../components/formParts.tsx';
import type { EditFormContext, EditFormEvent } from '../../machines/editForm.machine.ts';
import type { ProjectValues } from './projectEdit.machine.ts';
import { Modal } from '../../components/Modal.tsx';
import { toggledSkill, withSkill } from '../../lib/skills.ts';

type Props = {
  open: boolean;
  saving: boolean;
  /** While the conflict dialog is up, the form stays visible behind it but does not take input. */
  locked: boolean;
  context: EditFormContext<ProjectValues>;
  skills: readonly string[];
  send: (event: EditFormEvent<ProjectValues>) => void;
};

/** Edit project: the fields of the create form; rules and messages come from the machine and the domain. */
export function EditProjectDialog({ open, saving, locked, context, skills, send }: Props) {
  const { form, errors } = context;
  const status = (field: keyof ProjectValues) => (errors[field] ? ('error' as const) : undefined);
  const change = <K extends keyof ProjectValues>(field: K, value: ProjectValues[K]) => send({ type: 'CHANGE', field, value });

  return (
    <Modal
      open={open}
      title={<DialogTitle title="Edit project" subtitle="Change the project's details. Its status moves with the button on its row." />}
      onCancel={() => send({ type: 'CANCEL' })}
      mask={{ closable: false }}
      keyboard={!saving}
      closable={!saving}
      width={640}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={() => send({ type: 'CANCEL' })} disabled={saving}>
          Cancel
        </Button>,
        <Button key="submit" type="primary" loading={saving} disabled={locked && !saving} onClick={() => send({ type: 'SUBMIT' })} data-testid="project-edit-submit">
          {saving ? 'Saving...' : 'Save changes'}
        </Button>,
      ]}
      data-testid="edit-project-dialog"
    >
      <FormAlerts notice={context.notice} submitError={context.submitError} />
      <Form layout="vertical" requiredMark disabled={saving || locked} onFinish={() => send({ type: 'SUBMIT' })} style={{ marginTop: 8 }}>
        <Form.Item label="Project Name" required validateStatus={status('name')} help={errors.name}>
          <Input name="name" value={form.name} onChange={(e) => change('name', e.target.value)} aria-label="Project Name" />
        </Form.Item>
        <Form.Item
          label="Description"
          required
          validateStatus={status('description')}
          help={errors.description}
          extra={`Between 10 and 500 characters (${form.description.trim().length}/500)`}
        >
          <Input.TextArea name="description" rows={3} value={form.description} onChange={(e) => change('description', e.target.value)} aria-label="Description" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label="Start Date" required validateStatus={status('startDate')} help={errors.startDate}>
              <DayPicker value={form.startDate} onChange={(iso) => change('startDate', iso)} aria-label="Start Date" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="End Date" required validateStatus={status('endDate')} help={errors.endDate}>
              <DayPicker value={form.endDate} onChange={(iso) => change('endDate', iso)} aria-label="End Date" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Team Size" required validateStatus={status('teamSize')} help={errors.teamSize} extra="Required number of engineers (1-20)">
          <InputNumber
            style={{ width: '100%', maxWidth: 200 }}
            precision={0}
            value={form.teamSize}
            onChange={(value) => change('teamSize', typeof value === 'number' ? value : null)}
            aria-label="Team Size"
          />
        </Form.Item>
        <Form.Item label="Required Skills" required validateStatus={status('requiredSkills')} help={errors.requiredSkills} style={{ marginBottom: 0 }}>
          <SkillChecklist
            choices={skills}
            selected={form.requiredSkills}
            onToggle={(skill) => change('requiredSkills', toggledSkill(form.requiredSkills, skill))}
            onAdd={(skill) => change('requiredSkills', withSkill(form.requiredSkills, skill))}
          />
        </Form.Item>
        {/* Lets Enter submit from a text field. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
