import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Drawer, Layout, Spin, Tooltip, Typography } from 'antd';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { palette } from '../theme.ts';
import { HeaderStatusSlot } from './HeaderStatusSlot.tsx';
import { ScenarioLensBanner } from './ScenarioLensBanner.tsx';
import { TimeTravelBanner } from './TimeTravelBanner.tsx';
import { pageTitleOf } from './nav.ts';
import { useScreenScroll } from './screenScroll.ts';
import { SidebarContent } from './Sidebar.tsx';
import { SIDEBAR_WIDTH, SIDEBAR_WIDTH_ICON, SIDEBAR_WIDTH_MOBILE } from './sidebarState.ts';
import { useSidebar } from './useSidebar.ts';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

export function ScreenFallback() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: 320 }}>
      <Spin size="large" />
    </div>
  );
}

/** The signed-in shell: sidebar (Sider on desktop, a sheet on mobile), header, the screen. */
export function AppLayout() {
  const sidebar = useSidebar();
  const location = useLocation();
  const title = pageTitleOf(location.pathname);
  const collapsed = !sidebar.open;
  useScreenScroll();

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {!sidebar.isMobile && (
        <Layout.Sider
          theme="light"
          width={SIDEBAR_WIDTH}
          collapsedWidth={SIDEBAR_WIDTH_ICON}
          collapsed={collapsed}
          trigger={null}
          data-state={collapsed ? 'collapsed' : 'expanded'}
          data-testid="sidebar"
          style={{
            position: 'sticky',
            top: 0,
            height: '100vh',
            borderInlineEnd: `1px solid ${palette.border}`,
            overflow: 'hidden',
          }}
        >
          <SidebarContent collapsed={collapsed} />
        </Layout.Sider>
      )}
      {sidebar.isMobile && (
        <Drawer
          placement="left"
          open={sidebar.openMobile}
          onClose={() => sidebar.setOpenMobile(false)}
          size={SIDEBAR_WIDTH_MOBILE}
          closable={false}
          data-testid="sidebar-mobile"
          styles={{ body: { padding: 0 } }}
        >
          <SidebarContent collapsed={false} onNavigate={() => sidebar.setOpenMobile(false)} />
        </Drawer>
      )}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            position: 'sticky',
            top: 0,
            zIndex: 10,
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            borderBottom: `1px solid ${palette.border}`,
            lineHeight: 'normal',
          }}
        >
          <Tooltip title={`Toggle sidebar (${isMac ? '⌘' : 'Ctrl'}+B)`} placement="bottomLeft">
            <Button
              type="text"
              aria-label="Toggle sidebar"
              data-testid="sidebar-toggle"
              icon={
                (sidebar.isMobile ? !sidebar.openMobile : collapsed) ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />
              }
              onClick={sidebar.toggle}
            />
          </Tooltip>
          <div style={{ width: 1, height: 20, background: palette.border, margin: '0 4px' }} />
          <Typography.Text strong className="one-line" style={{ fontSize: 15, flex: 1 }}>
            {title}
          </Typography.Text>
          <HeaderStatusSlot />
        </Layout.Header>
        <TimeTravelBanner />
        <ScenarioLensBanner />
        <Layout.Content style={{ padding: sidebar.isMobile ? 16 : 24, minWidth: 0 }}>
          <div style={{ maxWidth: 1440, margin: '0 auto', width: '100%' }}>
            <Suspense fallback={<ScreenFallback />}>
              <Outlet />
            </Suspense>
          </div>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
