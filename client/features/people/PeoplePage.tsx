import {
  CheckCircleOutlined, ClockCircleOutlined, CrownOutlined, EllipsisOutlined, KeyOutlined, ReloadOutlined, SafetyCertificateOutlined,
  SearchOutlined, StopOutlined, TeamOutlined, UndoOutlined, UserAddOutlined,
} from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Alert, Button, Dropdown, Input, type MenuProps, Select, type TableColumnsType, Tooltip, Typography, message } from 'antd';
import { useDeferredValue, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { fromPromise } from 'xstate';
import { isLastActiveAdmin } from '../../../domain/accounts/decide.ts';
import type { AccountView } from '../../../domain/accounts/inputs.ts';
import { accountMessages } from '../../../domain/accounts/messages.ts';
import { roles, type Role } from '../../../domain/entities.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { PersonCell } from '../../components/EngineerAvatar.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { StatCard, StatGrid } from '../../components/StatCard.tsx';
import { accountsApi } from './accountsApi.ts';
import { plural } from '../../lib/format.ts';
import { useIsMobile } from '../../lib/mediaQuery.ts';
import { type AccountAction, type AccountActionResult, accountActionMachine } from './accountAction.machine.ts';
import { accountCounts, type AccountStatusFilter, accountsDirectoryMachine, visibleAccounts } from './accountsDirectory.machine.ts';
import { inviteFormMachine } from './inviteForm.machine.ts';
import { useProfile } from '../../stores/profile.ts';
import { ConfirmAccountAction, ResetLinkDialog } from './AccountDialogs.tsx';
import { useAccountsBulk } from './AccountsBulk.tsx';
import { InviteDialog } from './InviteDialog.tsx';
import { InviteInBulk } from './InviteInBulk.tsx';
import { SlackChannels } from './SlackChannels.tsx';
import { AccountStatusTag, AdminTag, lastSignInText, roleOptions } from './peopleLook.tsx';

const statusOptions: { value: AccountStatusFilter; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'invited', label: 'Invited' },
  { value: 'deactivated', label: 'Deactivated' },
  { value: 'admin', label: 'Admins' },
];

/** What each action does to the account, against the version its row showed. */
function runAction(action: AccountAction): Promise<AccountActionResult> {
  const { account } = action;
  switch (action.kind) {
    case 'role':
      return accountsApi.changeAccount(account._id, account.version, { role: action.role }).then(() => null);
    case 'admin':
      return accountsApi.changeAccount(account._id, account.version, { admin: action.admin }).then(() => null);
    case 'active':
      return accountsApi.changeAccount(account._id, account.version, { active: action.active }).then(() => null);
    case 'withdraw':
      return accountsApi.withdrawInvite(account._id).then(() => null);
    case 'reset':
      return accountsApi.issuePasswordReset(account._id);
  }
}

// The calls, as the machines' actors.
const fetchAccounts = fromPromise<AccountView[], void>(() => accountsApi.accounts());
const inviteSomeone = fromPromise(({ input }: { input: Parameters<typeof accountsApi.invite>[0] }) => accountsApi.invite(input));
const runAccountAction = fromPromise<AccountActionResult, AccountAction>(({ input }) => runAction(input));

const doneText = (action: AccountAction): string => {
  const who = action.account.name;
  switch (action.kind) {
    case 'role':
      return `${who} is now ${action.role === 'engineer' ? 'an' : 'a'} ${action.role}`;
    case 'admin':
      return action.admin ? `${who} is now an admin` : `${who} is no longer an admin`;
    case 'active':
      return action.active ? `${who} can sign in again` : `${who} is deactivated and signed out`;
    case 'withdraw':
      return `The invitation of ${who} is withdrawn`;
    case 'reset':
      return `Reset link issued for ${who}`;
  }
};

