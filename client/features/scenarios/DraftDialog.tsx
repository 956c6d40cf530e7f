import { Alert, Col, Form, Input, Radio, Row, Select } from 'antd';
import type { ReactNode } from 'react';
import { AllocationInput, FormDialog } from '../../components/FormDialog.tsx';
import { DayPicker } from '../../components/formParts.tsx';
import { type DraftField, type DraftKind, draftTitles } from './draftCommand.ts';
import type { DraftFormContext, DraftFormEvent } from './draftForm.machine.ts';
import type { DraftChoices, Option } from './draftOptions.ts';

type Props = {
  open: boolean;
  submitting: boolean;
  context: DraftFormContext;
  choices: DraftChoices;
  send: (event: DraftFormEvent) => void;
};

const subtitles: Record<DraftKind, string> = {
  project: 'Win a pipeline project (its assignments become booked load), or put one back in the pipeline.',
  changeAssignment: 'Move an assignment or change how much of the person it takes.',
  removeAssignment: 'Take someone off a project. To swap a person, remove them, then add the other.',
  addAssignment: 'Put someone on a project for a while.',
};

function Pick({ options, value, onChange, testId, placeholder }: { options: Option[]; value: string; onChange: (value: string) => void; testId: string; placeholder: string }) {
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      value={value || undefined}
      onChange={onChange}
      placeholder={placeholder}
      data-testid={testId}
      style={{ width: '100%' }}
    />
  );
}

/** One dialog for every kind of drafted change; which fields show depends on the kind. */
export function DraftDialog({ open, submitting, context, choices, send }: Props) {
  const { kind, values, errors, submitError } = context;
  if (!kind) return null;
  const change = (field: DraftField) => (value: string | number | null) => send({ type: 'CHANGE', field, value });
  const item = (field: DraftField, label: string, node: ReactNode) => (
    <Form.Item label={label} required validateStatus={errors[field] ? 'error' : undefined} help={errors[field]}>
      {node}
    </Form.Item>
  );
  const assignmentPick = item(
    'assignmentId',
    'Assignment',
    <Pick
      options={choices.assignments}
      value={values.assignmentId}
      placeholder="Whose assignment?"
      testId="draft-assignment"
      onChange={(id) => {
        const picked = choices.assignments.find((a) => a.value === id);
        if (picked) send({ type: 'PICK_ASSIGNMENT', assignmentId: id, current: picked.current });
      }}
    />,
  );
  const dates = (
    <Row gutter={12}>
      <Col xs={24} sm={12}>{item('startDate', 'Start date', <DayPicker value={values.startDate} onChange={change('startDate')} aria-label="Start date" data-testid="draft-start" />)}</Col>
      <Col xs={24} sm={12}>{item('endDate', 'End date', <DayPicker value={values.endDate} onChange={change('endDate')} aria-label="End date" data-testid="draft-end" />)}</Col>
    </Row>
  );
  const allocation = item('allocationPercentage', 'Allocation', <AllocationInput value={values.allocationPercentage} onChange={change('allocationPercentage')} testId="draft-allocation" />);

  return (
    <FormDialog
      open={open}
      title={draftTitles[kind]}
      subtitle={subtitles[kind]}
      saving={submitting}
      submitLabel="Draft change"
      savingLabel="Drafting..."
      onCancel={() => send({ type: 'CANCEL' })}
      onSubmit={() => send({ type: 'SUBMIT' })}
      width={560}
      testId="draft-dialog"
      submitTestId="draft-submit"
    >
      {submitError ? <Alert type="error" showIcon title={submitError} style={{ marginBottom: 16 }} data-testid="draft-error" /> : null}
      <Form layout="vertical" disabled={submitting}>
        {kind === 'project' && (
          <>
            {item(
              'projectId',
              'Project',
              <Pick
                options={choices.projects}
                value={values.projectId}
                placeholder="Which project?"
                testId="draft-project"
                onChange={(id) => {
                  change('projectId')(id);
                  const tentative = choices.projects.find((p) => p.value === id)?.tentative;
                  change('projectAction')(tentative === false ? 'markTentative' : 'confirmProject');
                }}
              />,
            )}
            {item(
              'projectAction',
              'Change',
              <Radio.Group
                value={values.projectAction}
                onChange={(e) => change('projectAction')(e.target.value as string)}
                options={[{ value: 'confirmProject', label: 'Confirm (won)' }, { value: 'markTentative', label: 'Mark tentative' }]}
                data-testid="draft-action"
              />,
            )}
          </>
        )}
        {kind === 'changeAssignment' && (
          <>
            {assignmentPick}
            {dates}
            {allocation}
          </>
        )}
        {kind === 'removeAssignment' && assignmentPick}
        {kind === 'addAssignment' && (
          <>
            <Row gutter={12}>
              <Col xs={24} sm={12}>
                {item('engineerId', 'Engineer', <Pick options={choices.engineers} value={values.engineerId} placeholder="Who?" testId="draft-engineer" onChange={change('engineerId')} />)}
              </Col>
              <Col xs={24} sm={12}>
                {item('projectId', 'Project', <Pick options={choices.projects} value={values.projectId} placeholder="On which project?" testId="draft-project" onChange={change('projectId')} />)}
              </Col>
            </Row>
            <Row gutter={12}>
              <Col xs={24} sm={12}>
                {item('role', 'Role', <Input value={values.role} onChange={(e) => change('role')(e.target.value)} placeholder="e.g. Backend Engineer" aria-label="Role" data-testid="draft-role" />)}
              </Col>
              <Col xs={24} sm={12}>{allocation}</Col>
            </Row>
            {dates}
          </>
        )}
      </Form>
    </FormDialog>
  );
}
