import { DeleteOutlined, EditOutlined, PlusOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import type { Placeholder } from '../../../../domain/entities.ts';
import { dateRange, percent } from '../../../lib/format.ts';
import { DialogTitle } from '../../../components/formParts.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { borderColors, palette } from '../../../components/palette.ts';

type Props = {
  open: boolean;
  projectName: string;
  placeholders: readonly Placeholder[];
  /** Managers change them on the live plan; everyone else reads. */
  canEdit: boolean;
  onAdd: () => void;
  onEdit: (p: Placeholder) => void;
  onRemove: (p: Placeholder) => void;
  busyId?: string;
  onClose: () => void;
};

/** A project's open placeholders: the roles it still needs someone for, each with its demand. */
export function PlaceholdersDialog({ open, projectName, placeholders, canEdit, onAdd, onEdit, onRemove, busyId, onClose }: Props) {
  return (
    <Modal
      open={open}
      title={<DialogTitle title={`Open roles on ${projectName}`} subtitle="Placeholders: demand without a person yet. They count in the forecast, in nobody's load." />}
      onCancel={onClose}
      width={620}
      destroyOnHidden
      footer={
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
          {canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid="add-placeholder">
              Add placeholder
            </Button>
          ) : (
            <span />
          )}
          <Button onClick={onClose}>Close</Button>
        </div>
      }
      data-testid="placeholders-dialog"
    >
      {placeholders.length === 0 ? (
        <Typography.Text type="secondary" style={{ display: 'block', padding: '12px 0' }}>
          No open roles: everyone this project needs is assigned.
        </Typography.Text>
      ) : (
        placeholders.map((p) => (
          <div key={p._id} style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '10px 0', borderBottom: `1px solid ${borderColors.faint}` }} data-testid="placeholder-item" data-role={p.role}>
            <UserAddOutlined style={{ color: palette.violet, fontSize: 18 }} />
            <div style={{ flex: 1, minWidth: 0 }}>
              <Typography.Text strong>{p.role}</Typography.Text>
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {dateRange(p.startDate, p.endDate)}
              </Typography.Text>
              <span style={{ display: 'flex', flexWrap: 'wrap', gap: 4, marginTop: 4 }}>
                {p.skills.map((skill) => (
                  <Tag key={skill} style={{ marginInlineEnd: 0, fontSize: 11 }}>
                    {skill}
                  </Tag>
                ))}
              </span>
            </div>
            <Tag color="purple" className="tabular" style={{ marginInlineEnd: 0 }}>
              {percent(p.allocationPercentage)}
            </Tag>
            {canEdit ? (
              <span style={{ display: 'flex', gap: 2 }}>
                <Tooltip title="Edit">
                  <Button size="small" type="text" icon={<EditOutlined />} aria-label={`Edit ${p.role}`} onClick={() => onEdit(p)} />
                </Tooltip>
                <Popconfirm title={`Remove the ${p.role} placeholder?`} description="Its demand leaves the forecast. The history keeps it." okText="Remove" okButtonProps={{ danger: true }} onConfirm={() => onRemove(p)}>
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Remove ${p.role}`} loading={busyId === p._id} />
                </Popconfirm>
              </span>
            ) : null}
          </div>
        ))
      )}
    </Modal>
  );
}
