import { CloseOutlined, DeleteOutlined, WarningOutlined } from '@ant-design/icons';
import { useSelector } from '@xstate/react';
import { Alert, Button, InputNumber, Popconfirm, Space, Typography } from 'antd';
import { Modal } from '../Modal.tsx';
import { plural } from '../../lib/format.ts';
import type { BarSelectionContext } from '../../machines/barSelection.machine.ts';
import type { BarSelectionActor } from './AssignmentLanes.tsx';
import { palette } from '../palette.ts';

/**
 * The bars chosen for a bulk edit (Shift-click, or a Shift-drag lasso) and what can be done to all of
 * them at once: move by N days, set one allocation, remove. One request, all or nothing.
 */
export function BulkBar({ selection, compact }: { selection: BarSelectionActor; compact: boolean }) {
  const count = useSelector(selection, (s) => s.context.selected.length);
  const days = useSelector(selection, (s) => s.context.days);
  const allocation = useSelector(selection, (s) => s.context.allocation);
  const saving = useSelector(selection, (s) => (s.matches('saving') ? s.context.kind : null));
  const error = useSelector(selection, (s) => s.context.error);
  if (count === 0) return null;
  const busy = saving !== null;
  return (
    <div className="schedule-bulk" role="toolbar" aria-label="Change the chosen assignments" data-testid="bulk-bar">
      <Typography.Text strong data-testid="bulk-count">
        {plural(count, 'assignment')} chosen
      </Typography.Text>
      <Space.Compact>
        <InputNumber
          value={days}
          precision={0}
          min={-3660}
          max={3660}
          onChange={(value) => selection.send({ type: 'SET_DAYS', value: typeof value === 'number' ? value : null })}
          suffix="days"
          aria-label="Days to move them by (negative: earlier)"
          style={{ width: compact ? 96 : 116 }}
          data-testid="bulk-days"
        />
        <Button onClick={() => selection.send({ type: 'MOVE' })} loading={saving === 'move'} disabled={busy || !days} data-testid="bulk-move">
          Move
        </Button>
      </Space.Compact>
      <Space.Compact>
        <InputNumber
          value={allocation}
          precision={0}
          min={1}
          max={100}
          onChange={(value) => selection.send({ type: 'SET_ALLOCATION', value: typeof value === 'number' ? value : null })}
          suffix="%"
          placeholder="Alloc."
          aria-label="Allocation to give them"
          style={{ width: 96 }}
          data-testid="bulk-allocation"
        />
        <Button onClick={() => selection.send({ type: 'ALLOCATE' })} loading={saving === 'allocation'} disabled={busy || !allocation} data-testid="bulk-allocate">
          Set
        </Button>
      </Space.Compact>
      <Popconfirm
        title={`Remove ${plural(count, 'assignment')}?`}
        description="They leave the plan; the History keeps them, and Undo brings them back."
        okText="Remove"
        okButtonProps={{ danger: true }}
        onConfirm={() => selection.send({ type: 'REMOVE' })}
      >
        <Button danger icon={<DeleteOutlined />} loading={saving === 'remove'} disabled={busy} data-testid="bulk-remove">
          Remove
        </Button>
      </Popconfirm>
      <Button type="text" icon={<CloseOutlined />} onClick={() => selection.send({ type: 'CLEAR' })} disabled={busy} aria-label="Clear the choice (Escape)">
        {compact ? null : 'Clear'}
      </Button>
      {error ? <Alert type="error" showIcon title={error} style={{ flexBasis: '100%', padding: '4px 10px' }} data-testid="bulk-error" /> : null}
    </div>
  );
}

/** A bulk edit refused because a chosen bar changed since: nothing was changed, and which one says so. */
export function BulkConflictDialog({ conflict, onClose }: { conflict: BarSelectionContext['conflict']; onClose: () => void }) {
  return (
    <Modal
      open={conflict !== null}
      title={
        <span>
          <WarningOutlined style={{ color: palette.caution, marginRight: 8 }} />
          Nothing was changed
        </span>
      }
      onCancel={onClose}
      footer={[
        <Button key="ok" type="primary" onClick={onClose} data-testid="bulk-conflict-ok">
          OK
        </Button>,
      ]}
      destroyOnHidden
      data-testid="bulk-conflict"
    >
      <Typography.Paragraph data-testid="bulk-conflict-message">{conflict?.message}</Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        The changes go all together or not at all, so none of the chosen assignments moved. The schedule shows each as it is now.
      </Typography.Paragraph>
    </Modal>
  );
}
