import { CheckCircleOutlined, CrownOutlined, EllipsisOutlined, KeyOutlined, StopOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Select, type TableColumnsType, Typography } from 'antd';
import { isLastActiveAdmin } from '../../../domain/accounts/decide.ts';
import type { AccountView } from '../../../domain/accounts/inputs.ts';
import { accountMessages } from '../../../domain/accounts/messages.ts';
import type { Role } from '../../../domain/entities.ts';
import { PersonCell } from '../../components/EngineerAvatar.tsx';
import type { AccountAction } from './accountAction.machine.ts';
import { AccountStatusTag, AdminTag, lastSignInText, roleOptions } from './peopleLook.tsx';

type Ask = (action: AccountAction) => void;

/** An account's menu of changes, each asked (and confirmed) before it is made. */
function menuOf(a: AccountView, accounts: readonly AccountView[], ask: Ask): MenuProps['items'] {
  const items: MenuProps['items'] = [];
  // The organisation must keep an admin: for its last one, both ways of losing one are shown
  // disabled with the reason, rather than offered and then refused (the server's 409 still guards).
  const lastAdmin = isLastActiveAdmin(a, accounts);
  const keptAdmin = (text: string, testId: string) =>
    lastAdmin ? (
      // Said in the item, not in a tooltip: a disabled menu item takes no pointer, so a tooltip would never show.
      <span data-testid={testId}>
        {text}
        <span style={{ display: 'block', fontSize: 12, whiteSpace: 'normal', maxWidth: 220 }}>{accountMessages.lastAdmin}</span>
      </span>
    ) : (
      text
    );
  if (a.status !== 'deactivated') {
    items.push(
      a.admin
        ? { key: 'revoke', icon: <CrownOutlined />, label: keptAdmin('Revoke admin', 'last-admin-revoke'), disabled: lastAdmin, onClick: () => ask({ kind: 'admin', account: a, admin: false }) }
        : { key: 'grant', icon: <CrownOutlined />, label: 'Grant admin', onClick: () => ask({ kind: 'admin', account: a, admin: true }) },
    );
  }
  if (a.status === 'active') {
    items.push({ key: 'reset', icon: <KeyOutlined />, label: 'Issue reset link', onClick: () => ask({ kind: 'reset', account: a }) });
    items.push({ type: 'divider' });
    items.push({ key: 'deactivate', icon: <StopOutlined />, danger: true, label: keptAdmin('Deactivate', 'last-admin-deactivate'), disabled: lastAdmin, onClick: () => ask({ kind: 'active', account: a, active: false }) });
  }
  if (a.status === 'invited') {
    items.push({ type: 'divider' });
    items.push({ key: 'withdraw', icon: <UndoOutlined />, danger: true, label: 'Withdraw invitation', onClick: () => ask({ kind: 'withdraw', account: a }) });
  }
  if (a.status === 'deactivated') {
    items.push({ key: 'reactivate', icon: <CheckCircleOutlined />, label: 'Reactivate', onClick: () => ask({ kind: 'active', account: a, active: true }) });
  }
  return items;
}

type ColumnOptions = {
  accounts: readonly AccountView[];
  meId: string | undefined;
  /** The account whose change is running (its controls wait). */
  busyId: string | undefined;
  isMobile: boolean;
  ask: Ask;
};

/** The accounts table's columns: person, role (changed in place), admin, status, last sign-in and the menu of changes. */
export function accountColumns({ accounts, meId, busyId, isMobile, ask }: ColumnOptions): TableColumnsType<AccountView> {
  return [
    {
      title: 'Person',
      key: 'person',
      render: (_, a) => (
        <div style={{ opacity: a.status === 'deactivated' ? 0.6 : 1 }}>
          <PersonCell name={a._id === meId ? `${a.name} (you)` : a.name} lines={[a.email]} />
        </div>
      ),
    },
    {
      title: 'Role',
      key: 'role',
      width: 150,
      render: (_, a) => (
        <Select<Role>
          size="small"
          value={a.role}
          options={roleOptions}
          style={{ width: 124 }}
          aria-label={`Role of ${a.name}`}
          data-testid="account-role"
          disabled={busyId === a._id}
          onChange={(next) => ask({ kind: 'role', account: a, role: next })}
        />
      ),
    },
    { title: 'Admin', key: 'admin', width: 90, render: (_, a) => <AdminTag admin={a.admin} /> },
    { title: 'Status', key: 'status', width: 120, render: (_, a) => <AccountStatusTag status={a.status} /> },
    {
      title: 'Last sign-in',
      key: 'lastSignIn',
      width: 170,
      render: (_, a) =>
        a.lastSignInAt ? (
          <span className="tabular" style={{ whiteSpace: 'nowrap' }}>
            {lastSignInText(a.lastSignInAt)}
          </span>
        ) : (
          <Typography.Text type="secondary">never</Typography.Text>
        ),
    },
    {
      title: 'Actions',
      key: 'actions',
      width: 80,
      fixed: isMobile ? undefined : 'right',
      render: (_, a) => (
        <Dropdown menu={{ items: menuOf(a, accounts, ask) }} trigger={['click']} placement="bottomRight">
          <Button size="small" type="text" icon={<EllipsisOutlined />} aria-label={`Actions for ${a.name}`} loading={busyId === a._id} data-testid="account-actions" />
        </Dropdown>
      ),
    },
  ];
}
