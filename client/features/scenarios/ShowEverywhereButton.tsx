import { EyeOutlined } from '@ant-design/icons';
import { Button, message } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { openScenarioLens } from '../../stores/scenarioLens.ts';

/** Shows the scenario on every screen (read-only, like time travel) and opens the schedule on it. */
export function ShowEverywhereButton({ scenarioId }: { scenarioId: string }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const show = async () => {
    setBusy(true);
    try {
      await openScenarioLens(scenarioId);
      navigate('/capacity');
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" icon={<EyeOutlined />} loading={busy} onClick={() => void show()} data-testid="show-everywhere">
      Show on every screen
    </Button>
  );
}
