import { useMemo } from 'react';
import { assignmentStatuses } from '../../../domain/lists/assignment-list.ts';
import { type FilterSpec, ListFilters } from '../../components/ListFilters.tsx';

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
  const selects: FilterSpec[] = [
    { name: 'status', label: 'Status', placeholder: 'All statuses', options: statusOptions, width: 150, testId: 'assignment-status-filter' },
    ...(showEngineer
      ? [{ name: 'engineerId', label: 'Engineer', placeholder: 'All engineers', options: engineerOptions, width: 200, testId: 'assignment-engineer-filter', searchable: true }]
      : []),
    { name: 'projectId', label: 'Project', placeholder: 'All projects', options: projectOptions, width: 220, testId: 'assignment-project-filter', searchable: true },
  ];
  return (
    <ListFilters
      testId="assignment-filters"
      search={{ value: search, placeholder: 'Search engineer, project or role', label: 'Search assignments', testId: 'assignment-search', onChange: onSearch }}
      filters={filters}
      onFilter={onFilter}
      isMobile={isMobile}
      selects={selects}
    />
  );
}
