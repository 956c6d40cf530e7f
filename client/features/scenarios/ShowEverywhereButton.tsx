import { EyeOutlined } from '@ant-design/icons';
import { Button, message } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { openScenarioLens } from '../../stores/scenarioLens.ts';

/** Shows the scenario on every screen and opens the schedule on it; its owner's planning there is drafted into it. */
export function ShowEverywhereButton({ scenarioId, editable }: { scenarioId: string; editable: boolean }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const show = async () => {
    setBusy(true);
    try {
      await openScenarioLens(scenarioId, { editable });
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
