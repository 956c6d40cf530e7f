import { SyncOutlined } from '@ant-design/icons';
import { Alert, Button, Typography } from 'antd';
import type { Rebased } from './scenariosApi.ts';
import { momentParts } from '../../lib/format.ts';

type Props = {
  liveChangedAt: Date | null;
  notApplied: number;
  moved: number;
  dropped: Rebased['dropped'] | null;
  editable: boolean;
  onRebase: () => void;
};

const changes = (n: number) => (n === 1 ? '1 drafted change' : `${n} drafted changes`);

/** What the live plan did under the scenario while it was open, and what a rebase left out. */
export function LiveNotes({ liveChangedAt, notApplied, moved, dropped, editable, onRebase }: Props) {
  const rebase = editable ? <Button size="small" icon={<SyncOutlined />} onClick={onRebase}>Rebase</Button> : undefined;
  return (
    <div style={{ display: 'grid', gap: 8, marginBottom: 16 }} data-testid="live-notes">
      {notApplied > 0 ? (
        <Alert type="error" showIcon data-testid="not-applied-note" title={`${changes(notApplied)} no longer ${notApplied === 1 ? 'applies' : 'apply'}: the live plan moved under ${notApplied === 1 ? 'it' : 'them'}. ${notApplied === 1 ? 'It is' : 'They are'} left out of every view below.`} action={rebase} />
      ) : null}
      {moved > 0 ? (
        <Alert type="warning" showIcon data-testid="moved-note" title={`The live plan changed under ${changes(moved)} since ${moved === 1 ? 'it was' : 'they were'} drafted: publishing would be refused until you rebase.`} action={rebase} />
      ) : null}
      {dropped && dropped.length > 0 ? (
        <Alert
          type="info"
          showIcon
          data-testid="dropped-note"
          title={`The rebase dropped ${changes(dropped.length)}`}
          description={<ul style={{ margin: 0, paddingInlineStart: 18 }}>{dropped.map((d) => <li key={d.changeId}>{d.message}</li>)}</ul>}
        />
      ) : null}
      {liveChangedAt ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="live-refolded">
          <SyncOutlined /> The live plan changed at {momentParts(liveChangedAt).time}: everything here is folded on it again.
        </Typography.Text>
      ) : null}
    </div>
  );
}
