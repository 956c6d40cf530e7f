import { DeleteOutlined, SlackOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Alert, Button, Input, Space, Typography } from 'antd';
import { fromPromise } from 'xstate';
import { SectionCard } from '../../components/SectionCard.tsx';
import { request } from '../../lib/http.ts';
import { type SlackChannel, slackChannelsMachine } from './slackChannels.machine.ts';
import { borderColors } from '../../components/palette.ts';

const machine = slackChannelsMachine.provide({
  actors: {
    load: fromPromise(() => request<SlackChannel[]>('GET', '/api/slack-channels')),
    add: fromPromise(({ input }) => request<SlackChannel>('POST', '/api/slack-channels', { body: input })),
    remove: fromPromise(({ input }) => request('DELETE', `/api/slack-channels/${encodeURIComponent(input)}`)),
  },
});

/** Admins: the Slack channels told of new overloads, published scenarios and finished imports. */
export function SlackChannels() {
  const [state, send] = useMachine(machine);
  const { channels, name, url, error } = state.context;
  const busy = state.matches('adding') || state.matches('removing');
  return (
    <SectionCard title="Slack channels" icon={<SlackOutlined />} testId="slack-channels" style={{ marginTop: 16, height: 'auto' }}>
      <Typography.Paragraph type="secondary">
        Each channel hears of overloads that appear in the next 4 weeks, published scenarios and finished imports. Add a channel by its
        incoming-webhook URL (Slack: Apps, Incoming Webhooks).
      </Typography.Paragraph>
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} /> : null}
      {state.matches('loading') ? null : channels.length === 0 ? (
        <Typography.Text type="secondary">No channels yet.</Typography.Text>
      ) : (
        channels.map((channel) => (
          <div key={channel._id} style={{ display: 'flex', gap: 12, alignItems: 'center', padding: '6px 0', borderBottom: `1px solid ${borderColors.faint}` }}>
            <Typography.Text strong>{channel.name}</Typography.Text>
            <Typography.Text type="secondary" ellipsis style={{ flex: 1, minWidth: 0 }}>
              {channel.url}
            </Typography.Text>
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove ${channel.name}`} disabled={busy} onClick={() => send({ type: 'REMOVE', id: channel._id })} />
          </div>
        ))
      )}
      <Space.Compact style={{ width: '100%', marginTop: 12 }}>
        <Input placeholder="#planning" value={name} onChange={(e) => send({ type: 'CHANGE', field: 'name', value: e.target.value })} aria-label="Channel name" style={{ maxWidth: 200 }} />
        <Input
          placeholder="https://hooks.slack.com/services/…"
          value={url}
          onChange={(e) => send({ type: 'CHANGE', field: 'url', value: e.target.value })}
          onPressEnter={() => send({ type: 'ADD' })}
          aria-label="Incoming-webhook URL"
        />
        <Button type="primary" loading={state.matches('adding')} disabled={!name.trim() || !url.trim()} onClick={() => send({ type: 'ADD' })} data-testid="slack-add">
          Add
        </Button>
      </Space.Compact>
    </SectionCard>
  );
}
