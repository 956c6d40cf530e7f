import { Tag, Typography } from 'antd';
import type { ReactNode } from 'react';

type Props = { title: ReactNode; subtitle?: ReactNode; badge?: ReactNode; extra?: ReactNode };

/** A screen's title row: title (with an optional badge), a line of context, actions on the right. */
export function PageHeader({ title, subtitle, badge, extra }: Props) {
  return (
    <div
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 12,
        marginBottom: 20,
      }}
    >
      <div style={{ minWidth: 0 }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 10, flexWrap: 'wrap' }}>
          <Typography.Title level={3} style={{ margin: 0, fontWeight: 650, letterSpacing: -0.2 }}>
            {title}
          </Typography.Title>
          {badge ? (
            <Tag color="blue" style={{ marginInlineEnd: 0 }}>
              {badge}
            </Tag>
          ) : null}
        </div>
        {subtitle ? (
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
            {subtitle}
          </Typography.Text>
        ) : null}
      </div>
      {extra ? <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>{extra}</div> : null}
    </div>
  );
}
