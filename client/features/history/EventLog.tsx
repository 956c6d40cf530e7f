import { DownloadOutlined, HistoryOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Alert, Button, message as messageApi, Table } from 'antd';
import { useMemo } from 'react';
import { EmptyState } from '../../components/EmptyState.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { EventDetails } from './EventDetails.tsx';
import { eventLogColumns, type OnTravel } from './eventLogColumns.tsx';
import { EventLogFilters } from './EventLogFilters.tsx';
import { EventLogFooter } from './EventLogFooter.tsx';
import type { HistoryEvent } from './historyApi.ts';
import { activeFilterCount } from './query.ts';
import { useEventLog } from './useEventLog.ts';
import { useCsvExport, useHistoryActors } from './useHistoryExport.ts';

type Props = { mobile: boolean; onTravel: OnTravel };

/**
 * The event log: newest first, filtered by type, entity, actor and time, virtualised and
 * loaded a page at a time as the list scrolls; each row opens on the event's data and metadata.
 */
export function EventLog({ mobile, onTravel }: Props) {
  const [message, messageHolder] = messageApi.useMessage({ maxCount: 2 });
  const log = useEventLog();
  const actors = useHistoryActors();
  const { exporting, exportCsv } = useCsvExport(log.filters, actors, (text) => void message.error(text));
  const columns = useMemo(() => eventLogColumns(mobile, onTravel), [mobile, onTravel]);
  const active = activeFilterCount(log.filters);

  const footer = (
    <EventLogFooter
      loading={log.loading}
      loadingMore={log.loadingMore}
      count={log.events.length}
      hasMore={log.hasMore}
      moreError={log.moreError}
      onLoadMore={log.loadMore}
    />
  );

  return (
    <SectionCard
      title="Event log"
      subtitle="Every planning change, newest first. Open a row for its data and metadata."
      icon={<UnorderedListOutlined />}
      bodyPadding={0}
      testId="event-log"
      extra={
        <Button icon={<DownloadOutlined />} onClick={exportCsv} loading={exporting} data-testid="export-csv">
          Export CSV
        </Button>
      }
    >
      <EventLogFilters
        mobile={mobile}
        filters={log.filters}
        actors={actors}
        onFilter={log.setFilter}
        onClear={log.clearFilters}
        onRefresh={log.refresh}
      />
      {messageHolder}
      {log.error && (
        <Alert
          type="error"
          showIcon
          style={{ margin: '0 20px 12px' }}
          title={log.error}
          action={
            <Button size="small" onClick={log.retry}>
              Retry
            </Button>
          }
        />
      )}
      <Table<HistoryEvent>
        virtual
        rowKey="cursor"
        size="middle"
        columns={columns}
        dataSource={log.events}
        loading={log.loading}
        pagination={false}
        scroll={{ y: mobile ? 520 : 600 }}
        onScroll={log.onScroll}
        showHeader={!mobile}
        data-testid="history-table"
        expandable={{
          expandedRowKeys: log.expanded,
          onExpandedRowsChange: (keys) => log.setExpanded(keys),
          expandRowByClick: true,
          columnWidth: 40,
          expandedRowRender: (e) => <EventDetails event={e} onTravel={onTravel} mobile={mobile} />,
        }}
        footer={() => footer}
        locale={{
          emptyText: log.loading ? (
            <div style={{ height: 160 }} />
          ) : (
            <EmptyState
              icon={<HistoryOutlined />}
              title={active ? 'No events match these filters' : 'No events yet'}
              hint={active ? 'Change or clear the filters to see more' : 'Planning changes will appear here'}
            />
          ),
        }}
      />
    </SectionCard>
  );
}
