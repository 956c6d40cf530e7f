import { SafetyCertificateOutlined, SwapOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Result, Tabs, Tooltip } from 'antd';
import { useCallback, useState } from 'react';
import { useIsMobile } from '../../lib/mediaQuery.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useProfile } from '../../stores/profile.ts';
import { travelTo } from '../../stores/timeTravel.ts';
import { useScreenData } from '../../stores/useScreenData.ts';
import { CompareView } from './CompareView.tsx';
import { EventLog } from './EventLog.tsx';
import { historyApi, type HistoryEvent } from './historyApi.ts';
import { TimeTravelControl } from './TimeTravelControl.tsx';
import { VerifyResult, type VerifyState } from './VerifyResult.tsx';

/** Who may read the history: managers and auditors (the server refuses engineers with 403). */
export const canReadHistory = (role: string | null | undefined) => role === 'manager' || role === 'auditor';

/**
 * History: the event log with filters and CSV export, the plan as of any moment (time
 * travel), what changed between two moments, and the tamper check of the hash chains.
 */
export default function HistoryPage() {
  useScreenData(['profile']);
  const profile = useProfile();
  const mobile = useIsMobile();
  const [tab, setTab] = useState('log');
  const [verify, setVerify] = useState<VerifyState>({ status: 'idle' });

  const onTravel = useCallback((event: HistoryEvent) => travelTo({ cursor: event.cursor }), []);

  const runVerify = async () => {
    setVerify({ status: 'checking' });
    try {
      const result = await historyApi.verify();
      setVerify({ status: 'done', result, checkedAt: new Date().toISOString() });
    } catch (error) {
      setVerify({ status: 'failed', error });
    }
  };

  const role = profile.data?.role;
  if (role && !canReadHistory(role)) {
    return (
      <Result
        status="403"
        title="History is for managers and auditors"
        subTitle="Ask a manager if you need to know who changed what."
      />
    );
  }

  return (
    <div>
      <PageHeader
        title="History"
        subtitle="Every planning change: who made it and when, the plan as it was, and what changed between two moments"
        extra={
          <Tooltip title="Recompute every event's hash chain and name any event that was altered">
            <Button
              icon={<SafetyCertificateOutlined />}
              loading={verify.status === 'checking'}
              onClick={runVerify}
              data-testid="verify-history"
            >
              Verify history
            </Button>
          </Tooltip>
        }
      />
      <VerifyResult state={verify} onClose={() => setVerify({ status: 'idle' })} />
      <TimeTravelControl mobile={mobile} />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'log',
            label: 'Event log',
            icon: <UnorderedListOutlined />,
            children: <EventLog mobile={mobile} onTravel={onTravel} />,
          },
          {
            key: 'compare',
            label: 'Compare two moments',
            icon: <SwapOutlined />,
            children: <CompareView mobile={mobile} />,
          },
        ]}
      />
    </div>
  );
}
