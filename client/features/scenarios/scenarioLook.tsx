import { Tag } from 'antd';
import type { ScenarioStatus } from './scenariosApi.ts';

const statusLook: Record<ScenarioStatus, { color: string; label: string }> = {
  draft: { color: 'blue', label: 'Draft' },
  published: { color: 'green', label: 'Published' },
  discarded: { color: 'default', label: 'Discarded' },
};

export function ScenarioStatusTag({ status }: { status: ScenarioStatus }) {
  const look = statusLook[status];
  return (
    <Tag color={look.color} style={{ marginInlineEnd: 0 }} data-testid="scenario-status" data-status={status}>
      {look.label}
    </Tag>
  );
}

export function SharedTag({ shared }: { shared: boolean }) {
  return shared ? <Tag color="purple" style={{ marginInlineEnd: 0 }}>Shared</Tag> : <Tag style={{ marginInlineEnd: 0 }}>Private</Tag>;
}
