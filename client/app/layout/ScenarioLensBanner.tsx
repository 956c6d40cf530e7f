import { ExperimentOutlined, RollbackOutlined } from '@ant-design/icons';
import { Alert, Button, Typography } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useIsMobile } from '../../lib/mediaQuery.ts';
import { closeScenarioLens, resumeScenarioLens } from '../../stores/scenarioLens.ts';
import { useViewedScenario } from '../../stores/viewMode.ts';
import { borderColors } from '../../components/palette.ts';

/** Above every screen while a scenario is shown on them: its name, a way back to it, and 'Back to live'. */
export function ScenarioLensBanner() {
  const scenario = useViewedScenario();
  const isMobile = useIsMobile();
  // Mounted once signed in: a reload comes back to the scenario the tab showed.
  useEffect(() => void resumeScenarioLens(), []);
  if (!scenario) return null;
  return (
    <div role="status" aria-live="polite" data-testid="scenario-lens-banner" style={{ position: 'sticky', top: 56, zIndex: 9 }}>
      <Alert
        banner
        type="info"
        icon={<ExperimentOutlined />}
        showIcon
        style={{ padding: isMobile ? '8px 12px' : '10px 24px', borderBottom: `1px solid ${borderColors.scenario}` }}
        title={
          <div style={{ display: 'flex', alignItems: 'center', gap: isMobile ? 8 : 12, flexWrap: isMobile ? 'nowrap' : 'wrap', justifyContent: 'space-between' }}>
            <div style={{ minWidth: 0 }}>
              <Typography.Text strong data-testid="scenario-lens-title">
                Scenario: {scenario.name}
              </Typography.Text>
              {!isMobile && (
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {scenario.editable
                    ? 'Every screen shows the live plan with this scenario\'s drafted changes. Your planning here is drafted into the scenario, not applied.'
                    : 'Every screen shows the live plan with this scenario\'s drafted changes. Read-only.'}
                </Typography.Text>
              )}
            </div>
            <span style={{ display: 'inline-flex', gap: 8, flex: 'none' }}>
              {!isMobile && (
                <Link to={`/scenarios/${encodeURIComponent(scenario.id)}`} data-testid="scenario-lens-open">
                  Open scenario
                </Link>
              )}
              <Button size="small" type="primary" icon={<RollbackOutlined />} onClick={closeScenarioLens} data-testid="scenario-lens-back">
                Back to live
              </Button>
            </span>
          </div>
        }
      />
    </div>
  );
}