/**
 * People & access (admins): everyone who may sign in, with their role, admin rights, status and last
 * sign-in; inviting people, withdrawing invitations, changing roles and admin rights, deactivating
 * and reactivating accounts (one, or a selection of any size at once), and issuing reset links. Each change is made against the version its row
 * showed; a refusal (the last admin, someone else's change first) says why and reloads the list.
 */
export default function PeoplePage() {
  const isMobile = useIsMobile();
  const me = useProfile().data;
  const [list, sendList] = useMachine(accountsDirectoryMachine.provide({ actors: { fetchAccounts } }));
  const [invite, sendInvite] = useMachine(inviteFormMachine.provide({
    actors: { invite: inviteSomeone },
    actions: { invited: () => sendList({ type: 'RELOAD' }) },
  }));
  // Arriving with ?invite=<e-mail>&name=&role= (an engineer just registered): the invitation, prefilled.
  const [params, setParams] = useSearchParams();
  const prefill = params.get('invite');
  useEffect(() => {
    if (!prefill) return;
    const role = roles.find((r) => r === params.get('role')) ?? 'engineer';
    sendInvite({ type: 'OPEN', values: { email: prefill, name: params.get('name') ?? '', role } });
    setParams({}, { replace: true });
  }, [prefill, params, setParams, sendInvite]);
  const [action, sendAction] = useMachine(accountActionMachine.provide({
    actors: { run: runAccountAction },
    actions: {
      reload: () => sendList({ type: 'RELOAD' }),
      done: (_, { action: done }) => void message.success(doneText(done)),
    },
  }));

  const { accounts, search, role, status, error, loaded } = list.context;
  const filters = useDeferredValue({ search, role, status });
  const rows = useMemo(() => visibleAccounts(accounts, filters), [accounts, filters]);
  const counts = useMemo(() => accountCounts(accounts), [accounts]);
  const loading = !loaded && list.matches('loading');
  const busyId = action.matches('running') ? action.context.action?.account._id : undefined;
  const ask = (next: AccountAction) => sendAction({ type: 'ASK', action: next });
  const bulk = useAccountsBulk({ shown: rows, accounts, meId: me?._id, onChanged: () => sendList({ type: 'RELOAD' }) });

  const menuOf = (a: AccountView): MenuProps['items'] => {
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
  };

  const columns: TableColumnsType<AccountView> = [
    {
      title: 'Person',
      key: 'person',
      render: (_, a) => (
        <div style={{ opacity: a.status === 'deactivated' ? 0.6 : 1 }}>
          <PersonCell name={a._id === me?._id ? `${a.name} (you)` : a.name} lines={[a.email]} />
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
        <Dropdown menu={{ items: menuOf(a) }} trigger={['click']} placement="bottomRight">
          <Button size="small" type="text" icon={<EllipsisOutlined />} aria-label={`Actions for ${a.name}`} loading={busyId === a._id} data-testid="account-actions" />
        </Dropdown>
      ),
    },
  ];

  const activeFilters = (search ? 1 : 0) + (role ? 1 : 0) + (status ? 1 : 0);
  const subtitle = loading
    ? 'Loading accounts...'
    : activeFilters
      ? `Showing ${rows.length} of ${plural(accounts.length, 'account')}`
      : plural(accounts.length, 'account');

  return (
    <div data-testid="people-page">
      <PageHeader
        title="People & access"
        subtitle="Who can sign in, with which role, and who may manage access"
        extra={
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => sendInvite({ type: 'OPEN' })} data-testid="invite-open">
            Invite
          </Button>
        }
      />
      {error && !loaded ? (
        <Alert type="error" showIcon title="The accounts could not be loaded" description={error} style={{ marginBottom: 16 }} action={<Button onClick={() => sendList({ type: 'RETRY' })}>Try again</Button>} />
      ) : null}
      {action.context.error ? (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => sendAction({ type: 'DISMISS_ERROR' }) }}
          title={action.context.error}
          style={{ marginBottom: 16 }}
          data-testid="account-action-error"
        />
      ) : null}
      <StatGrid columns={4}>
        <StatCard title="Active" value={counts.active} hint="Can sign in" icon={<TeamOutlined />} tone="green" loading={loading} testId="card-active" />
        <StatCard title="Invited" value={counts.invited} hint="Waiting to accept" icon={<ClockCircleOutlined />} tone="amber" loading={loading} testId="card-invited" />
        <StatCard title="Admins" value={counts.admins} hint="Manage people and access" icon={<SafetyCertificateOutlined />} tone="violet" loading={loading} testId="card-admins" />
        <StatCard title="Deactivated" value={counts.deactivated} hint="Cannot sign in" icon={<StopOutlined />} tone="slate" loading={loading} testId="card-deactivated" />
      </StatGrid>
      <SectionCard
        title="Accounts"
        subtitle={subtitle}
        icon={<TeamOutlined />}
        bodyPadding={0}
        testId="accounts"
        extra={
          <Tooltip title="Reload the list">
            <Button aria-label="Reload" icon={<ReloadOutlined />} onClick={() => sendList({ type: 'RELOAD' })} />
          </Tooltip>
        }
      >
        <div role="search" style={{ display: 'grid', gridTemplateColumns: isMobile ? '1fr 1fr' : 'minmax(240px, 2fr) minmax(140px, 1fr) minmax(140px, 1fr) auto', gap: 8, padding: '14px 20px 0' }}>
          <Input
            allowClear
            prefix={<SearchOutlined className="muted" />}
            placeholder="Search name or e-mail"
            aria-label="Search name or e-mail"
            value={search}
            onChange={(event) => sendList({ type: 'SEARCH', text: event.target.value })}
            style={isMobile ? { gridColumn: '1 / -1' } : undefined}
            data-testid="people-search"
          />
          <Select<Role>
            allowClear
            placeholder="All roles"
            aria-label="Role"
            value={role ?? undefined}
            options={roleOptions}
            onChange={(value?: Role) => sendList({ type: 'FILTER', role: value ?? null })}
          />
          <Select<AccountStatusFilter>
            allowClear
            placeholder="All statuses"
            aria-label="Status"
            value={status ?? undefined}
            options={statusOptions}
            onChange={(value?: AccountStatusFilter) => sendList({ type: 'FILTER', status: value ?? null })}
          />
          {!isMobile ? (
            <Button disabled={activeFilters === 0} onClick={() => sendList({ type: 'CLEAR_FILTERS' })}>
              Clear
            </Button>
          ) : null}
        </div>
        {bulk.bar}
        <DataTable<AccountView>
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={loading}
          rowSelection={bulk.rowSelection}
          empty={
            <EmptyState
              icon={<TeamOutlined />}
              title={accounts.length === 0 ? 'No accounts yet' : 'Nobody matches'}
              hint={accounts.length === 0 ? 'Invite the people who plan and do the work.' : 'Try another name or e-mail, or clear the filters.'}
              action={activeFilters ? <Button onClick={() => sendList({ type: 'CLEAR_FILTERS' })}>Clear filters</Button> : undefined}
            />
          }
        />
      </SectionCard>
      <InviteInBulk accounts={accounts} loaded={loaded} onInvited={() => sendList({ type: 'RELOAD' })} />
      <InviteDialog
        open={!invite.matches('closed')}
        sending={invite.matches('sending')}
        sent={invite.matches('sent')}
        context={invite.context}
        send={sendInvite}
      />
      <ConfirmAccountAction
        action={action.context.action}
        open={action.matches('confirming') || (action.matches('running') && action.context.action?.kind !== 'reset')}
        running={action.matches('running')}
        onConfirm={() => sendAction({ type: 'CONFIRM' })}
        onCancel={() => sendAction({ type: 'CANCEL' })}
      />
      <ResetLinkDialog link={action.context.link} onClose={() => sendAction({ type: 'CLOSE' })} />
      {bulk.dialog}
      <SlackChannels />
    </div>
  );
}
