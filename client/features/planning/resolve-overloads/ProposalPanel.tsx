import { Button, Drawer, Typography } from 'antd';
import { Link } from 'react-router';
import { useIsMobile } from '../../../lib/mediaQuery.ts';
import type { ResolvedProposal } from './resolveOverloads.ts';
import { useEngineers } from '../../../stores/engineers.ts';

/**
 * The proposal beside the screen that shows it (the schedule, in the scenario's lens): each change's
 * reason and what it does, what it leaves, and the way to its scenario to accept, reject and publish.
 * No mask: the screen under it stays usable.
 */
export function ProposalPanel({ proposal, onClose }: { proposal: ResolvedProposal | null; onClose: () => void }) {
  const isMobile = useIsMobile();
  const engineers = useEngineers();
  const nameOf = (id: string) => engineers.data?.find((e) => e._id === id)?.name ?? id;
  // A move of work that started is two changes with one reason: it is told once.
  const moves: { key: string; reason: string | undefined; sentences: string[] }[] = [];
  for (const change of proposal?.changes ?? []) {
    const same = change.moveId ? moves.find((m) => m.key === change.moveId) : undefined;
    if (same) same.sentences.push(...change.sentences);
    else moves.push({ key: change.moveId ?? change.changeId, reason: change.reason, sentences: [...change.sentences] });
  }
  return (
    <Drawer
      open={proposal !== null}
      onClose={onClose}
      mask={false}
      placement={isMobile ? 'bottom' : 'right'}
      size={isMobile ? 420 : 380}
      title="The proposal"
      data-testid="proposal-panel"
      extra={
        proposal ? (
          <Link to={`/scenarios/${encodeURIComponent(proposal._id)}`} data-testid="proposal-open-scenario">
            <Button size="small" type="primary">Review and publish</Button>
          </Link>
        ) : null
      }
    >
      {proposal ? (
        <div style={{ display: 'grid', gap: 12 }}>
          <Typography.Text type="secondary">
            {proposal.changes.length} proposed {proposal.changes.length === 1 ? 'change' : 'changes'} in &ldquo;{proposal.name}&rdquo;, shown on the schedule. Nothing is live until it is published.
          </Typography.Text>
          <ol style={{ paddingInlineStart: 18, margin: 0, display: 'grid', gap: 10 }} data-testid="proposal-changes">
            {moves.map((m) => (
              <li key={m.key} data-testid="proposal-change">
                {m.reason ? <Typography.Text strong style={{ display: 'block' }}>{m.reason}</Typography.Text> : null}
                {m.sentences.map((s) => (
                  <Typography.Text key={s} type="secondary" style={{ display: 'block', fontSize: 13 }}>{s}</Typography.Text>
                ))}
              </li>
            ))}
          </ol>
          {proposal.left.length > 0 ? (
            <div data-testid="proposal-left">
              <Typography.Text strong>Left as they are</Typography.Text>
              <ul style={{ paddingInlineStart: 18, margin: 0 }}>
                {proposal.left.map((l) => (
                  <li key={l.engineerId}>
                    {nameOf(l.engineerId)}: over on {l.days.length} {l.days.length === 1 ? 'day' : 'days'}, peak {l.peak} %.{' '}
                    <Typography.Text type="secondary">{l.blockedBy}</Typography.Text>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : null}
    </Drawer>
  );
}
