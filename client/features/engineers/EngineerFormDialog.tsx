import { Button, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import type { Seniority } from '../../../domain/entities.ts';
import { DialogTitle, FormAlerts } from '../../components/formParts.tsx';
import { SkillsSelect } from '../../components/SkillsSelect.tsx';
import type { EditFormContext, EditFormEvent } from '../../machines/editForm.machine.ts';
import type { EngineerValues } from './engineerForm.machine.ts';
import { seniorityOptions } from './engineerFields.ts';
import { Modal } from '../../components/Modal.tsx';

type Props = {
  open: boolean;
  saving: boolean;
  /** While the conflict dialog is up, the form stays visible behind it but does not take input. */
  locked: boolean;
  context: EditFormContext<EngineerValues>;
  skills: readonly string[];
  send: (event: EditFormEvent<EngineerValues>) => void;
};

/** Add engineer / Edit engineer: rules and messages come from the machine and the domain. */
export function EngineerFormDialog({ open, saving, locked, context, skills, send }: Props) {
  const { form, errors, mode } = context;
  const creating = mode === 'create';
  const status = (field: keyof EngineerValues) => (errors[field] ? ('error' as const) : undefined);
  const change = <K extends keyof EngineerValues>(field: K, value: EngineerValues[K]) => send({ type: 'CHANGE', field, value });

  return (
    <Modal
      open={open}
      title={
        <DialogTitle
          title={creating ? 'Add engineer' : 'Edit engineer'}
          subtitle={creating ? 'Register an engineer to plan. An admin invites them to sign in, from here or People & access.' : "Change the engineer's planning details."}
        />
      }
      onCancel={() => send({ type: 'CANCEL' })}
      mask={{ closable: false }}
      keyboard={!saving}
      closable={!saving}
      width={600}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={() => send({ type: 'CANCEL' })} disabled={saving}>
          Cancel
        </Button>,
        <Button key="submit" type="primary" loading={saving} disabled={locked && !saving} onClick={() => send({ type: 'SUBMIT' })} data-testid="engineer-submit">
          {saving ? 'Saving...' : creating ? 'Add engineer' : 'Save changes'}
        </Button>,
      ]}
      data-testid="engineer-form"
    >
      <FormAlerts notice={context.notice} submitError={context.submitError} />
      <Form layout="vertical" requiredMark disabled={saving || locked} onFinish={() => send({ type: 'SUBMIT' })} style={{ marginTop: 8 }}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label="Name" required validateStatus={status('name')} help={errors.name}>
              <Input value={form.name} onChange={(e) => change('name', e.target.value)} placeholder="e.g. Ana Lopez" aria-label="Name" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label="Email"
              required={creating}
              validateStatus={status('email')}
              help={errors.email}
              extra={creating ? undefined : 'Their sign-in; it does not change.'}
            >
              <Input
                type="email"
                value={form.email}
                onChange={(e) => change('email', e.target.value)}
                disabled={!creating}
                placeholder="name@company.com"
                aria-label="Email"
                autoComplete="off"
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label="Department" validateStatus={status('department')} help={errors.department}>
              <Input value={form.department} onChange={(e) => change('department', e.target.value)} placeholder="Engineering" aria-label="Department" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item label="Seniority" required validateStatus={status('seniority')} help={errors.seniority}>
              <Select<Seniority>
                value={form.seniority === '' ? undefined : form.seniority}
                options={seniorityOptions}
                onChange={(value) => change('seniority', value)}
                aria-label="Seniority"
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item label="Max capacity" required validateStatus={status('maxCapacity')} help={errors.maxCapacity}>
              {/* No min or max: antd would quietly clamp 300 to 100 on blur; the domain's rule says the range instead. */}
              <InputNumber
                style={{ width: '100%' }}
                precision={0}
                suffix="%"
                value={form.maxCapacity}
                onChange={(value) => change('maxCapacity', typeof value === 'number' ? value : null)}
                aria-label="Max capacity"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Skills" validateStatus={status('skills')} help={errors.skills} extra="Pick known skills or type a new one and press Enter.">
          <SkillsSelect value={form.skills} options={skills} onChange={(value) => change('skills', value)} aria-label="Skills" />
        </Form.Item>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
