import { Alert, Form, Input, Switch } from 'antd';
import { FormDialog } from '../../components/FormDialog.tsx';
import type { NewScenarioContext, NewScenarioEvent } from './newScenario.machine.ts';

type Props = { open: boolean; submitting: boolean; context: NewScenarioContext; send: (event: NewScenarioEvent) => void };

/** Name and whether other managers and auditors may read it; the messages are the server's. */
export function NewScenarioDialog({ open, submitting, context, send }: Props) {
  const { form, nameError, submitError } = context;
  return (
    <FormDialog
      open={open}
      title="New scenario"
      subtitle="A private draft of planning changes: nothing in it is live until you publish it."
      saving={submitting}
      submitLabel="Create scenario"
      savingLabel="Creating..."
      onCancel={() => send({ type: 'CANCEL' })}
      onSubmit={() => send({ type: 'SUBMIT' })}
      width={480}
      testId="new-scenario-dialog"
      submitTestId="new-scenario-submit"
    >
      {submitError ? <Alert type="error" showIcon title={submitError} style={{ marginBottom: 16 }} /> : null}
      <Form layout="vertical" disabled={submitting} onFinish={() => send({ type: 'SUBMIT' })}>
        <Form.Item label="Name" required validateStatus={nameError ? 'error' : undefined} help={nameError ?? undefined}>
          <Input
            name="name"
            placeholder="e.g. Win the mobile deal"
            value={form.name}
            autoFocus
            onChange={(e) => send({ type: 'SET_NAME', name: e.target.value })}
            onPressEnter={() => send({ type: 'SUBMIT' })}
            data-testid="new-scenario-name"
          />
        </Form.Item>
        <Form.Item label="Share with other managers and auditors" extra="They can read it; only you can change or publish it." style={{ marginBottom: 0 }}>
          <Switch checked={form.shared} onChange={(shared) => send({ type: 'SET_SHARED', shared })} aria-label="Shared" data-testid="new-scenario-shared" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
