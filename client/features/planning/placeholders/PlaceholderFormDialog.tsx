import { Col, Form, Input, Row } from 'antd';
import type { PlaceholderValues } from '../../../machines/capacityFactForms.machine.ts';
import type { EditFormContext, EditFormEvent } from '../../../machines/editForm.machine.ts';
import { AllocationInput, FormDialog } from '../../../components/FormDialog.tsx';
import { DayPicker, FormAlerts } from '../../../components/formParts.tsx';
import { SkillsSelect } from '../../../components/SkillsSelect.tsx';

type Props = {
  open: boolean;
  saving: boolean;
  /** While the conflict dialog is up, the form stays visible behind it but does not take input. */
  locked: boolean;
  projectName: string;
  context: EditFormContext<PlaceholderValues>;
  skills: readonly string[];
  send: (event: EditFormEvent<PlaceholderValues>) => void;
};

/** Add / edit a placeholder: an assignment without a person yet (a role, skills, an allocation and dates). */
export function PlaceholderFormDialog({ open, saving, locked, projectName, context, skills, send }: Props) {
  const { form, errors, mode } = context;
  const creating = mode === 'create';
  const status = (field: keyof PlaceholderValues) => (errors[field] ? ('error' as const) : undefined);
  const change = <K extends keyof PlaceholderValues>(field: K, value: PlaceholderValues[K]) => send({ type: 'CHANGE', field, value });
  return (
    <FormDialog
      open={open}
      title={creating ? 'Add placeholder' : 'Edit placeholder'}
      subtitle={`A role ${projectName} needs filled: its demand counts in the forecast until someone is assigned.`}
      saving={saving}
      locked={locked}
      submitLabel={creating ? 'Add placeholder' : 'Save changes'}
      onCancel={() => send({ type: 'CANCEL' })}
      onSubmit={() => send({ type: 'SUBMIT' })}
      testId="placeholder-form"
      submitTestId="placeholder-submit"
    >
      <FormAlerts notice={context.notice} submitError={context.submitError} />
      <Form layout="vertical" requiredMark disabled={saving || locked} onFinish={() => send({ type: 'SUBMIT' })} style={{ marginTop: 8 }}>
        <Row gutter={16}>
          <Col xs={24} sm={14}>
            <Form.Item label="Role" required validateStatus={status('role')} help={errors.role}>
              <Input value={form.role} onChange={(e) => change('role', e.target.value)} placeholder="e.g. Backend Engineer" aria-label="Role" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={10}>
            <Form.Item label="Allocation" required validateStatus={status('allocationPercentage')} help={errors.allocationPercentage}>
              <AllocationInput value={form.allocationPercentage} onChange={(value) => change('allocationPercentage', value)} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Skills" validateStatus={status('skills')} help={errors.skills}>
          <SkillsSelect value={form.skills} options={skills} onChange={(value) => change('skills', value)} aria-label="Skills" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label="Start Date" required validateStatus={status('startDate')} help={errors.startDate}>
              <DayPicker value={form.startDate} onChange={(iso) => change('startDate', iso)} aria-label="Start Date" data-testid="placeholder-start" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="End Date" required validateStatus={status('endDate')} help={errors.endDate}>
              <DayPicker value={form.endDate} onChange={(iso) => change('endDate', iso)} aria-label="End Date" data-testid="placeholder-end" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </FormDialog>
  );
}
