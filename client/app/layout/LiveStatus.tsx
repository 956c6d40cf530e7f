import { notification, Tooltip } from 'antd';
import { useEffect } from 'react';
import { dateRange, percent } from '../../lib/format.ts';
import type { LiveStatus as Status } from '../../machines/liveConnection.machine.ts';
import { onAssignmentNotice, retryLiveConnection, startLiveConnection, useLiveDetail, useLiveStatus } from '../../stores/live.ts';
import { useViewedScenario } from '../../stores/viewMode.ts';
import { palette } from '../theme.ts';
import { type Look, scenarioLook } from './liveStatusLook.ts';
import './liveStatus.css';

const looks: Record<Exclude<Status, 'idle'>, Look> = {
  connecting: { label: 'Connecting…', color: palette.warning, tooltip: 'Connecting to live updates…' },
  catchingUp: {
    label: 'Catching up',
    color: palette.warning,
    tooltip: 'Receiving the changes made since this screen loaded; live updates follow.',
  },
  live: { label: 'Live', color: palette.success, tooltip: 'Live: changes made by anyone appear here as they happen.' },
  reconnecting: {
    label: 'Reconnecting…',
    color: palette.warning,
    tooltip: 'The live connection dropped. Reconnecting; the changes made meanwhile will follow.',
  },
  offline: {
    label: 'Offline',
    color: palette.muted,
    tooltip: 'Live updates are paused: the server cannot be reached. Retrying automatically; click to retry now.',
  },
};

function offlineTooltip(cause: 'lost' | 'network' | 'refused' | null): string {
  if (cause === 'network') return 'You are offline. Changes made by others will appear once the connection is back.';
  if (cause === 'refused') return 'The server refused live updates for this session. Retrying; signing in again may be needed.';
  return looks.offline.tooltip;
}

/**
 * The live-connection status in the header: Live / Catching up / Reconnecting… / Offline,
 * a quiet chip with a tooltip; offline, a click reconnects at once. It also starts the connection and
 * shows an engineer's 'New assignment' notifications.
 */
export function LiveStatus() {
  const status = useLiveStatus();
  const detail = useLiveDetail();
  const scenario = useViewedScenario();
  const [notify, notifications] = notification.useNotification({ placement: 'topRight', stack: { threshold: 3 } });

  useEffect(() => startLiveConnection(), []);
  useEffect(
    () =>
      onAssignmentNotice((notice) =>
        notify.info({
          key: `assignment-${notice.assignmentId}`,
          title: `New assignment: ${notice.projectName}`,
          description: `${notice.role} · ${percent(notice.allocationPercentage)} · ${dateRange(notice.startDate, notice.endDate)}`,
          duration: 8,
          props: { 'data-testid': 'assignment-notice' } as Record<string, string>,
        }),
      ),
    [notify],
  );

  const shown: Exclude<Status, 'idle'> = status === 'idle' ? 'connecting' : status;
  // Connected, a scenario on screen says so; a connection's trouble is told as it is either way.
  const look = shown === 'live' && scenario ? scenarioLook(scenario.name, scenario.editable) : looks[shown];
  const tooltip = shown === 'offline' ? offlineTooltip(detail.cause) : look.tooltip;
  const common = {
    className: 'live-status',
    'data-status': shown,
    'data-testid': 'live-status',
    style: { '--live-dot': look.color } as React.CSSProperties,
  };
  const content = (
    <>
      <span className="live-status-dot" aria-hidden />
      <span>{look.label}</span>
    </>
  );

  return (
    <>
      {notifications}
      <Tooltip title={tooltip} placement="bottomRight">
        {shown === 'offline' ? (
          <button type="button" {...common} onClick={retryLiveConnection} aria-label={`Live updates: ${look.label}. Retry now`}>
            {content}
          </button>
        ) : (
          <span {...common} role="status" aria-live="polite" aria-label={`Live updates: ${look.label}`}>
            {content}
          </span>
        )}
      </Tooltip>
    </>
  );
}
