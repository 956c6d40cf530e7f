import { projectStatuses } from '../../../domain/entities.ts';
import { ListFilters } from '../../components/ListFilters.tsx';

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
  return (
    <ListFilters
      testId="project-filters"
      search={{ value: search, placeholder: 'Search name, description or skill', label: 'Search projects', testId: 'project-search', onChange: onSearch }}
      filters={filters}
      onFilter={onFilter}
      isMobile={isMobile}
      selects={[
        { name: 'status', label: 'Status', placeholder: 'All statuses', options: statusOptions, width: 150, testId: 'project-status-filter' },
        { name: 'tentative', label: 'Tentative or confirmed', placeholder: 'Tentative or confirmed', options: tentativeOptions, width: 210, testId: 'project-tentative-filter' },
        { name: 'openRoles', label: 'Open roles', placeholder: 'Open roles', options: openRoleOptions, width: 170, testId: 'project-open-roles-filter' },
      ]}
    />
  );
}
