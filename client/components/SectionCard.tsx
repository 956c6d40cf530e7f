import { Card, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { palette } from './palette.ts';

type Props = {
  title: ReactNode;
  subtitle?: ReactNode;
  icon?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  bodyPadding?: number | string;
  style?: CSSProperties;
  testId?: string;
};

/** A card with a title, an optional line under it and actions on the right; the body below. */
export function SectionCard({ title, subtitle, icon, extra, children, bodyPadding = 20, style, testId }: Props) {
  return (
    <Card style={{ height: '100%', ...style }} styles={{ body: { padding: 0 } }} data-testid={testId}>
      <div
        style={{
          display: 'flex',
          alignItems: 'flex-start',
          justifyContent: 'space-between',
          gap: 12,
          flexWrap: 'wrap',
          padding: '16px 20px 0',
        }}
      >
        <div style={{ minWidth: 0, display: 'flex', gap: 10, alignItems: 'flex-start' }}>
          {icon ? <span style={{ color: palette.primary, fontSize: 16, lineHeight: '24px' }}>{icon}</span> : null}
          <div style={{ minWidth: 0 }}>
            <Typography.Title level={5} style={{ margin: 0, lineHeight: '24px' }}>
              {title}
            </Typography.Title>
            {subtitle ? (
              <Typography.Text type="secondary" style={{ fontSize: 13 }} data-role="subtitle">
                {subtitle}
              </Typography.Text>
            ) : null}
          </div>
        </div>
        {extra ? <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>{extra}</div> : null}
      </div>
      <div style={{ padding: bodyPadding }}>{children}</div>
    </Card>
  );
}
