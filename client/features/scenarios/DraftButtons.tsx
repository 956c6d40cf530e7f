import { DeleteOutlined, EditOutlined, FlagOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { type DraftKind, draftKinds } from './draftCommand.ts';

const looks: Record<DraftKind, { label: string; icon: ReactNode }> = {
  project: { label: 'Confirm / tentative project', icon: <FlagOutlined /> },
  changeAssignment: { label: 'Change assignment', icon: <EditOutlined /> },
  removeAssignment: { label: 'Remove assignment', icon: <DeleteOutlined /> },
  addAssignment: { label: 'Add assignment', icon: <UserAddOutlined /> },
};

/** One button per kind of change the scenario can draft. */
export function DraftButtons({ disabled, onOpen }: { disabled: boolean; onOpen: (kind: DraftKind) => void }) {
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }} data-testid="draft-buttons">
      {draftKinds.map((kind) => (
        <Button key={kind} icon={looks[kind].icon} disabled={disabled} onClick={() => onOpen(kind)} data-testid={`draft-open-${kind}`}>
          {looks[kind].label}
        </Button>
      ))}
    </div>
  );
}
