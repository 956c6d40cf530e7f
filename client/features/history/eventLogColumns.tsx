import { HistoryOutlined } from '@ant-design/icons';
import { Button, type TableColumnsType, Tooltip, Typography } from 'antd';
import { dateTime, momentParts } from '../../lib/format.ts';
import { EntityTag, EventTypeTag, ProposedTag } from './eventLook.tsx';
import type { HistoryEvent } from './historyApi.ts';

export type OnTravel = (event: HistoryEvent) => void;

function TravelButton({ event, onTravel }: { event: HistoryEvent; onTravel: OnTravel }) {
  return (
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
}

function desktopColumns(onTravel: OnTravel): TableColumnsType<HistoryEvent> {
  return [
    {
      title: 'Time',
      key: 'time',
      width: 130,
      render: (_, e) => (
        <div style={{ lineHeight: 1.35 }} title={e.recordedAt}>
          <div style={{ whiteSpace: 'nowrap' }}>{momentParts(e.recordedAt).day}</div>
          <Typography.Text type="secondary" className="tabular" style={{ fontSize: 12 }}>
            {momentParts(e.recordedAt).time}
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
            {e.proposed && <ProposedTag reason={e.proposed.reason} />}
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
    { title: '', key: 'travel', width: 52, align: 'center', render: (_, e) => <TravelButton event={e} onTravel={onTravel} /> },
  ];
}

/** On a phone one column holds the whole event: type and time, summary, entity and the travel button. */
function mobileColumns(onTravel: OnTravel): TableColumnsType<HistoryEvent> {
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
          {e.proposed && <span><ProposedTag reason={e.proposed.reason} /></span>}
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
            <TravelButton event={e} onTravel={onTravel} />
          </div>
        </div>
      ),
    },
  ];
}

/** The event log's table columns: five on a desktop, one stacked column on a phone. */
export const eventLogColumns = (mobile: boolean, onTravel: OnTravel) => (mobile ? mobileColumns(onTravel) : desktopColumns(onTravel));
