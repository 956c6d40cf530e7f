import { CalendarOutlined, CopyOutlined, DeleteOutlined, LinkOutlined } from '@ant-design/icons';
import { Button, Card, Input, Popconfirm, Space, Typography, message } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../lib/api.ts';
import { calendarFeedApi } from './calendarFeedApi.ts';

/**
 * The Profile's calendar feed: a secret address a calendar app subscribes to, with one's assignments
 * (the project and one's share) and time off as all-day events. The same address until revoked;
 * revoking it makes the old one answer nothing, for someone it was shared with by mistake.
 */
export function CalendarFeed() {
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      void message.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const show = () => run(async () => setUrl((await calendarFeedApi.url()).url));
  const revoke = () => run(async () => {
    await calendarFeedApi.revoke();
    setUrl(null);
    void message.success('Calendar feed revoked: its address no longer works');
  });
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      void message.success('Feed address copied');
    } catch {
      void message.info('Select the address and copy it');
    }
  };

  return (
    <Card
      data-testid="calendar-feed"
      style={{ marginTop: 16 }}
      title={<span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}><CalendarOutlined /> Calendar feed</span>}
    >
      <Typography.Paragraph type="secondary">
        Subscribe to your assignments and time off in Google Calendar, Outlook or Apple Calendar. Anyone with the address can read them: keep it to yourself, and revoke it if it gets out.
      </Typography.Paragraph>
      {url ? (
        <Space.Compact style={{ width: '100%' }}>
          <Input readOnly value={url} aria-label="Calendar feed address" data-testid="calendar-feed-url" onFocus={(e) => e.target.select()} />
          <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="calendar-feed-copy">Copy</Button>
        </Space.Compact>
      ) : null}
      <Space style={{ marginTop: 12 }}>
        {url ? null : (
          <Button type="primary" icon={<LinkOutlined />} loading={busy} onClick={() => void show()} data-testid="calendar-feed-show">
            Show my feed address
          </Button>
        )}
        <Popconfirm title="Revoke your calendar feed?" description="Calendars subscribed to it stop updating. You can make a new one." okText="Revoke" okButtonProps={{ danger: true }} onConfirm={() => revoke()}>
          <Button danger icon={<DeleteOutlined />} disabled={busy} data-testid="calendar-feed-revoke">Revoke</Button>
        </Popconfirm>
      </Space>
    </Card>
  );
}
