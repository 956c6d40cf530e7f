import { Alert, Button, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ProjectStatus } from '../../../domain/entities.ts';
import type { CreateProjectContext, CreateProjectEvent, ProjectField } from '../../machines/createProject.machine.ts';

type Props = {
  open: boolean;
  submitting: boolean;
  context: CreateProjectContext;
  skills: readonly string[];
  managerId: string | undefined;
  send: (event: CreateProjectEvent) => void;
};

const statusOptions: { value: ProjectStatus; label: string }[] = [
  { value: 'planning', label: 'Planning' },
  { value: 'active', label: 'Active' },
  { value: 'completed', label: 'Completed' },
];

/** Days before today cannot be picked (spec §5). */
const beforeToday = (day: Dayjs) => day.isBefore(dayjs().startOf('day'));

/** The picked day at local midnight, as ISO; a cleared picker is empty (-> 'Start date is required'). */
const pickedIso = (day: Dayjs | null) => (day ? day.startOf('day').toISOString() : '');

/** The Create New Project dialog; every rule and message comes from the machine and the domain schema. */
export function CreateProjectDialog({ open, submitting, context, skills, managerId, send }: Props) {
  const { form, errors, submitError } = context;
  const status = (field: ProjectField) => (errors[field] ? ('error' as const) : undefined);
  const help = (field: ProjectField) => errors[field] ?? undefined;

  return (
    <Modal
      open={open}
      title={
        <div>
          <div>Create New Project</div>
          <Typography.Text type="secondary" style={{ fontWeight: 400, fontSize: 13 }}>
            Add a new project to your portfolio. Fill in all the required information below.
          </Typography.Text>
        </div>
      }
      onCancel={() => send({ type: 'CANCEL' })}
      mask={{ closable: !submitting }}
      keyboard={!submitting}
      closable={!submitting}
      width={640}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={() => send({ type: 'CANCEL' })} disabled={submitting}>
          Cancel
        </Button>,
        <Button
          key="submit"
          type="primary"
          loading={submitting}
          disabled={submitting}
          onClick={() => send({ type: 'SUBMIT', managerId })}
          data-testid="create-project-submit"
        >
          {submitting ? 'Creating...' : 'Create Project'}
        </Button>,
      ]}
      data-testid="create-project-dialog"
    >
      {submitError ? <Alert type="error" showIcon title={submitError} style={{ marginBottom: 16 }} /> : null}
      <Form
        layout="vertical"
        requiredMark
        disabled={submitting}
        onFinish={() => send({ type: 'SUBMIT', managerId })}
        style={{ marginTop: 8 }}
      >
        <Form.Item label="Project Name" required validateStatus={status('name')} help={help('name')} extra="A clear, descriptive name for the project">
          <Input
            name="name"
            placeholder="e.g. Customer Portal Redesign"
            value={form.name}
            onChange={(e) => send({ type: 'CHANGE', field: 'name', value: e.target.value })}
          />
        </Form.Item>
        <Form.Item label="Description" required validateStatus={status('description')} help={help('description')} extra={`Between 10 and 500 characters (${form.description.trim().length}/500)`}>
          <Input.TextArea
            name="description"
            placeholder="What is this project about, and what does it deliver?"
            rows={3}
            value={form.description}
            onChange={(e) => send({ type: 'CHANGE', field: 'description', value: e.target.value })}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label="Start Date" required validateStatus={status('startDate')} help={help('startDate')}>
              <DatePicker
                style={{ width: '100%' }}
                placeholder="Pick a date"
                format="MMM DD, YYYY"
                disabledDate={beforeToday}
                value={form.startDate ? dayjs(form.startDate) : null}
                onChange={(day) => send({ type: 'CHANGE', field: 'startDate', value: pickedIso(day) })}
                data-testid="start-date"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="End Date" required validateStatus={status('endDate')} help={help('endDate')}>
              <DatePicker
                style={{ width: '100%' }}
                placeholder="Pick a date"
                format="MMM DD, YYYY"
                disabledDate={beforeToday}
                value={form.endDate ? dayjs(form.endDate) : null}
                onChange={(day) => send({ type: 'CHANGE', field: 'endDate', value: pickedIso(day) })}
                data-testid="end-date"
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label="Team Size" required validateStatus={status('teamSize')} help={help('teamSize')} extra="Required number of engineers (1-20)">
              <InputNumber
                name="teamSize"
                style={{ width: '100%' }}
                precision={0}
                value={form.teamSize}
                onChange={(value) => send({ type: 'CHANGE', field: 'teamSize', value })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Project Status" required validateStatus={status('status')} help={help('status')}>
              <Select<ProjectStatus>
                placeholder="Select status"
                allowClear
                options={statusOptions}
                value={form.status === '' ? undefined : form.status}
                onChange={(value) => send({ type: 'CHANGE', field: 'status', value: value ?? null })}
                data-testid="status-select"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Required Skills" required validateStatus={status('requiredSkills')} help={help('requiredSkills')} style={{ marginBottom: 0 }}>
          <div>
            <div
              style={{ display: 'flex', flexWrap: 'wrap', gap: 8, maxHeight: 168, overflowY: 'auto', padding: 2 }}
              data-testid="skill-options"
            >
              {skills.map((skill) => {
                const checked = form.requiredSkills.includes(skill);
                return (
                  <Tag.CheckableTag
                    key={skill}
                    checked={checked}
                    onChange={() => send({ type: 'TOGGLE_SKILL', skill })}
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
            <div style={{ marginTop: 10, fontSize: 13 }} data-testid="selected-skills">
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
