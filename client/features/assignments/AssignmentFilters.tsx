import { SearchOutlined } from '@ant-design/icons';
import { Input, Select } from 'antd';
import { useMemo } from 'react';
import { assignmentStatuses } from '../../../domain/lists/assignment-list.ts';

type Named = { _id: string; name: string };

type Props = {
  search: string;
  filters: Record<string, string | null>;
  onSearch: (text: string) => void;
  onFilter: (filters: Record<string, string | null>) => void;
  engineers: readonly Named[];
  projects: readonly Named[];
  /** An engineer sees only their own assignments: an engineer filter would offer nothing. */
  showEngineer: boolean;
  isMobile: boolean;
};

const statusLabels = { active: 'Active', upcoming: 'Upcoming', completed: 'Completed' } as const;
const statusOptions = assignmentStatuses.map((value) => ({ value, label: statusLabels[value] }));

const optionsOf = (items: readonly Named[]) =>
  [...items].sort((a, b) => a.name.localeCompare(b.name)).map((item) => ({ value: item._id, label: item.name }));

/** The All Assignments search and filters; the server applies them (typing waits for a pause). */
export function AssignmentFilters({ search, filters, onSearch, onFilter, engineers, projects, showEngineer, isMobile }: Props) {
  const engineerOptions = useMemo(() => optionsOf(engineers), [engineers]);
  const projectOptions = useMemo(() => optionsOf(projects), [projects]);
  const width = (desktop: number) => (isMobile ? '100%' : desktop);
  const choose = (name: string) => (value: string | undefined) => onFilter({ [name]: value ?? null });
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, padding: '12px 20px 0' }} data-testid="assignment-filters">
      <Input
        allowClear
        prefix={<SearchOutlined style={{ color: '#94a3b8' }} />}
        placeholder="Search engineer, project or role"
        aria-label="Search assignments"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        style={{ width: width(320) }}
        data-testid="assignment-search"
      />
      <Select
        allowClear
        placeholder="All statuses"
        aria-label="Status"
        options={statusOptions}
        value={filters.status ?? undefined}
        onChange={choose('status')}
        style={{ width: width(150) }}
        data-testid="assignment-status-filter"
      />
      {showEngineer ? (
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="All engineers"
          aria-label="Engineer"
          options={engineerOptions}
          value={filters.engineerId ?? undefined}
          onChange={choose('engineerId')}
          style={{ width: width(200) }}
          data-testid="assignment-engineer-filter"
        />
      ) : null}
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="All projects"
        aria-label="Project"
        options={projectOptions}
        value={filters.projectId ?? undefined}
        onChange={choose('projectId')}
        style={{ width: width(220) }}
        data-testid="assignment-project-filter"
      />
    </div>
  );
}
