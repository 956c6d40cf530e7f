import { SearchOutlined } from '@ant-design/icons';
import { Input, Select } from 'antd';
import { projectStatuses } from '../../../domain/entities.ts';

type Props = {
  search: string;
  filters: Record<string, string | null>;
  onSearch: (text: string) => void;
  onFilter: (filters: Record<string, string | null>) => void;
  isMobile: boolean;
};

const statusLabels = { planning: 'Planning', active: 'Active', completed: 'Completed' } as const;
const statusOptions = projectStatuses.map((value) => ({ value, label: statusLabels[value] }));
const openRoleOptions = [
  { value: 'true', label: 'With open roles' },
  { value: 'false', label: 'Every role filled' },
];
const tentativeOptions = [
  { value: 'true', label: 'Tentative (not won yet)' },
  { value: 'false', label: 'Confirmed' },
];

/** The directory's search and filters; the server applies them (typing waits for a pause). */
export function ProjectFilters({ search, filters, onSearch, onFilter, isMobile }: Props) {
  const width = (desktop: number) => (isMobile ? '100%' : desktop);
  const choose = (name: string) => (value: string | undefined) => onFilter({ [name]: value ?? null });
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, padding: '12px 20px 0' }} data-testid="project-filters">
      <Input
        allowClear
        prefix={<SearchOutlined style={{ color: '#94a3b8' }} />}
        placeholder="Search name, description or skill"
        aria-label="Search projects"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        style={{ width: width(320) }}
        data-testid="project-search"
      />
      <Select
        allowClear
        placeholder="All statuses"
        aria-label="Status"
        options={statusOptions}
        value={filters.status ?? undefined}
        onChange={choose('status')}
        style={{ width: width(150) }}
        data-testid="project-status-filter"
      />
      <Select
        allowClear
        placeholder="Tentative or confirmed"
        aria-label="Tentative or confirmed"
        options={tentativeOptions}
        value={filters.tentative ?? undefined}
        onChange={choose('tentative')}
        style={{ width: width(210) }}
        data-testid="project-tentative-filter"
      />
      <Select
        allowClear
        placeholder="Open roles"
        aria-label="Open roles"
        options={openRoleOptions}
        value={filters.openRoles ?? undefined}
        onChange={choose('openRoles')}
        style={{ width: width(170) }}
        data-testid="project-open-roles-filter"
      />
    </div>
  );
}
