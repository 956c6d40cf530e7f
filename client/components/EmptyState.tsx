import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { backgrounds, palette } from './palette.ts';

type Props = { icon: ReactNode; title: string; hint?: string; action?: ReactNode };

/** A friendly empty state: icon, message, hint and an optional action. */
export function EmptyState({ icon, title, hint, action }: Props) {
  return (
    <div style={{ textAlign: 'center', padding: '40px 16px' }} data-testid="empty-state">
      <div
        aria-hidden="true"
        style={{
          width: 56,
          height: 56,
          borderRadius: 16,
          background: backgrounds.tint,
          color: palette.muted,
          display: 'grid',
          placeItems: 'center',
          fontSize: 24,
          margin: '0 auto 12px',
        }}
      >
        {icon}
      </div>
      <Typography.Text strong style={{ display: 'block', fontSize: 15 }}>
        {title}
      </Typography.Text>
      {hint ? (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
          {hint}
        </Typography.Text>
      ) : null}
      {action ? <div style={{ marginTop: 16 }}>{action}</div> : null}
    </div>
  );
}
