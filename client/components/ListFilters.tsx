import { SearchOutlined } from '@ant-design/icons';
import { Input, Select } from 'antd';
import { textColors } from './palette.ts';

/** One filter of a list: a choice among options, cleared to mean "all". */
export type FilterSpec = {
  /** The filter's key in the list's query. */
  name: string;
  label: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
  /** Its width on a desktop; a phone gives every control the whole line. */
  width: number;
  testId: string;
  /** One of many named things (thousands of engineers), found by typing part of the name. */
  searchable?: boolean;
};

type Props = {
  testId: string;
  search: { value: string; placeholder: string; label: string; testId: string; onChange: (text: string) => void };
  filters: Record<string, string | null>;
  onFilter: (filters: Record<string, string | null>) => void;
  selects: readonly FilterSpec[];
  isMobile: boolean;
};

/** A list's search box and filters, as the Projects and Assignments screens show them; the server applies them. */
export function ListFilters({ testId, search, filters, onFilter, selects, isMobile }: Props) {
  const width = (desktop: number) => (isMobile ? '100%' : desktop);
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, padding: '12px 20px 0' }} data-testid={testId}>
      <Input
        allowClear
        prefix={<SearchOutlined style={{ color: textColors.faint }} />}
        placeholder={search.placeholder}
        aria-label={search.label}
        value={search.value}
        onChange={(event) => search.onChange(event.target.value)}
        style={{ width: width(320) }}
        data-testid={search.testId}
      />
      {selects.map((spec) => (
        <Select
          key={spec.name}
          allowClear
          showSearch={spec.searchable ? { optionFilterProp: 'label' } : undefined}
          placeholder={spec.placeholder}
          aria-label={spec.label}
          options={[...spec.options]}
          value={filters[spec.name] ?? undefined}
          onChange={(value: string | undefined) => onFilter({ [spec.name]: value ?? null })}
          style={{ width: width(spec.width) }}
          data-testid={spec.testId}
        />
      ))}
    </div>
  );
}
