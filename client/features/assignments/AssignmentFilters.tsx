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
        <NamedSelect label="Engineer" placeholder="All engineers" options={engineerOptions} value={filters.engineerId} onChange={choose('engineerId')} width={width(200)} testId="assignment-engineer-filter" />
      ) : null}
      <NamedSelect label="Project" placeholder="All projects" options={projectOptions} value={filters.projectId} onChange={choose('projectId')} width={width(220)} testId="assignment-project-filter" />
    </div>
  );
}

type NamedSelectProps = {
  label: string;
  placeholder: string;
  options: { value: string; label: string }[];
  value: string | null | undefined;
  onChange: (value: string | undefined) => void;
  width: number | string;
  testId: string;
};

/** One of many named things (thousands of engineers), found by typing part of the name. */
function NamedSelect({ label, placeholder, options, value, onChange, width, testId }: NamedSelectProps) {
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder}
      aria-label={label}
      options={options}
      value={value ?? undefined}
      onChange={onChange}
      style={{ width }}
      data-testid={testId}
    />
  );
}
