import { RollbackOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Tag, Typography } from 'antd';
import { EmptyState } from '../../components/EmptyState.tsx';
import type { DraftedCommandKind } from '../../../domain/scenarios/index.ts';
import type { DescribedChange } from './scenariosApi.ts';
import { borderColors, palette } from '../../components/palette.ts';

/** What a change set out to do, when it has no sentences: it no longer applies, or writes nothing on the live plan now. */
const kindLabels: Record<DraftedCommandKind, string> = {
  createAssignment: 'Add an assignment',
  updateAssignment: 'Change an assignment',
  removeAssignment: 'Remove an assignment',
  updateProject: 'Change a project',
  markTentative: 'Mark a project tentative',
  confirmProject: 'Confirm a project',
  addPlaceholder: 'Add a placeholder',
  updatePlaceholder: 'Change a placeholder',
  removePlaceholder: 'Remove a placeholder',
  fillPlaceholder: 'Fill a placeholder',
  bookTimeOff: 'Book time off',
  cancelTimeOff: 'Cancel time off',
};

type Props = {
  changes: readonly DescribedChange[];
  /** Changes whose streams moved in the live plan since they were drafted (publishing would conflict). */
  moved: ReadonlySet<string>;
  editable: boolean;
  busy: boolean;
  onUndo: (changeId: string) => void;
};

/** The mark of a change the live plan moved under: no longer applies (with the live rule's message), or will need a rebase. */
function Mark({ change, moved }: { change: DescribedChange; moved: boolean }) {
  if (!change.applied) {
    return (
      <div data-testid="change-not-applied" style={{ color: palette.danger, fontSize: 13 }}>
        <WarningOutlined /> No longer applies on the live plan: {change.error}
      </div>
    );
  }
  if (!moved) return null;
  return (
    <div data-testid="change-moved" style={{ color: palette.warning, fontSize: 13 }}>
      <WarningOutlined /> The live plan changed this since it was drafted: rebase before publishing.
    </div>
  );
}

/** The drafted changes in the order they apply, each in the History screen's sentences. */
export function ChangeList({ changes, moved, editable, busy, onUndo }: Props) {
  if (changes.length === 0) {
    return <EmptyState icon={<RollbackOutlined />} title="No drafted changes yet" hint={editable ? 'Draft a change below: nothing you draft here touches the live plan.' : undefined} />;
  }
  return (
    <ol style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="scenario-changes">
      {changes.map((change, i) => (
        <li
          key={change.changeId}
          data-testid="scenario-change"
          data-applied={String(change.applied)}
          data-moved={String(moved.has(change.changeId))}
          style={{ display: 'flex', gap: 12, alignItems: 'flex-start', padding: '10px 0', borderTop: i === 0 ? undefined : `1px solid ${borderColors.faint}` }}
        >
          <Tag style={{ marginInlineEnd: 0, flex: 'none' }}>{i + 1}</Tag>
          <div style={{ flex: 1, minWidth: 0, display: 'grid', gap: 2 }}>
            {change.applied && change.sentences.length > 0 ? (
              change.sentences.map((sentence) => (
                <span key={sentence} data-role="sentence" style={{ overflowWrap: 'anywhere' }}>{sentence}</span>
              ))
            ) : change.applied ? (
              // Applies, and writes nothing: the live plan already made this change.
              <Typography.Text type="secondary" data-role="sentence">{kindLabels[change.command.kind]}: already so on the live plan</Typography.Text>
            ) : (
              <Typography.Text delete type="secondary" data-role="sentence">{kindLabels[change.command.kind]}</Typography.Text>
            )}
            {change.reason ? (
              <Typography.Text type="secondary" data-role="reason" style={{ fontSize: 13, overflowWrap: 'anywhere' }}>Why: {change.reason}</Typography.Text>
            ) : null}
            <Mark change={change} moved={moved.has(change.changeId)} />
          </div>
          {editable ? (
            <Button size="small" icon={<RollbackOutlined />} disabled={busy} onClick={() => onUndo(change.changeId)} data-testid="undo-change" style={{ flex: 'none' }}>
              {/* A proposed change is accepted by keeping it, rejected by taking it back. */}
              {change.reason ? 'Reject' : 'Undo'}
            </Button>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
