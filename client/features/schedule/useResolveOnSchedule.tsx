import { ThunderboltOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Button, message } from 'antd';
import { type ReactNode, useState } from 'react';
import { fromPromise } from 'xstate';
import { openScenarioLens } from '../../stores/scenarioLens.ts';
import {
  ProposalPanel, resolveBody, type ResolvedProposal, resolveOverloads, resolveOverloadsMachine, ResolveOverloadsDialog, type useScheduleWrites,
} from '../planning/index.ts';

type Options = {
  selection: ReturnType<typeof useScheduleWrites>['selection'];
  range: { from: string; to: string };
  today: string;
  /** Only managers resolve. */
  offered: boolean;
  compact: boolean;
};

const resolveMachine = resolveOverloadsMachine.provide({
  actors: { resolve: fromPromise(({ input }) => resolveOverloads(resolveBody(input))) },
});

/**
 * Resolve overloads for the window on screen (from today: days before it stay as they are); the
 * proposal is then shown on the schedule, in its scenario's lens, with its changes beside it.
 */
export function useResolveOnSchedule({ selection, range, today, offered, compact }: Options): { button: ReactNode; dialogs: ReactNode } {
  const [proposal, setProposal] = useState<ResolvedProposal | null>(null);
  const [resolving, send] = useMachine(
    resolveMachine.provide({
      actions: {
        opened: (_, { id, proposal: opened }) => {
          openScenarioLens(id, { editable: true }).then(
            () => setProposal(opened),
            (error: unknown) => void message.error((error as Error).message),
          );
        },
      },
    }),
  );
  // The people of the selected bars, when some are selected: their overloads, and only they take work.
  const open = () => {
    const engineerIds = [...new Set(selection.getSnapshot().context.selected.map((a) => a.engineerId._id))];
    send({ type: 'OPEN', from: range.from < today ? today : range.from, to: range.to, engineerIds });
  };
  const button = offered ? (
    <Button icon={<ThunderboltOutlined />} onClick={open} data-testid="schedule-resolve-overloads" aria-label="Resolve overloads">
      {compact ? null : 'Resolve overloads'}
    </Button>
  ) : null;
  const dialogs = (
    <>
      <ResolveOverloadsDialog state={resolving.value as 'closed' | 'editing' | 'solving' | 'result'} context={resolving.context} send={send} />
      <ProposalPanel proposal={proposal} onClose={() => setProposal(null)} />
    </>
  );
  return { button, dialogs };
}
