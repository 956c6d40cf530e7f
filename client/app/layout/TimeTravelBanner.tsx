import { HistoryOutlined, RollbackOutlined } from '@ant-design/icons';
import { Alert, Button, Spin, Typography } from 'antd';
import { dateTime } from '../../lib/format.ts';
import { useIsMobile } from '../../lib/mediaQuery.ts';
import type { Moment } from '../../machines/timeTravel.machine.ts';
import { backToLive, dismissTravelError, useTimeTravel } from '../../stores/timeTravel.ts';
import { borderColors } from '../../components/palette.ts';

const requestedText = (moment: Moment | null) =>
  !moment ? 'the chosen moment' : 'at' in moment ? dateTime(moment.at) : 'the chosen event';

/**
 * Above every screen while time travelling: 'Viewing the plan as of <date time>' with
 * 'Back to live'; while the past plan loads, a quiet progress line; a failed load, its message.
 */
export function TimeTravelBanner() {
  const travel = useTimeTravel();
  const isMobile = useIsMobile();

  if (travel.status === 'live') {
    if (!travel.error) return null;
    return (
      <div style={{ padding: isMobile ? '12px 16px 0' : '16px 24px 0' }}>
        <Alert
          type="error"
          showIcon
          closable={{ onClose: dismissTravelError, 'aria-label': 'Dismiss' }}
          title={travel.error}
          data-testid="time-travel-error"
        />
      </div>
    );
  }

  const loading = travel.status === 'loadingPast';
  const title = loading
    ? `Loading the plan as of ${requestedText(travel.requested)}…`
    : `Viewing the plan as of ${dateTime(travel.asOf!)}`;

  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="time-travel-banner"
      data-state={travel.status}
      style={{ position: 'sticky', top: 56, zIndex: 9 }}
    >
      <Alert
        banner
        type="warning"
        icon={loading ? <Spin size="small" /> : <HistoryOutlined />}
        showIcon
        style={{ padding: isMobile ? '8px 12px' : '10px 24px', borderBottom: `1px solid ${borderColors.warning}` }}
        title={
          <div style={{ display: 'flex', alignItems: 'center', gap: isMobile ? 8 : 12, flexWrap: isMobile ? 'nowrap' : 'wrap', justifyContent: 'space-between' }}>
            <div style={{ minWidth: 0 }}>
              <Typography.Text strong data-testid="time-travel-title" style={isMobile ? { fontSize: 13, lineHeight: 1.35, display: 'block' } : undefined}>
                {title}
              </Typography.Text>
              {!loading && !isMobile && (
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  Read-only: every screen shows the plan exactly as it was then. Live changes keep arriving in the background.
                </Typography.Text>
              )}
            </div>
            <Button size="small" type="primary" icon={<RollbackOutlined />} onClick={backToLive} data-testid="back-to-live" style={{ flex: 'none' }}>
              Back to live
            </Button>
          </div>
        }
      />
    </div>
  );
}
