import { ReloadOutlined, TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import { Alert, Button, Tooltip } from 'antd';
import { useDeferredValue, useMemo } from 'react';
import type { AccountView } from '../../../domain/accounts/inputs.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { plural } from '../../lib/format.ts';
import { useIsMobile } from '../../lib/mediaQuery.ts';
import { useProfile } from '../../stores/profile.ts';
import type { AccountAction } from './accountAction.machine.ts';
import { accountColumns } from './accountColumns.tsx';
import { accountCounts, visibleAccounts } from './accountsDirectory.machine.ts';
import { ConfirmAccountAction, ResetLinkDialog } from './AccountDialogs.tsx';
import { useAccountsBulk } from './AccountsBulk.tsx';
import { AccountCounts, AccountFilterBar } from './AccountsParts.tsx';
import { InviteDialog } from './InviteDialog.tsx';
import { InviteInBulk } from './InviteInBulk.tsx';
import { SlackChannels } from './SlackChannels.tsx';
import { usePeopleMachines } from './usePeopleMachines.ts';

/**
 * People & access (admins): everyone who may sign in, with their role, admin rights, status and last
 * sign-in; inviting people, withdrawing invitations, changing roles and admin rights, deactivating
 * and reactivating accounts (one, or a selection of any size at once), and issuing reset links. Each change is made against the version its row
 * showed; a refusal (the last admin, someone else's change first) says why and reloads the list.
 */
export default function PeoplePage() {
  const isMobile = useIsMobile();
  const me = useProfile().data;
  const { list, sendList, invite, sendInvite, action, sendAction } = usePeopleMachines();
  const { accounts, search, role, status, error, loaded } = list.context;
  const filters = useDeferredValue({ search, role, status });
  const rows = useMemo(() => visibleAccounts(accounts, filters), [accounts, filters]);
  const counts = useMemo(() => accountCounts(accounts), [accounts]);
  const loading = !loaded && list.matches('loading');
  const busyId = action.matches('running') ? action.context.action?.account._id : undefined;
  const ask = (next: AccountAction) => sendAction({ type: 'ASK', action: next });
  const reload = () => sendList({ type: 'RELOAD' });
  const bulk = useAccountsBulk({ shown: rows, accounts, meId: me?._id, onChanged: reload });
  const columns = accountColumns({ accounts, meId: me?._id, busyId, isMobile, ask });
  const activeFilters = (search ? 1 : 0) + (role ? 1 : 0) + (status ? 1 : 0);
  const subtitle = loading ? 'Loading accounts...' : activeFilters ? `Showing ${rows.length} of ${plural(accounts.length, 'account')}` : plural(accounts.length, 'account');
  const clearFilters = () => sendList({ type: 'CLEAR_FILTERS' });

  return (
    <div data-testid="people-page">
      <PageHeader
        title="People & access"
        subtitle="Who can sign in, with which role, and who may manage access"
        extra={<Button type="primary" icon={<UserAddOutlined />} onClick={() => sendInvite({ type: 'OPEN' })} data-testid="invite-open">Invite</Button>}
      />
      {error && !loaded ? (
        <Alert type="error" showIcon title="The accounts could not be loaded" description={error} style={{ marginBottom: 16 }} action={<Button onClick={() => sendList({ type: 'RETRY' })}>Try again</Button>} />
      ) : null}
      {action.context.error ? (
        <Alert type="error" showIcon closable={{ onClose: () => sendAction({ type: 'DISMISS_ERROR' }) }} title={action.context.error} style={{ marginBottom: 16 }} data-testid="account-action-error" />
      ) : null}
      <AccountCounts counts={counts} loading={loading} />
      <SectionCard
        title="Accounts"
        subtitle={subtitle}
        icon={<TeamOutlined />}
        bodyPadding={0}
        testId="accounts"
        extra={<Tooltip title="Reload the list"><Button aria-label="Reload" icon={<ReloadOutlined />} onClick={reload} /></Tooltip>}
      >
        <AccountFilterBar search={search} role={role} status={status} activeFilters={activeFilters} compact={isMobile} send={sendList} />
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
              action={activeFilters ? <Button onClick={clearFilters}>Clear filters</Button> : undefined}
            />
          }
        />
      </SectionCard>
      <InviteInBulk accounts={accounts} loaded={loaded} onInvited={reload} />
      <InviteDialog open={!invite.matches('closed')} sending={invite.matches('sending')} sent={invite.matches('sent')} context={invite.context} send={sendInvite} />
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
