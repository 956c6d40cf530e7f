import { ExclamationCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Typography } from 'antd';
import { publishSentence } from './publishWords.ts';
import type { PublishConflict } from './scenariosApi.ts';
import { Modal } from '../../components/Modal.tsx';
import { borderColors, palette } from '../../components/palette.ts';

type ConfirmProps = { open: boolean; publishing: boolean; name: string; changeCount: number; onConfirm: () => void; onCancel: () => void };

/** Publishing writes every drafted change to the live plan at once: said before it happens. */
export function PublishConfirm({ open, publishing, name, changeCount, onConfirm, onCancel }: ConfirmProps) {
  return (
    <Modal
      open={open}
      title="Publish this scenario?"
      onCancel={onCancel}
      closable={!publishing}
      mask={{ closable: false }}
      data-testid="publish-confirm"
      footer={[
        <Button key="cancel" onClick={onCancel} disabled={publishing}>Cancel</Button>,
        <Button key="publish" type="primary" loading={publishing} onClick={onConfirm} data-testid="publish-confirm-button">
          {publishing ? 'Publishing...' : 'Publish'}
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        {publishSentence(changeCount, name)} The scenario is read-only afterwards.
      </Typography.Paragraph>
    </Modal>
  );
}

type ConflictProps = { open: boolean; message: string | null; conflicts: PublishConflict[]; rebasing: boolean; onRebase: () => void; onClose: () => void };

function Side({ title, sentences, role }: { title: string; sentences: string[]; role: string }) {
  return (
    <div style={{ minWidth: 0 }} data-role={role}>
      <Typography.Text type="secondary" style={{ fontSize: 12, textTransform: 'uppercase', letterSpacing: 0.4 }}>{title}</Typography.Text>
      {sentences.length === 0 ? (
        <div style={{ color: palette.muted }}>Nothing to describe</div>
      ) : (
        sentences.map((s) => <div key={s} data-role="sentence" style={{ overflowWrap: 'anywhere' }}>{s}</div>)
      )}
    </div>
  );
}

/** A refused publish: per conflicting change, what changed live since (theirs) beside what the scenario drafted (ours). */
export function PublishConflictDialog({ open, message, conflicts, rebasing, onRebase, onClose }: ConflictProps) {
  return (
    <Modal
      open={open}
      title={<span><ExclamationCircleOutlined style={{ color: palette.caution, marginInlineEnd: 8 }} />The live plan moved under this scenario</span>}
      onCancel={onClose}
      closable={!rebasing}
      mask={{ closable: false }}
      width={640}
      data-testid="publish-conflict"
      footer={[
        <Button key="close" onClick={onClose} disabled={rebasing}>Close</Button>,
        <Button key="rebase" type="primary" loading={rebasing} onClick={onRebase} data-testid="conflict-rebase">
          Rebase and review
        </Button>,
      ]}
    >
      {message ? <Alert type="warning" showIcon title={message} style={{ marginBottom: 12 }} data-testid="conflict-summary" /> : null}
      <Typography.Paragraph type="secondary">
        Nothing was published. Rebasing drafts every change again on the live plan as it is now; look the scenario over, then publish again.
      </Typography.Paragraph>
      <ol style={{ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: 12 }}>
        {conflicts.map((c) => (
          <li key={`${c.changeId}-${c.streamId}`} data-testid="conflict" style={{ border: `1px solid ${borderColors.control}`, borderRadius: 8, padding: 12, display: 'grid', gap: 8 }}>
            <Side title="Changed live since you drafted (theirs)" sentences={c.theirs} role="theirs" />
            <Side title="Drafted in this scenario (ours)" sentences={c.ours} role="ours" />
          </li>
        ))}
      </ol>
    </Modal>
  );
}
