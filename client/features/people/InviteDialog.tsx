import { MailOutlined, UserAddOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Form, Input, Select, Typography } from 'antd';
import type { Role } from '../../../domain/entities.ts';
import { DialogTitle } from '../../components/formParts.tsx';
import { Modal } from '../../components/Modal.tsx';
import type { InviteFormContext, InviteFormEvent } from './inviteForm.machine.ts';
import { CopyLink } from './CopyLink.tsx';
import { roleOptions } from './peopleLook.tsx';

type Props = {
  open: boolean;
  sending: boolean;
  sent: boolean;
  context: InviteFormContext;
  send: (event: InviteFormEvent) => void;
};

/** Invite someone: e-mail, name, role and admin rights; then the invitation link to pass on. */
export function InviteDialog({ open, sending, sent, context, send }: Props) {
  const { form, errors, submitError } = context;
  const invited = context.sent;
  const close = () => send({ type: sent ? 'CLOSE' : 'CANCEL' });
  return (
    <Modal
      open={open}
      title={
        <DialogTitle
          title={sent ? 'Invitation ready' : 'Invite someone'}
          subtitle={sent ? 'They choose their password with this link. It works once, for 7 days.' : 'They get a link to choose their password and sign in.'}
        />
      }
      onCancel={close}
      mask={{ closable: false }}
      keyboard={!sending}
      closable={!sending}
      width={560}
      destroyOnHidden
      data-testid="invite-dialog"
      footer={
        sent
          ? [
              <Button key="another" onClick={() => send({ type: 'ANOTHER' })} data-testid="invite-another">
                Invite someone else
              </Button>,
              <Button key="done" type="primary" onClick={() => send({ type: 'CLOSE' })} data-testid="invite-done">
                Done
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={close} disabled={sending}>
                Cancel
              </Button>,
              <Button key="submit" type="primary" icon={<UserAddOutlined />} loading={sending} onClick={() => send({ type: 'SUBMIT' })} data-testid="invite-submit">
                {sending ? 'Inviting...' : 'Invite'}
              </Button>,
            ]
      }
    >
      {sent && invited ? (
        <div data-testid="invite-sent">
          <Alert
            type="success"
            showIcon
            style={{ marginBottom: 16 }}
            title={`${invited.account.name} is invited as ${invited.account.role}${invited.account.admin ? ' with admin rights' : ''}`}
            description={`Send this link to ${invited.account.name} (${invited.account.email}). If this server sends e-mail, it is on its way to them too.`}
          />
          <CopyLink url={invited.inviteUrl} testId="invite-link" />
        </div>
      ) : (
        <Form
          layout="vertical"
          requiredMark={false}
          onSubmitCapture={(event) => {
            event.preventDefault();
            send({ type: 'SUBMIT' });
          }}
        >
          {submitError ? <Alert type="error" showIcon title={submitError} style={{ marginBottom: 12 }} data-testid="form-error" /> : null}
          <Form.Item label="Email" htmlFor="invite-email" validateStatus={errors.email ? 'error' : undefined} help={errors.email}>
            <Input
              id="invite-email"
              type="email"
              prefix={<MailOutlined className="muted" />}
              placeholder="name@company.com"
              value={form.email}
              disabled={sending}
              autoFocus
              onChange={(event) => send({ type: 'CHANGE', field: 'email', value: event.target.value })}
            />
          </Form.Item>
          <Form.Item label="Name" htmlFor="invite-name" validateStatus={errors.name ? 'error' : undefined} help={errors.name}>
            <Input id="invite-name" placeholder="Full name" value={form.name} disabled={sending} onChange={(event) => send({ type: 'CHANGE', field: 'name', value: event.target.value })} />
          </Form.Item>
          <Form.Item label="Role" htmlFor="invite-role" validateStatus={errors.role ? 'error' : undefined} help={errors.role}>
            <Select<Role>
              id="invite-role"
              data-testid="invite-role"
              value={form.role}
              disabled={sending}
              options={roleOptions}
              onChange={(value) => send({ type: 'CHANGE', field: 'role', value })}
            />
          </Form.Item>
          <Form.Item style={{ marginBottom: 0 }}>
            <Checkbox checked={form.admin} disabled={sending} onChange={(event) => send({ type: 'CHANGE', field: 'admin', value: event.target.checked })} data-testid="invite-admin">
              Admin: may invite people, change roles and deactivate accounts
            </Checkbox>
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 4, marginInlineStart: 24 }}>
              {form.role === 'engineer' ? 'An engineer is linked to the engineer record with this e-mail, or one is created.' : '\u00a0'}
            </Typography.Text>
          </Form.Item>
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      )}
    </Modal>
  );
}
