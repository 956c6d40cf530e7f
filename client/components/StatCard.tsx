import { Card, Col, Row, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { accents } from './palette.ts';

export type Tone = 'blue' | 'green' | 'amber' | 'red' | 'violet' | 'slate' | 'cyan';

const tones: Record<Tone, { bg: string; fg: string }> = accents;

type Props = {
  title: string;
  value: ReactNode;
  hint?: ReactNode;
  icon: ReactNode;
  tone?: Tone;
  loading?: boolean;
  testId?: string;
};

/** One summary figure with its icon. */
export function StatCard({ title, value, hint, icon, tone = 'blue', loading, testId }: Props) {
  const colors = tones[tone];
  return (
    <Card className="stat-card" style={{ height: '100%' }} data-testid={testId}>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, alignItems: 'flex-start' }}>
        <div style={{ minWidth: 0 }}>
          <Typography.Text type="secondary" className="stat-title">
            {title}
          </Typography.Text>
          <div className="tabular stat-value" data-role="value">
            {loading ? <Skeleton.Input active size="small" style={{ width: 56, minWidth: 56 }} /> : value}
          </div>
          {hint ? (
            <Typography.Text type="secondary" className="stat-hint">
              {hint}
            </Typography.Text>
          ) : null}
        </div>
        <div aria-hidden="true" className="stat-icon" style={{ background: colors.bg, color: colors.fg }}>
          {icon}
        </div>
      </div>
    </Card>
  );
}

/** Summary cards in a row: all across on wide screens, two a row below. */
export function StatGrid({ children, columns = 4 }: { children: ReactNode[]; columns?: 3 | 4 }) {
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 20 }}>
      {children.map((child, index) => (
        // Two across on phones; an odd last card takes the whole row.
        <Col key={index} xs={index === children.length - 1 && children.length % 2 === 1 ? 24 : 12} lg={24 / columns}>
          {child}
        </Col>
      ))}
    </Row>
  );
}
