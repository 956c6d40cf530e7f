import { KeyOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import type { AccountView } from '../../../domain/accounts/inputs.ts';
import { DialogTitle } from '../../components/formParts.tsx';
import { Modal } from '../../components/Modal.tsx';
import { type AccountAction, describeAccountAction } from './accountAction.machine.ts';
import { CopyLink } from './CopyLink.tsx';
import { palette } from '../../components/palette.ts';

/** "Deactivate Sam Rivera?": what the change does, Cancel and the change itself (busy while it runs). */
export function ConfirmAccountAction({ action, open, running, onConfirm, onCancel }: {
  action: AccountAction | null;
  open: boolean;
  running: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const words = action ? describeAccountAction(action) : null;
  return (
    <Modal
      open={open && words !== null}
      title={words?.title}
      onCancel={onCancel}
      closable={!running}
      keyboard={!running}
      mask={{ closable: !running }}
      width={460}
      data-testid="confirm-account-action"
      footer={[
        <Button key="cancel" onClick={onCancel} disabled={running}>
          Cancel
        </Button>,
        <Button key="confirm" type="primary" danger={words?.danger} loading={running} onClick={onConfirm} data-testid="confirm-account-action-ok">
          {words?.confirm}
        </Button>,
      ]}
    >
      <p style={{ margin: '8px 0 0' }}>{words?.body}</p>
    </Modal>
  );
}

/** A reset link just issued: to copy and pass on. */
export function ResetLinkDialog({ link, onClose }: { link: { url: string; account: AccountView } | null; onClose: () => void }) {
  return (
    <Modal
      open={link !== null}
      title={
        <DialogTitle
          title={
            <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
              <KeyOutlined style={{ color: palette.primary }} /> Reset link for {link?.account.name}
            </span>
          }
          subtitle="It works once, for one hour, and lets them choose a new password."
        />
      }
      onCancel={onClose}
      width={560}
      data-testid="reset-link-dialog"
      footer={[
        <Button key="done" type="primary" onClick={onClose}>
          Done
        </Button>,
      ]}
    >
      {link ? (
        <>
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title={`Send this link to ${link.account.name} (${link.account.email}).`} description="If this server sends e-mail, it is on its way to them too." />
          <CopyLink url={link.url} testId="reset-link" />
        </>
      ) : null}
    </Modal>
  );
}
