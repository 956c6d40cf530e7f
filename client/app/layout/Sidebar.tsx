import {
  ApartmentOutlined, ApiOutlined, InboxOutlined,
  BarChartOutlined,
  CalendarOutlined,
  DashboardOutlined,
  FieldTimeOutlined,
  FundProjectionScreenOutlined,
  HistoryOutlined,
  ExperimentOutlined,
  ImportOutlined,
  LogoutOutlined,
  SafetyCertificateOutlined,
  ProjectOutlined,
  ScheduleOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Button, Menu, Skeleton, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useProfile } from '../../stores/profile.ts';
import { BrandMark } from '../../components/BrandMark.tsx';
import { sessionActor, useSessionUser } from '../../stores/session.ts';
import { palette } from '../theme.ts';
import { type NavKey, navItems, navPathOf } from './nav.ts';
import { SavedViewsNav } from './SavedViewsNav.tsx';
import { useTooltipDelay } from './useSidebar.ts';
import { UserCard } from './UserCard.tsx';

const icons: Record<NavKey, ReactNode> = {
  dashboard: <DashboardOutlined />,
  engineers: <TeamOutlined />,
  projects: <ProjectOutlined />,
  assignments: <ScheduleOutlined />,
  capacity: <FieldTimeOutlined />,
  projectPlan: <FundProjectionScreenOutlined />,
  calendars: <CalendarOutlined />,
  report: <BarChartOutlined />,
  scenarios: <ExperimentOutlined />,
  history: <HistoryOutlined />,
  import: <ImportOutlined />,
  people: <SafetyCertificateOutlined />,
  webhooks: <ApiOutlined />,
  teams: <ApartmentOutlined />,
  staffing: <InboxOutlined />,
  profile: <UserOutlined />,
};

type Props = { collapsed: boolean; onNavigate?: () => void };

/** The sidebar's content: brand, user card, role-based navigation, Logout in the footer. */
export function SidebarContent({ collapsed, onNavigate }: Props) {
  const location = useLocation();
  const profile = useProfile();
  const sessionUser = useSessionUser();
  const user = profile.data ?? sessionUser;
  const tooltip = useTooltipDelay();
  const items = navItems(user?.role, user?.admin === true);

  return (
    <nav aria-label="Main" style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 10,
          height: 56,
          padding: collapsed ? 0 : '0 16px',
          justifyContent: collapsed ? 'center' : 'flex-start',
          flex: 'none',
        }}
      >
        <BrandMark size={collapsed ? 26 : 28} />
        {!collapsed && (
          <div style={{ lineHeight: 1.15, minWidth: 0 }}>
            <Typography.Text strong style={{ fontSize: 15, display: 'block' }}>
              Capacity Planner
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 11 }}>
              Resource management
            </Typography.Text>
          </div>
        )}
      </div>

      <UserCard user={user} collapsed={collapsed} tooltipDelay={tooltip.mouseEnterDelay} />

      <div style={{ flex: 1, minHeight: 0, overflowY: 'auto', overflowX: 'hidden', padding: '4px 0' }}>
        {!user ? (
          <div style={{ padding: collapsed ? '8px 12px' : '8px 16px' }} data-testid="nav-placeholder">
            <Skeleton active title={false} paragraph={{ rows: 4, width: '100%' }} />
          </div>
        ) : (
          <Menu
            mode="inline"
            selectedKeys={[navPathOf(location.pathname)]}
            tooltip={{ placement: 'right', mouseEnterDelay: tooltip.mouseEnterDelay, onOpenChange: tooltip.onOpenChange }}
            style={{ borderInlineEnd: 'none' }}
            onClick={() => onNavigate?.()}
            items={items.map((item) => ({
              key: item.path,
              icon: icons[item.key],
              label: <Link to={item.path}>{item.label}</Link>,
              title: item.label,
            }))}
          />
        )}
        {user && (user.role === 'manager' || user.role === 'auditor') && <SavedViewsNav userId={user._id} collapsed={collapsed} onNavigate={onNavigate} />}
      </div>

      <div style={{ flex: 'none', padding: collapsed ? '8px 0' : 12, borderTop: `1px solid ${palette.border}`, display: 'flex', justifyContent: 'center' }}>
        {collapsed ? (
          <Tooltip title="Logout" placement="right" mouseEnterDelay={tooltip.mouseEnterDelay} onOpenChange={tooltip.onOpenChange}>
            <Button
              type="text"
              aria-label="Logout"
              icon={<LogoutOutlined />}
              onClick={() => sessionActor.send({ type: 'LOGOUT' })}
            />
          </Tooltip>
        ) : (
          <Button block icon={<LogoutOutlined />} onClick={() => sessionActor.send({ type: 'LOGOUT' })}>
            Logout
          </Button>
        )}
      </div>
    </nav>
  );
}
