import { DeleteOutlined, EditOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Tooltip } from 'antd';
import type { Assignment } from '../../../../domain/entities.ts';
import type { AssignmentStatus } from '../../../../domain/figures.ts';
import { canEnd, removeAction } from './actions.ts';

/** An assignment as a table row shows it: with its status now (End is only offered until it has ended). */
export type PlannedAssignment = Assignment & { status: AssignmentStatus };

type Props = {
  assignment: PlannedAssignment;
  /** The kind of change being saved on this row now, if any (its button spins). */
  busyKind: string | undefined;
  onEdit: (a: Assignment) => void;
  onEnd: (a: Assignment) => void;
  onRemove: (action: ReturnType<typeof removeAction>) => void;
};

/** A row's Edit, End and Remove buttons. */
export function AssignmentRowActions({ assignment: a, busyKind, onEdit, onEnd, onRemove }: Props) {
  return (
    <div style={{ display: 'flex', gap: 2, whiteSpace: 'nowrap' }} data-testid="assignment-actions" data-assignment={`${a.engineerId.name} on ${a.projectId.name}`}>
      <Tooltip title="Edit">
        <Button size="small" type="text" icon={<EditOutlined />} aria-label="Edit assignment" onClick={() => onEdit(a)} />
      </Tooltip>
      {canEnd(a) ? (
        <Tooltip title="End on a date">
          <Button size="small" type="text" icon={<StopOutlined />} aria-label="End assignment" loading={busyKind === 'end'} onClick={() => onEnd(a)} />
        </Tooltip>
      ) : (
        // Keeps Remove in line with the rows that have End today.
        <span aria-hidden="true" style={{ display: 'inline-block', width: 24 }} />
      )}
      <Popconfirm
        title="Remove this assignment?"
        description={`${a.engineerId.name} leaves ${a.projectId.name}'s plan. The history keeps it.`}
        okText="Remove"
        okButtonProps={{ danger: true }}
        onConfirm={() => onRemove(removeAction(a))}
      >
        <Tooltip title="Remove">
          <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="Remove assignment" loading={busyKind === 'remove'} />
        </Tooltip>
      </Popconfirm>
    </div>
  );
}
