import { Alert, Button, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { EditFormContext, EditFormEvent } from '../../machines/editForm.machine.ts';
import type { ProjectValues } from '../../machines/projectEdit.machine.ts';

type Props = {
  open: boolean;
  saving: boolean;
  /** While the conflict dialog is up, the form stays visible behind it but does not take input. */
  locked: boolean;
  context: EditFormContext<ProjectValues>;
  skills: readonly string[];
  send: (event: EditFormEvent<ProjectValues>) => void;
};

/** The picked day at local midnight, as ISO; a cleared picker is empty (-> 'Start date is required'). */
const pickedIso = (day: Dayjs | null) => (day ? day.startOf('day').toISOString() : '');

/** Edit project: the fields of the create form; rules and messages come from the machine and the domain. */
export function EditProjectDialog({ open, saving, locked, context, skills, send }: Props) {
  const { form, errors } = context;
  const status = (field: keyof ProjectValues) => (errors[field] ? ('error' as const) : undefined);
  const change = <K extends keyof ProjectValues>(field: K, value: ProjectValues[K]) => send({ type: 'CHANGE', field, value });
  const choices = [...new Set([...skills, ...form.requiredSkills])].sort((a, b) => a.localeCompare(b));

  return (
    <Modal
      open={open}
      title={
        <div>
          <div>Edit project</div>
          <Typography.Text type="secondary" style={{ fontWeight: 400, fontSize: 13 }}>
            Change the project's details. Its status moves with the button on its row.
          </Typography.Text>
        </div>
      }
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
      {context.notice ? <Alert type="info" showIcon title={context.notice} style={{ marginBottom: 12 }} data-testid="form-notice" /> : null}
      {context.submitError ? <Alert type="error" showIcon title={context.submitError} style={{ marginBottom: 12 }} data-testid="form-error" /> : null}
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
              <DatePicker
                style={{ width: '100%' }}
                placeholder="Pick a date"
                format="MMM DD, YYYY"
                value={form.startDate ? dayjs(form.startDate) : null}
                onChange={(day) => change('startDate', pickedIso(day))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="End Date" required validateStatus={status('endDate')} help={errors.endDate}>
              <DatePicker
                style={{ width: '100%' }}
                placeholder="Pick a date"
                format="MMM DD, YYYY"
                value={form.endDate ? dayjs(form.endDate) : null}
                onChange={(day) => change('endDate', pickedIso(day))}
              />
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
          <div>
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, maxHeight: 168, overflowY: 'auto', padding: 2 }}>
              {choices.map((skill) => {
                const checked = form.requiredSkills.includes(skill);
                return (
                  <Tag.CheckableTag
                    key={skill}
                    checked={checked}
                    onChange={() =>
                      change('requiredSkills', checked ? form.requiredSkills.filter((s) => s !== skill) : [...form.requiredSkills, skill])
                    }
                    style={{
                      marginInlineEnd: 0,
                      border: `1px solid ${checked ? '#2563eb' : '#e2e8f0'}`,
                      padding: '2px 10px',
                      borderRadius: 999,
                    }}
                  >
                    {skill}
                  </Tag.CheckableTag>
                );
              })}
            </div>
            <div style={{ marginTop: 10, fontSize: 13 }}>
              <Typography.Text type="secondary">Selected: </Typography.Text>
              {form.requiredSkills.length > 0 ? (
                <Typography.Text strong>{form.requiredSkills.join(', ')}</Typography.Text>
              ) : (
                <Typography.Text type="secondary">none yet</Typography.Text>
              )}
            </div>
          </div>
        </Form.Item>
        {/* Lets Enter submit from a text field. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
