import { IdcardOutlined, MailOutlined, TeamOutlined, ToolOutlined, UserOutlined } from '@ant-design/icons';
import { Card, Col, Descriptions, Row, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { workType } from '../../../domain/figures.ts';
import { EngineerAvatar } from '../../components/EngineerAvatar.tsx';
import { LoadErrors } from '../../components/LoadErrors.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SeniorityTag } from '../../components/tags.tsx';
import { capitalize, percent } from '../../lib/format.ts';
import { useIsMobile } from '../../lib/mediaQuery.ts';
import { useCanEditOwnSkills } from '../../stores/permissions.ts';
import { useEngineers } from '../../stores/engineers.ts';
import { useProfile } from '../../stores/profile.ts';
import { useScreenData } from '../../stores/useScreenData.ts';
import { AccountSecurity } from './AccountSecurity.tsx';
import { EmailNotices } from './EmailNotices.tsx';
import { CalendarFeed } from './CalendarFeed.tsx';
import { OwnSkills } from './OwnSkills.tsx';
import { palette } from '../../components/palette.ts';

const label = (icon: ReactNode, text: string) => (
  <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
    <span className="muted">{icon}</span>
    {text}
  </span>
);

/** Profile: personal information; engineers also see their engineering details. */
export default function ProfilePage() {
  useScreenData();
  const profile = useProfile();
  const user = profile.data;
  const isMobile = useIsMobile();
  // An engineer keeps their own skills up to date, against their record's version.
  const canEditSkills = useCanEditOwnSkills();
  const engineers = useEngineers();
  const descriptionProps = {
    column: 1,
    size: 'middle' as const,
    colon: false,
    bordered: true,
    layout: isMobile ? ('vertical' as const) : ('horizontal' as const),
    styles: isMobile ? undefined : { label: { width: 150 } },
  };

  return (
    <div>
      <PageHeader title="Profile" subtitle={user?.role === 'engineer' ? 'Your account and engineering details' : 'Your account details'} />
      <LoadErrors errors={[profile.error]} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={user?.role === 'engineer' ? 12 : 16}>
          <Card
            data-testid="personal-information"
            title={
              <Tag color="blue" style={{ marginInlineEnd: 0, fontWeight: 500 }}>
                Personal Information
              </Tag>
            }
            style={{ height: '100%' }}
          >
            {!user ? (
              <Skeleton active avatar paragraph={{ rows: 3 }} />
            ) : (
              <>
                <div style={{ display: 'flex', gap: 16, alignItems: 'center', marginBottom: 20 }}>
                  <EngineerAvatar name={user.name} size={56} />
                  <div style={{ minWidth: 0 }}>
                    <Typography.Title level={4} style={{ margin: 0 }}>
                      {user.name}
                    </Typography.Title>
                    <Typography.Text type="secondary">{user.email}</Typography.Text>
                  </div>
                </div>
                <Descriptions {...descriptionProps}>
                  <Descriptions.Item label={label(<UserOutlined />, 'Name')}>{user.name}</Descriptions.Item>
                  <Descriptions.Item label={label(<MailOutlined />, 'Email')}>
                    <span style={{ wordBreak: 'break-all' }}>{user.email}</span>
                  </Descriptions.Item>
                  <Descriptions.Item label={label(<IdcardOutlined />, 'Role')}>{capitalize(user.role)}</Descriptions.Item>
                  <Descriptions.Item label={label(<TeamOutlined />, 'Department')}>{user.department}</Descriptions.Item>
                </Descriptions>
              </>
            )}
          </Card>
        </Col>
        {user?.role === 'engineer' ? (
          <Col xs={24} lg={12}>
            <Card
              data-testid="engineering-details"
              title={
                <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
                  <ToolOutlined style={{ color: palette.primary }} /> Engineering Details
                </span>
              }
              style={{ height: '100%' }}
            >
              <Descriptions {...descriptionProps}>
                <Descriptions.Item label="Seniority">
                  {user.seniority ? <SeniorityTag seniority={user.seniority} /> : 'Undefined'}
                </Descriptions.Item>
                <Descriptions.Item label="Max Capacity">
                  {user.maxCapacity !== undefined ? (
                    <span className="tabular">
                      {percent(user.maxCapacity)}{' '}
                      <Typography.Text type="secondary">({capitalize(workType(user.maxCapacity))})</Typography.Text>
                    </span>
                  ) : (
                    'Undefined'
                  )}
                </Descriptions.Item>
                <Descriptions.Item label="Skills">
                  <OwnSkills
                    skills={user.skills ?? []}
                    self={engineers.data.find((e) => e._id === user._id)}
                    engineers={engineers.data}
                    editable={canEditSkills}
                  />
                </Descriptions.Item>
              </Descriptions>
            </Card>
          </Col>
        ) : null}
      </Row>
      {user ? <EmailNotices manager={user.role === 'manager'} /> : null}
      {user ? <AccountSecurity /> : null}
      {user ? <CalendarFeed /> : null}
    </div>
  );
}
