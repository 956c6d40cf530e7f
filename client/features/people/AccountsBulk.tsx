import { CheckCircleOutlined, CloseOutlined, StopOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Alert, Button, Space, Tooltip, Typography } from 'antd';
import { type Key, type ReactNode, useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { AccountView } from '../../../domain/accounts/inputs.ts';
import { Modal } from '../../components/Modal.tsx';
import { selectAllTitle } from '../../components/SelectAllTitle.tsx';
import { plural } from '../../lib/format.ts';
import { type AccountsBulkContext, accountsBulkMachine, confirmWords, resultText, whyNotChosen } from './accountsBulk.machine.ts';
import { changeAccountsActive } from './accountsBulkApi.ts';

/**
 * People & access's bulk deactivate and reactivate: the accounts table's selection (of any size:
 * "select all" takes every account the search and filters match, on every page), the bar above the
 * table, and the dialog that confirms how many, then says what changed or why nothing did. One's own
 * account and invitations cannot be chosen; their boxes say why. `shown` is the table's rows as
 * filtered; `accounts` the whole list; `onChanged` reloads it.
 */
export function useAccountsBulk({ shown, accounts, meId, onChanged }: {
  shown: readonly AccountView[];
  accounts: readonly AccountView[];
  meId: string | undefined;
  onChanged: () => void;
}) {
  const [state, send] = useMachine(
    accountsBulkMachine.provide({
      actors: { change: fromPromise(({ input }) => changeAccountsActive(input.ids, input.active)) },
      actions: { reload: () => onChanged() },
    }),
  );
  // The same ids are the same list (the page's rows are a new array at each of its renders).
  const shownKey = shown.filter((a) => whyNotChosen(a, meId) === null).map((a) => a._id).join('\n');
  const shownIds = useMemo(() => (shownKey ? shownKey.split('\n') : []), [shownKey]);
  // A new filter, or the list read again, keeps only the chosen accounts it still lists.
  useEffect(() => send({ type: 'KEEP_ONLY', ids: shownIds }), [shownIds, send]);

  const { selected } = state.context;
  const chosen = useMemo(() => {
    const ids = new Set(selected);
    return accounts.filter((a) => ids.has(a._id));
  }, [accounts, selected]);
  const activeChosen = chosen.filter((a) => a.status === 'active').length;
  const deactivatedChosen = chosen.filter((a) => a.status === 'deactivated').length;

  return {
    rowSelection: {
      selectedRowKeys: selected,
      // The header's box chooses the page's rows; the rows of other pages stay chosen.
      preserveSelectedRowKeys: true,
      onChange: (keys: Key[]) => send({ type: 'SELECT', ids: keys.map(String) }),
      getCheckboxProps: (a: AccountView) => {
        const why = whyNotChosen(a, meId);
        return { disabled: why !== null, 'aria-label': why ? `${a.name}: ${why}` : `Choose ${a.name}` };
      },
      // A disabled box takes no pointer: the tooltip sits on a wrapper around it.
      renderCell: (_checked: boolean, a: AccountView, _index: number, box: ReactNode) => {
        const why = whyNotChosen(a, meId);
        return why ? (
          <Tooltip title={why}>
            <span data-testid="account-select-locked" style={{ display: 'inline-block' }}>{box}</span>
          </Tooltip>
        ) : box;
      },
      columnWidth: 32,
      columnTitle: selectAllTitle,
    },
    bar: (
      <div role="toolbar" aria-label="Change the chosen accounts" data-testid="accounts-bulk-bar"
        style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, padding: '12px 20px 0' }}>
        <Typography.Text strong={selected.length > 0} type={selected.length === 0 ? 'secondary' : undefined} data-testid="accounts-bulk-selected">
          {selected.length === 0 ? 'Choose accounts to deactivate or reactivate them together' : `${plural(selected.length, 'account')} chosen`}
        </Typography.Text>
        {selected.length < shownIds.length ? (
          <Button size="small" type="link" onClick={() => send({ type: 'SELECT_ALL', ids: shownIds })} data-testid="accounts-bulk-select-all">
            Select all {shownIds.length} matching
          </Button>
        ) : null}
        <Space wrap size={8} style={{ marginInlineStart: 'auto' }}>
          <Button danger icon={<StopOutlined />} disabled={activeChosen === 0} onClick={() => send({ type: 'CHOOSE', active: false })} data-testid="accounts-bulk-deactivate">
            Deactivate
          </Button>
          <Button icon={<CheckCircleOutlined />} disabled={deactivatedChosen === 0} onClick={() => send({ type: 'CHOOSE', active: true })} data-testid="accounts-bulk-reactivate">
            Reactivate
          </Button>
          <Button type="text" icon={<CloseOutlined />} disabled={selected.length === 0} onClick={() => send({ type: 'CLEAR' })} data-testid="accounts-bulk-clear">
            Clear
          </Button>
        </Space>
      </div>
    ),
    dialog: (
      <AccountsBulkDialog
        phase={state.matches('confirming') ? 'confirming' : state.matches('saving') ? 'saving' : state.matches('done') ? 'done' : state.matches('failed') ? 'failed' : null}
        context={state.context}
        // How many of the chosen are so already (the confirm says they stay so).
        already={state.context.active === null ? 0 : state.context.active ? activeChosen : deactivatedChosen}
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'CANCEL' })}
        onClose={() => send({ type: 'CLOSE' })}
      />
    ),
  };
}

