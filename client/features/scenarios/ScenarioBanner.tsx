import { ExperimentOutlined } from '@ant-design/icons';
import { Alert, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useIsMobile } from '../../lib/mediaQuery.ts';
import type { ScenarioDetail } from './scenariosApi.ts';

/** Why nothing on this screen is the live plan, in one line; what the reader may do, in the second. */
function explanation(scenario: ScenarioDetail, editable: boolean): string {
  if (scenario.status === 'published') return 'Published: its changes are live now. The scenario is read-only.';
  if (scenario.status === 'discarded') return 'Discarded: kept for reading only.';
  return editable
    ? 'Every view here is the live plan with your drafted changes on top; publish to make them live.'
    : `Read-only: ${scenario.ownerName} drafts this scenario. Every view is the live plan with the drafted changes on top.`;
}

/** Above the scenario, like time travel's banner: whose draft this is and that it is not live. */
export function ScenarioBanner({ scenario, editable, actions }: { scenario: ScenarioDetail; editable: boolean; actions?: ReactNode }) {
  const mobile = useIsMobile();
  const live = scenario.status === 'published';
  return (
    <div role="status" data-testid="scenario-banner" data-status={scenario.status} // On a phone the banner would take a third of the screen for good: it scrolls away there.
      style={{ position: mobile ? 'static' : 'sticky', top: 56, zIndex: 8, marginBottom: 16 }}>
      <Alert
        type={live ? 'success' : 'info'}
        showIcon
        icon={<ExperimentOutlined />}
        style={{ padding: mobile ? '8px 12px' : '10px 16px' }}
        title={
          <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap', justifyContent: 'space-between' }}>
            <div style={{ minWidth: 0, flex: '1 1 240px' }}>
              <Typography.Text strong data-testid="scenario-banner-title" style={{ overflowWrap: 'anywhere' }}>
                Scenario: {scenario.name} — {live ? 'published, its changes are live' : 'drafted changes are not live'}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {explanation(scenario, editable)}
              </Typography.Text>
            </div>
            {actions ? <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>{actions}</div> : null}
          </div>
        }
      />
    </div>
  );
}
