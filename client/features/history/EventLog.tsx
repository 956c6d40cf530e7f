import { ClearOutlined, DownloadOutlined, HistoryOutlined, ReloadOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Alert, Button, DatePicker, message as messageApi, Select, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { EmptyState } from '../../components/EmptyState.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { errorMessage } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { historyLogMachine } from '../../machines/historyLog.machine.ts';
import { EventDetails } from './EventDetails.tsx';
import { EntityTag, EventTypeTag } from './eventLook.tsx';
import { downloadHistoryCsv, type HistoryActor, type HistoryEvent, historyApi } from './historyApi.ts';
import { activeFilterCount, csvFilename, entityLabels, eventTypeLabel, eventTypes, type HistoryFilters } from './query.ts';

type Props = { mobile: boolean; onTravel: (event: HistoryEvent) => void };

/** Within this many pixels of the list's end, the next page is asked for. */
const LOAD_AHEAD_PX = 320;

const travelButton = (event: HistoryEvent, onTravel: Props['onTravel']) => (
  <Tooltip title="View the plan at this point">
    <Button
      type="text"
      size="small"
      aria-label="View the plan at this point"
      icon={<HistoryOutlined />}
      onClick={(e) => {
        e.stopPropagation();
        onTravel(event);
      }}
      data-testid="row-travel"
    />
  </Tooltip>
);

function desktopColumns(onTravel: Props['onTravel']): TableColumnsType<HistoryEvent> {
  return [
    {
      title: 'Time',
      key: 'time',
      width: 130,
      render: (_, e) => (
        <div style={{ lineHeight: 1.35 }} title={e.recordedAt}>
          <div style={{ whiteSpace: 'nowrap' }}>{dayjs(e.recordedAt).format('MMM DD, YYYY')}</div>
          <Typography.Text type="secondary" className="tabular" style={{ fontSize: 12 }}>
            {dayjs(e.recordedAt).format('HH:mm:ss')}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: 'Actor',
      key: 'actor',
      width: 160,
      render: (_, e) => (
        <div style={{ lineHeight: 1.35, minWidth: 0 }}>
          <div style={{ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{e.actor.name}</div>
          {typeof e.metadata.actorRole === 'string' && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {e.metadata.actorRole}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      title: 'What happened',
      key: 'summary',
      render: (_, e) => (
        <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start', minWidth: 0 }}>
          <span style={{ flex: 'none', width: 150, paddingTop: 1 }}>
            <EventTypeTag type={e.type} />
          </span>
          <span data-testid="event-summary" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{e.summary}</span>
        </div>
      ),
    },
    {
      title: 'Entity',
      key: 'entity',
      width: 250,
      render: (_, e) => (
        <div style={{ display: 'grid', gap: 2, justifyItems: 'start', minWidth: 0 }}>
          <EntityTag kind={e.entity.kind} />
          <span className="clamp-2" style={{ fontSize: 13, overflowWrap: 'anywhere' }} title={e.entity.name}>
            {e.entity.name}
          </span>
        </div>
      ),
    },
    { title: '', key: 'travel', width: 52, align: 'center', render: (_, e) => travelButton(e, onTravel) },
  ];
}

function mobileColumns(onTravel: Props['onTravel']): TableColumnsType<HistoryEvent> {
  return [
    {
      title: 'Event',
      key: 'event',
      render: (_, e) => (
        <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 4, minWidth: 0, paddingRight: 10, overflow: 'hidden' }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'center' }}>
            <EventTypeTag type={e.type} />
            <Typography.Text type="secondary" className="tabular" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              {dateTime(e.recordedAt)}
            </Typography.Text>
          </div>
          <span data-testid="event-summary" style={{ overflowWrap: 'anywhere' }}>{e.summary}</span>
          <div style={{ display: 'flex', gap: 6, alignItems: 'center', justifyContent: 'space-between' }}>
            <div style={{ display: 'flex', gap: 6, alignItems: 'center', minWidth: 0, flex: '1 1 auto', overflow: 'hidden' }}>
              <EntityTag kind={e.entity.kind} />
              <span
                className="muted"
                style={{ fontSize: 12, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                title={e.entity.name}
              >
                {e.entity.name}
              </span>
            </div>
            {travelButton(e, onTravel)}
          </div>
        </div>
      ),
    },
  ];
}

/**
 * The event log (issue 6): newest first, filtered by type, entity, actor and time, virtualised and
 * loaded a page at a time as the list scrolls; each row opens on the event's data and metadata.
 */
export function EventLog({ mobile, onTravel }: Props) {
  const [message, messageHolder] = messageApi.useMessage({ maxCount: 2 });
  const machine = useMemo(
    () =>
      historyLogMachine.provide({
        actors: {
          fetchPage: fromPromise(({ input, signal }) => historyApi.events(input.filters, input.before, signal)),
        },
      }),
    [],
  );
  const [state, send] = useMachine(machine, { input: {} });
  const { filters, events, next, error, moreError } = state.context;
  const events_ = events as HistoryEvent[];

  const [actors, setActors] = useState<HistoryActor[]>([]);
  useEffect(() => {
    let live = true;
    historyApi.actors().then((list) => live && setActors(list), () => undefined);
    return () => {
      live = false;
    };
  }, []);

  const [expanded, setExpanded] = useState<readonly React.Key[]>([]);
  const [exporting, setExporting] = useState(false);

  const loading = state.matches('loading');
  const loadingMore = state.matches('loadingMore');
  const columns = useMemo(() => (mobile ? mobileColumns(onTravel) : desktopColumns(onTravel)), [mobile, onTravel]);

  const setFilter = (change: Partial<HistoryFilters>) => {
    setExpanded([]);
    send({ type: 'FILTER', filters: change });
  };

  // Asking for the next page as the end comes near; one request at a time (the machine guards it too).
  const wantMore = useRef(false);
  const onScroll = (event: React.UIEvent<HTMLElement>) => {
    const el = event.currentTarget;
    if (!el || typeof el.scrollTop !== 'number') return;
    const nearEnd = el.scrollHeight - el.scrollTop - el.clientHeight < LOAD_AHEAD_PX;
    if (nearEnd && !wantMore.current && next && !moreError) {
      wantMore.current = true;
      send({ type: 'LOAD_MORE' });
    }
    if (!nearEnd) wantMore.current = false;
  };
  useEffect(() => {
    if (!loadingMore) wantMore.current = false;
  }, [loadingMore]);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const actorName = actors.find((a) => a.id === filters.actorId)?.name;
      await downloadHistoryCsv(filters, csvFilename(filters, new Date(), actorName));
    } catch (e) {
      void message.error(`The export failed: ${errorMessage(e)}`);
    } finally {
      setExporting(false);
    }
  };

  const range: [Dayjs | null, Dayjs | null] | null =
    filters.from || filters.to ? [filters.from ? dayjs(filters.from) : null, filters.to ? dayjs(filters.to) : null] : null;
  const active = activeFilterCount(filters);

  const footer = (
    <div
      data-testid="log-footer"
      style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8, flexWrap: 'wrap', fontSize: 13 }}
    >
      <Typography.Text type="secondary" data-testid="log-count">
        {loading ? 'Loading events…' : `${events_.length} ${events_.length === 1 ? 'event' : 'events'} shown${next ? '' : ' (all)'}`}
      </Typography.Text>
      {moreError ? (
        <span>
          <Typography.Text type="danger">{moreError} </Typography.Text>
          <Button size="small" onClick={() => send({ type: 'LOAD_MORE' })}>
            Try again
          </Button>
        </span>
      ) : loadingMore ? (
        <Typography.Text type="secondary">Loading older events…</Typography.Text>
      ) : next ? (
        <Button size="small" onClick={() => send({ type: 'LOAD_MORE' })} data-testid="load-more">
          Load older events
        </Button>
      ) : !loading && events_.length > 0 ? (
        <Typography.Text type="secondary">The beginning of history</Typography.Text>
      ) : null}
    </div>
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
          value={filters.type ?? undefined}
          onChange={(value?: string) => setFilter({ type: value ?? null })}
          options={eventTypes.map((t) => ({ value: t, label: eventTypeLabel(t) }))}
        />
        <Select
          aria-label="Entity"
          data-testid="filter-entity"
          placeholder="All entities"
          allowClear
          value={filters.entity ?? undefined}
          onChange={(value?: HistoryFilters['entity']) => setFilter({ entity: value ?? null })}
          options={(Object.keys(entityLabels) as (keyof typeof entityLabels)[]).map((k) => ({ value: k, label: entityLabels[k] }))}
        />
        <Select
          aria-label="Actor"
          data-testid="filter-actor"
          placeholder="All people"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={filters.actorId ?? undefined}
          onChange={(value?: string) => setFilter({ actorId: value ?? null })}
          options={actors.map((a) => ({ value: a.id, label: `${a.name} (${a.role})` }))}
          style={mobile ? { gridColumn: '1 / -1' } : undefined}
        />
        <DatePicker.RangePicker
          data-testid="filter-range"
          showTime={{ format: 'HH:mm:ss' }}
          format="YYYY-MM-DD HH:mm:ss"
          allowEmpty={[true, true]}
          placeholder={['From', 'To']}
          value={range}
          onChange={(values) =>
            setFilter({ from: values?.[0]?.toISOString() ?? null, to: values?.[1]?.toISOString() ?? null })
          }
          style={mobile ? { gridColumn: '1 / -1' } : undefined}
        />
        <div style={{ display: 'flex', gap: 8, gridColumn: mobile ? '1 / -1' : undefined }}>
          <Button
            icon={<ClearOutlined />}
            disabled={active === 0}
            onClick={() => {
              setExpanded([]);
              send({ type: 'CLEAR_FILTERS' });
            }}
            data-testid="clear-filters"
          >
            Clear{active ? ` (${active})` : ''}
          </Button>
          <Tooltip title="Load the newest events">
            <Button aria-label="Refresh" icon={<ReloadOutlined />} onClick={() => send({ type: 'REFRESH' })} />
          </Tooltip>
        </div>
      </div>
      {messageHolder}
      {error && (
        <Alert
          type="error"
          showIcon
          style={{ margin: '0 20px 12px' }}
          title={error}
          action={
            <Button size="small" onClick={() => send({ type: 'RETRY' })}>
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
        dataSource={events_}
        loading={loading}
        pagination={false}
        scroll={{ y: mobile ? 520 : 600 }}
        onScroll={onScroll}
        showHeader={!mobile}
        data-testid="history-table"
        expandable={{
          expandedRowKeys: expanded,
          onExpandedRowsChange: (keys) => setExpanded(keys),
          expandRowByClick: true,
          columnWidth: 40,
          expandedRowRender: (e) => <EventDetails event={e} onTravel={onTravel} mobile={mobile} />,
        }}
        footer={() => footer}
        locale={{
          emptyText: loading ? (
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
