import { CloudUploadOutlined, SyncOutlined } from '@ant-design/icons';
import { Button, Switch, Tooltip } from 'antd';
import { SharedTag } from './scenarioLook.tsx';
import type { ScenarioDetail } from './scenariosApi.ts';

type Props = {
  scenario: ScenarioDetail;
  editable: boolean;
  busy: boolean;
  onShare: (shared: boolean) => void;
  onRebase: () => void;
  onPublish: () => void;
};

/** Share, Rebase and Publish for the owner of a draft; everyone else sees only whether it is shared. */
export function ScenarioControls({ scenario, editable, busy, onShare, onRebase, onPublish }: Props) {
  if (!editable) return <SharedTag shared={scenario.shared} />;
  return (
    <>
      <label style={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontSize: 13 }}>
        <Switch size="small" checked={scenario.shared} disabled={busy} onChange={onShare} data-testid="share-switch" />
        Shared
      </label>
      <Tooltip title="Draft every change again on the live plan as it is now">
        <Button size="small" icon={<SyncOutlined />} disabled={busy || scenario.changes.length === 0} onClick={onRebase} data-testid="rebase">
          Rebase
        </Button>
      </Tooltip>
      <Button size="small" type="primary" icon={<CloudUploadOutlined />} disabled={busy || scenario.changes.length === 0} onClick={onPublish} data-testid="publish">
        Publish
      </Button>
    </>
  );
}
