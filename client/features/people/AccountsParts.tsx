import { ClockCircleOutlined, SafetyCertificateOutlined, SearchOutlined, StopOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Input, Select } from 'antd';
import type { Role } from '../../../domain/entities.ts';
import { StatCard, StatGrid } from '../../components/StatCard.tsx';
import type { AccountStatusFilter, AccountsDirectoryEvent, accountCounts } from './accountsDirectory.machine.ts';
import { roleOptions } from './peopleLook.tsx';

const statusOptions: { value: AccountStatusFilter; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'invited', label: 'Invited' },
  { value: 'deactivated', label: 'Deactivated' },
  { value: 'admin', label: 'Admins' },
];

/** How many accounts are active, invited, admins and deactivated. */
export function AccountCounts({ counts, loading }: { counts: ReturnType<typeof accountCounts>; loading: boolean }) {
  return (
    <StatGrid columns={4}>
      <StatCard title="Active" value={counts.active} hint="Can sign in" icon={<TeamOutlined />} tone="green" loading={loading} testId="card-active" />
      <StatCard title="Invited" value={counts.invited} hint="Waiting to accept" icon={<ClockCircleOutlined />} tone="amber" loading={loading} testId="card-invited" />
      <StatCard title="Admins" value={counts.admins} hint="Manage people and access" icon={<SafetyCertificateOutlined />} tone="violet" loading={loading} testId="card-admins" />
      <StatCard title="Deactivated" value={counts.deactivated} hint="Cannot sign in" icon={<StopOutlined />} tone="slate" loading={loading} testId="card-deactivated" />
    </StatGrid>
  );
}

type FilterProps = {
  search: string;
  role: Role | null;
  status: AccountStatusFilter | null;
  activeFilters: number;
  compact: boolean;
  send: (event: AccountsDirectoryEvent) => void;
};

/** The list's search, role and status filters, and Clear. */
export function AccountFilterBar({ search, role, status, activeFilters, compact, send }: FilterProps) {
  return (
    <div role="search" style={{ display: 'grid', gridTemplateColumns: compact ? '1fr 1fr' : 'minmax(240px, 2fr) minmax(140px, 1fr) minmax(140px, 1fr) auto', gap: 8, padding: '14px 20px 0' }}>
      <Input
        allowClear
        prefix={<SearchOutlined className="muted" />}
        placeholder="Search name or e-mail"
        aria-label="Search name or e-mail"
        value={search}
        onChange={(event) => send({ type: 'SEARCH', text: event.target.value })}
        style={compact ? { gridColumn: '1 / -1' } : undefined}
        data-testid="people-search"
      />
      <Select<Role>
        allowClear
        placeholder="All roles"
        aria-label="Role"
        value={role ?? undefined}
        options={roleOptions}
        onChange={(value?: Role) => send({ type: 'FILTER', role: value ?? null })}
      />
      <Select<AccountStatusFilter>
        allowClear
        placeholder="All statuses"
        aria-label="Status"
        value={status ?? undefined}
        options={statusOptions}
        onChange={(value?: AccountStatusFilter) => send({ type: 'FILTER', status: value ?? null })}
      />
      {!compact ? (
        <Button disabled={activeFilters === 0} onClick={() => send({ type: 'CLEAR_FILTERS' })}>
          Clear
        </Button>
      ) : null}
    </div>
  );
}
