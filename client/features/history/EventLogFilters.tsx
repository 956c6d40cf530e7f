import { ClearOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Select, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useDayRange } from '../../lib/useDayRange.ts';
import type { HistoryActor } from './historyApi.ts';
import { activeFilterCount, entityLabels, eventTypeLabel, eventTypes, type HistoryFilters } from './query.ts';

type Props = {
  mobile: boolean;
  filters: HistoryFilters;
  /** The people who made changes, to filter by. */
  actors: readonly HistoryActor[];
  onFilter: (change: Partial<HistoryFilters>) => void;
  onClear: () => void;
  onRefresh: () => void;
};

const entityOptions = (Object.keys(entityLabels) as (keyof typeof entityLabels)[]).map((k) => ({ value: k, label: entityLabels[k] }));
const typeOptions = eventTypes.map((t) => ({ value: t, label: eventTypeLabel(t) }));

/** The filter bar over the event log: type, entity, actor, a time range, Clear and Refresh. */
export function EventLogFilters({ mobile, filters, actors, onFilter, onClear, onRefresh }: Props) {
  const days = useDayRange(filters.from, filters.to);
  const range = filters.from || filters.to ? days : null;
  const active = activeFilterCount(filters);
  const fullRow = mobile ? { gridColumn: '1 / -1' } : undefined;

  return (
    <div
      role="search"
      aria-label="Filter the history"
      style={{
        display: 'grid',
        gridTemplateColumns: mobile ? '1fr 1fr' : 'minmax(160px, 1fr) minmax(140px, 0.8fr) minmax(160px, 1fr) minmax(300px, 1.6fr) auto',
        gap: 8,
        padding: mobile ? '12px 16px' : '14px 20px',
      }}
    >
      <Select
        aria-label="Event type"
        data-testid="filter-type"
        placeholder="All event types"
        allowClear
        // 28 types: typing a word ('deactivated') finds one faster than scrolling.
        showSearch={{ optionFilterProp: 'label' }}
        value={filters.type ?? undefined}
        onChange={(value?: string) => onFilter({ type: value ?? null })}
        options={typeOptions}
      />
      <Select
        aria-label="Entity"
        data-testid="filter-entity"
        placeholder="All entities"
        allowClear
        value={filters.entity ?? undefined}
        onChange={(value?: HistoryFilters['entity']) => onFilter({ entity: value ?? null })}
        options={entityOptions}
      />
      <Select
        aria-label="Actor"
        data-testid="filter-actor"
        placeholder="All people"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        value={filters.actorId ?? undefined}
        onChange={(value?: string) => onFilter({ actorId: value ?? null })}
        options={actors.map((a) => ({ value: a.id, label: `${a.name} (${a.role})` }))}
        style={fullRow}
      />
      <DatePicker.RangePicker
        aria-label="Recorded between"
        data-testid="filter-range"
        showTime={{ format: 'HH:mm:ss' }}
        format="YYYY-MM-DD HH:mm:ss"
        allowEmpty={[true, true]}
        placeholder={['From', 'To']}
        value={range}
        onChange={(values) => onFilter({ from: values?.[0]?.toISOString() ?? null, to: values?.[1]?.toISOString() ?? null })}
        style={fullRow}
      />
      <div style={{ display: 'flex', gap: 8, gridColumn: mobile ? '1 / -1' : undefined }}>
        <Button icon={<ClearOutlined />} disabled={active === 0} onClick={onClear} data-testid="clear-filters">
          Clear{active ? ` (${active})` : ''}
        </Button>
        <Tooltip title="Load the newest events">
          <Button aria-label="Refresh" icon={<ReloadOutlined />} onClick={onRefresh} />
        </Tooltip>
      </div>
    </div>
  );
}