type DialogProps = {
  phase: 'confirming' | 'saving' | 'done' | 'failed' | null;
  context: AccountsBulkContext;
  already: number;
  onConfirm: () => void;
  onCancel: () => void;
  onClose: () => void;
};

/** "Deactivate 3 accounts?", then what changed, or the server's reason with nothing changed. */
export function AccountsBulkDialog({ phase, context, already, onConfirm, onCancel, onClose }: DialogProps) {
  const { active, selected, result, error } = context;
  if (active === null || phase === null) return null;
  const asking = phase === 'confirming' || phase === 'saving';
  // Done, the selection is cleared: the words keep the count that was sent.
  const words = confirmWords(active, result?.count ?? selected.length, asking ? already : 0);
  const footer = asking
    ? [
        <Button key="cancel" onClick={onCancel} disabled={phase === 'saving'}>Cancel</Button>,
        <Button key="ok" type="primary" danger={!active} loading={phase === 'saving'} onClick={onConfirm} data-testid="accounts-bulk-confirm">
          {words.confirm}
        </Button>,
      ]
    : phase === 'failed'
      ? [
          <Button key="retry" onClick={onConfirm} data-testid="accounts-bulk-retry">Try again</Button>,
          <Button key="close" type="primary" onClick={onClose} data-testid="accounts-bulk-close">Close</Button>,
        ]
      : [<Button key="done" type="primary" onClick={onClose} data-testid="accounts-bulk-done">Done</Button>];
  return (
    <Modal
      open
      title={words.title}
      onCancel={phase === 'saving' ? undefined : asking ? onCancel : onClose}
      closable={phase !== 'saving'}
      keyboard={phase !== 'saving'}
      mask={{ closable: false }}
      width={480}
      footer={footer}
      destroyOnHidden
      data-testid="accounts-bulk-dialog"
    >
      {asking ? <p style={{ margin: '8px 0 0' }} data-testid="accounts-bulk-summary">{words.body}</p> : null}
      {phase === 'done' && result ? (
        <Alert type="success" showIcon title={resultText(active, result)} data-testid="accounts-bulk-result" />
      ) : null}
      {phase === 'failed' && error ? (
        <Alert type="error" showIcon title={error} description={`Your selection of ${plural(selected.length, 'account')} is kept.`} data-testid="accounts-bulk-error" />
      ) : null}
    </Modal>
  );
}
