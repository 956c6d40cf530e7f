import { Alert, Button, Form, Input, Select, Typography } from 'antd';
import { planningEventTypes } from '../../../domain/events.ts';
import { DialogTitle } from '../../components/formParts.tsx';
import { Modal } from '../../components/Modal.tsx';
import type { WebhookDialogContext, WebhookDialogEvent } from './webhookDialog.machine.ts';

type Props = { open: boolean; submitting: boolean; context: WebhookDialogContext; send: (event: WebhookDialogEvent) => void };

const eventOptions = [{ value: '*', label: 'Every event' }, ...planningEventTypes.map((type) => ({ value: type, label: type }))];

const titles = {
  add: { title: 'Add a webhook endpoint', subtitle: 'Every matching event from now on is POSTed to it, in commit order, signed with the secret.', submit: 'Add endpoint' },
  edit: { title: 'Edit the endpoint', subtitle: 'Leave the secret blank to keep the current one.', submit: 'Save' },
  replay: { title: 'Replay from a cursor', subtitle: 'The endpoint is sent every event after this cursor again, in order, then carries on live.', submit: 'Replay' },
  remove: { title: 'Remove the endpoint?', subtitle: 'It is sent nothing more, and its delivery log goes with it.', submit: 'Remove' },
} as const;

/** The dialogs of the Webhooks screen; which one is open, and its form, is the machine's. */
export function WebhookDialogs({ open, submitting, context, send }: Props) {
  const { dialog, form, error } = context;
  if (!dialog) return null;
  const words = titles[dialog.kind];
  const edit = (values: Partial<typeof form>) => send({ type: 'EDIT', values });
  // "Every event" stands alone: choosing it clears the types, choosing a type clears it.
  const chooseEvents = (next: string[]) => {
    const added = next.find((value) => !form.events.includes(value));
    edit({ events: added === '*' ? ['*'] : next.filter((value) => value !== '*') });
  };
  return (
    <Modal
      open={open}
      title={<DialogTitle title={words.title} subtitle={words.subtitle} />}
      onCancel={() => send({ type: 'CANCEL' })}
      mask={{ closable: false }}
      closable={!submitting}
      width={560}
      destroyOnHidden
      data-testid="webhook-dialog"
      footer={[
        <Button key="cancel" onClick={() => send({ type: 'CANCEL' })} disabled={submitting}>Cancel</Button>,
        <Button key="submit" type="primary" danger={dialog.kind === 'remove'} loading={submitting} onClick={() => send({ type: 'SUBMIT' })} data-testid="webhook-dialog-submit">
          {words.submit}
        </Button>,
      ]}
    >
      <Form
        layout="vertical"
        requiredMark={false}
        onSubmitCapture={(event) => {
          event.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="form-error" /> : null}
        {dialog.kind === 'add' || dialog.kind === 'edit' ? (
          <>
            <Form.Item label="URL" htmlFor="webhook-url">
              <Input id="webhook-url" value={form.url} placeholder="https://hooks.example.com/planner" onChange={(e) => edit({ url: e.target.value })} data-testid="webhook-url-input" />
            </Form.Item>
            <Form.Item label="Events" htmlFor="webhook-events">
              <Select id="webhook-events" mode="multiple" value={form.events} options={eventOptions} onChange={chooseEvents} data-testid="webhook-events-input" />
            </Form.Item>
            <Form.Item label="Secret" htmlFor="webhook-secret" extra="At least 16 characters. Receivers check X-Signature: sha256=HMAC-SHA256(secret, body). It is never shown again.">
              <Input.Password id="webhook-secret" value={form.secret} autoComplete="new-password" onChange={(e) => edit({ secret: e.target.value })} data-testid="webhook-secret-input" />
            </Form.Item>
          </>
        ) : null}
        {dialog.kind === 'replay' ? (
          <Form.Item label="After cursor" htmlFor="webhook-after" extra='A cursor such as "1234:56": each delivery says its own in X-Cursor, and the log below shows them.'>
            <Input id="webhook-after" value={form.after} onChange={(e) => edit({ after: e.target.value })} data-testid="webhook-after-input" />
          </Form.Item>
        ) : null}
        {dialog.kind === 'remove' ? <Typography.Text code>{dialog.hook.url}</Typography.Text> : null}
      </Form>
    </Modal>
  );
}
