import { HistoryOutlined } from '@ant-design/icons';
import { Button, Descriptions, Typography } from 'antd';
import { dateTime } from '../../lib/format.ts';
import { EntityTag, EventTypeTag } from './eventLook.tsx';
import type { HistoryEvent } from './historyApi.ts';
import { prettyJson } from './query.ts';
import { backgrounds, palette } from '../../components/palette.ts';

const codeStyle: React.CSSProperties = {
  margin: 0,
  padding: 12,
  background: backgrounds.subtle,
  border: `1px solid ${palette.border}`,
  borderRadius: 8,
  fontSize: 12,
  lineHeight: 1.5,
  maxHeight: 260,
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
};

type Props = { event: HistoryEvent; onTravel: (event: HistoryEvent) => void; mobile: boolean };

/** An event's details: who, what, where in the log, and its data and metadata as recorded. */
export function EventDetails({ event, onTravel, mobile }: Props) {
  const role = typeof event.metadata.actorRole === 'string' ? event.metadata.actorRole : undefined;
  return (
    <div data-testid="event-details" style={{ padding: mobile ? '4px 0' : '4px 8px', minWidth: 0 }}>
      <Descriptions
        size="small"
        column={mobile ? 1 : 3}
        style={{ marginBottom: 12 }}
        items={[
          { key: 'type', label: 'Event', children: <EventTypeTag type={event.type} /> },
          { key: 'at', label: 'Recorded', children: <span title={event.recordedAt}>{dateTime(event.recordedAt)}</span> },
          { key: 'actor', label: 'By', children: role ? `${event.actor.name} (${role})` : event.actor.name },
          {
            key: 'entity',
            label: 'Entity',
            children: (
              <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center', flexWrap: 'wrap' }}>
                <EntityTag kind={event.entity.kind} /> {event.entity.name}
              </span>
            ),
          },
          { key: 'stream', label: 'Stream', children: <Typography.Text code>{`${event.streamId} #${event.streamPosition}`}</Typography.Text> },
          { key: 'cursor', label: 'Cursor', children: <Typography.Text code copyable>{event.cursor}</Typography.Text> },
        ]}
      />
      <div style={{ display: 'grid', gridTemplateColumns: mobile ? '1fr' : '1fr 1fr', gap: 12 }}>
        <div style={{ minWidth: 0 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 600 }}>
            DATA
          </Typography.Text>
          <pre style={codeStyle} data-testid="event-data">
            {prettyJson(event.data)}
          </pre>
        </div>
        <div style={{ minWidth: 0 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 600 }}>
            METADATA
          </Typography.Text>
          <pre style={codeStyle} data-testid="event-metadata">
            {prettyJson(event.metadata)}
          </pre>
        </div>
      </div>
      <Button style={{ marginTop: 12 }} icon={<HistoryOutlined />} onClick={() => onTravel(event)} data-testid="details-travel">
        View the plan at this point
      </Button>
    </div>
  );
}
