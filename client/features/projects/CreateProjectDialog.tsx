import { Alert, Button, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ProjectStatus } from '../../../domain/entities.ts';
import { DayPicker, DialogTitle, SkillChecklist } from '../../components/formParts.tsx';
import type { CreateProjectContext, CreateProjectEvent, ProjectField } from './createProject.machine.ts';
import { Modal } from '../../components/Modal.tsx';

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

/** Days before today cannot be picked in the date pickers. */
const beforeToday = (day: Dayjs) => day.isBefore(dayjs().startOf('day'));

/** The Create New Project dialog; every rule and message comes from the machine and the domain schema. */
export function CreateProjectDialog({ open, submitting, context, skills, managerId, send }: Props) {
  const { form, errors, submitError } = context;
  const status = (field: ProjectField) => (errors[field] ? ('error' as const) : undefined);
  const help = (field: ProjectField) => errors[field] ?? undefined;

  return (
    <Modal
      open={open}
      title={<DialogTitle title="Create New Project" subtitle="Add a new project to your portfolio. Fill in all the required information below." />}
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
            aria-label="Project Name"
            placeholder="e.g. Customer Portal Redesign"
            value={form.name}
            onChange={(e) => send({ type: 'CHANGE', field: 'name', value: e.target.value })}
          />
        </Form.Item>
        <Form.Item label="Description" required validateStatus={status('description')} help={help('description')} extra={`Between 10 and 500 characters (${form.description.trim().length}/500)`}>
          <Input.TextArea
            name="description"
            aria-label="Description"
            placeholder="What is this project about, and what does it deliver?"
            rows={3}
            value={form.description}
            onChange={(e) => send({ type: 'CHANGE', field: 'description', value: e.target.value })}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label="Start Date" required validateStatus={status('startDate')} help={help('startDate')}>
              <DayPicker
                disabledDate={beforeToday}
                value={form.startDate}
                onChange={(iso) => send({ type: 'CHANGE', field: 'startDate', value: iso })}
                aria-label="Start Date"
                data-testid="start-date"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="End Date" required validateStatus={status('endDate')} help={help('endDate')}>
              <DayPicker
                disabledDate={beforeToday}
                value={form.endDate}
                onChange={(iso) => send({ type: 'CHANGE', field: 'endDate', value: iso })}
                aria-label="End Date"
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
                aria-label="Team Size"
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
                aria-label="Project Status"
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
          <SkillChecklist
            choices={skills}
            selected={form.requiredSkills}
            onToggle={(skill) => send({ type: 'TOGGLE_SKILL', skill })}
            onAdd={(skill) => send({ type: 'ADD_SKILL', skill })}
            optionsTestId="skill-options"
            selectedTestId="selected-skills"
          />
        </Form.Item>
        {/* Lets Enter submit from a text field. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
