import { ApiOutlined, DeleteOutlined, EditOutlined, HistoryOutlined, PauseCircleOutlined, PlayCircleOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Alert, Button, Space, Table, Tag, Tooltip, Typography, message } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import type { Delivery, Webhook } from '../../../domain/webhooks/contracts.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { errorMessage } from '../../lib/api.ts';
import { dateTime, plural } from '../../lib/format.ts';
import { webhooksApi } from './webhooksApi.ts';
import { type WebhookDialog, type WebhookForm, webhookDialogMachine } from './webhookDialog.machine.ts';
import { WebhookDialogs } from './WebhookDialogs.tsx';

/** How often the screen reads the endpoints and their deliveries again: the worker delivers in the background. */
const REFRESH_MS = 3_000;

/** What each dialog does when submitted. */
async function submitDialog({ dialog, form }: { dialog: WebhookDialog; form: WebhookForm }): Promise<void> {
  switch (dialog.kind) {
    case 'add':
      await webhooksApi.add({ url: form.url.trim(), events: form.events, secret: form.secret });
      return;
    case 'edit':
      // A blank secret keeps the one the endpoint has (it is never read back to show).
      await webhooksApi.change(dialog.hook._id, dialog.hook.version, { url: form.url.trim(), events: form.events, ...(form.secret ? { secret: form.secret } : {}) });
      return;
    case 'replay':
      await webhooksApi.replay(dialog.hook._id, form.after.trim());
      return;
    case 'remove':
      await webhooksApi.remove(dialog.hook._id);
  }
}

const doneText = (dialog: WebhookDialog) =>
  ({ add: 'Endpoint added', edit: 'Endpoint saved', replay: 'Replay started: every later event is sent again, in order', remove: 'Endpoint removed' })[dialog.kind];

const when = dateTime;

export function StateTag({ hook }: { hook: Webhook }) {
  if (!hook.active) {
    return (
      <Tooltip title={hook.pausedReason ?? undefined}>
        <Tag color="default" data-testid="webhook-state">Paused</Tag>
      </Tooltip>
    );
  }
  if (hook.failingSince) {
    return (
      <Tooltip title={hook.lastError ?? undefined}>
        <Tag color="error" data-testid="webhook-state">Failing since {when(hook.failingSince)}</Tag>
      </Tooltip>
    );
  }
  return <Tag color="success" data-testid="webhook-state">Active</Tag>;
}

function DeliveryLog({ deliveries }: { deliveries: Delivery[] | undefined }) {
  if (!deliveries) return null;
  if (deliveries.length === 0) return <Typography.Text type="secondary">Nothing delivered yet.</Typography.Text>;
  return (
    <Table<Delivery>
      size="small"
      rowKey={(d) => `${d.eventId}-${d.attempt}-${d.at}`}
      dataSource={deliveries}
      pagination={false}
      data-testid="webhook-deliveries"
      columns={[
        { title: 'When', key: 'at', render: (_, d) => <span className="tabular">{when(d.at)}</span> },
        { title: 'Event', key: 'type', render: (_, d) => <span data-testid="delivery-type">{d.type}</span> },
        { title: 'Attempt', dataIndex: 'attempt', width: 80 },
        {
          title: 'Result', key: 'status',
          render: (_, d) => d.status !== null && d.status >= 200 && d.status < 300
            ? <Tag color="success" data-testid="delivery-status">{d.status}</Tag>
            : <Tooltip title={d.error}><Tag color="error" data-testid="delivery-status">{d.status ?? 'no answer'}</Tag></Tooltip>,
        },
        { title: 'Time', key: 'ms', width: 90, render: (_, d) => `${d.ms} ms` },
        { title: 'Cursor', key: 'cursor', render: (_, d) => <Typography.Text code>{d.cursor ?? 'test'}</Typography.Text> },
      ]}
    />
  );
}

/**
 * Webhooks (admins): the endpoints the event log is delivered to, each with its state (active, failing
 * since, paused and why) and its last deliveries; add, edit, pause, resume, remove, "Send a test event"
 * and "Replay from…" a cursor.
 */
export default function WebhooksPage() {
  const [hooks, setHooks] = useState<Webhook[] | null>(null);
  const [deliveries, setDeliveries] = useState<Record<string, Delivery[]>>({});
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const list = await webhooksApi.list();
      const logs = await Promise.all(list.map(async (h) => [h._id, await webhooksApi.deliveries(h._id, 10)] as const));
      setHooks(list);
      setDeliveries(Object.fromEntries(logs));
      setLoadError(null);
    } catch (error) {
      setLoadError(errorMessage(error));
    }
  }, []);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  const [dialog, send] = useMachine(webhookDialogMachine.provide({
    actors: { submit: fromPromise(({ input }: { input: { dialog: WebhookDialog; form: WebhookForm } }) => submitDialog(input)) },
    actions: { reload: () => void load(), done: (_, { dialog: d }) => void message.success(doneText(d)) },
  }));

  /** A one-click action on an endpoint: its button spins meanwhile, the result is said and the list read again. */
  const act = async (key: string, run: () => Promise<string>) => {
    setBusy(key);
    try {
      const text = await run();
      void message.success(text);
    } catch (error) {
      void message.error(errorMessage(error));
    } finally {
      setBusy(null);
      void load();
    }
  };
  const sendTest = (hook: Webhook) => act(`test-${hook._id}`, async () => {
    const result = await webhooksApi.test(hook._id);
    return result.status !== null && result.status >= 200 && result.status < 300
      ? `Test event delivered (${result.status}, ${result.ms} ms)`
      : Promise.reject(new Error(`The test event was not accepted: ${result.error ?? result.status}`));
  });
  const setActive = (hook: Webhook, active: boolean) => act(`active-${hook._id}`, async () => {
    await webhooksApi.change(hook._id, hook.version, { active });
    return active ? 'Endpoint resumed: it is sent everything from where it stopped' : 'Endpoint paused';
  });
  const open = (next: WebhookDialog) => send({ type: 'OPEN', dialog: next });

  const add = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => open({ kind: 'add' })} data-testid="webhook-add">
      Add endpoint
    </Button>
  );

  return (
    <div data-testid="webhooks-page">
      <PageHeader
        title="Webhooks"
        subtitle={hooks ? `${plural(hooks.length, 'endpoint')}: every matching event is POSTed in commit order, signed with the endpoint's secret` : 'Loading endpoints...'}
        extra={add}
      />
      {loadError ? <Alert type="error" showIcon title={loadError} style={{ marginBottom: 16 }} /> : null}
      {hooks && hooks.length === 0 ? (
        <SectionCard title="Endpoints" testId="webhooks-empty">
          <EmptyState
            icon={<ApiOutlined />}
            title="No webhook endpoints yet"
            hint="Add an endpoint and other systems are sent every change to the plan as it happens, signed, in order, and replayable."
            action={add}
          />
        </SectionCard>
      ) : null}
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {(hooks ?? []).map((hook) => (
          <SectionCard
            key={hook._id}
            testId="webhook-endpoint"
            icon={<ApiOutlined />}
            title={<span data-testid="webhook-url" style={{ wordBreak: 'break-all' }}>{hook.url}</span>}
            subtitle={`${hook.events.includes('*') ? 'Every event' : hook.events.join(', ')} · after ${hook.cursor}`}
            extra={
              <Space wrap>
                <StateTag hook={hook} />
                <Button size="small" icon={<SendOutlined />} loading={busy === `test-${hook._id}`} onClick={() => void sendTest(hook)} data-testid="webhook-test">
                  Send a test event
                </Button>
                <Button size="small" icon={<HistoryOutlined />} onClick={() => open({ kind: 'replay', hook })} data-testid="webhook-replay">
                  Replay from…
                </Button>
                <Button size="small" icon={<EditOutlined />} onClick={() => open({ kind: 'edit', hook })} data-testid="webhook-edit">
                  Edit
                </Button>
                {hook.active ? (
                  <Button size="small" icon={<PauseCircleOutlined />} loading={busy === `active-${hook._id}`} onClick={() => void setActive(hook, false)} data-testid="webhook-pause">
                    Pause
                  </Button>
                ) : (
                  <Button size="small" icon={<PlayCircleOutlined />} loading={busy === `active-${hook._id}`} onClick={() => void setActive(hook, true)} data-testid="webhook-resume">
                    Resume
                  </Button>
                )}
                <Button size="small" danger icon={<DeleteOutlined />} onClick={() => open({ kind: 'remove', hook })} data-testid="webhook-remove" aria-label={`Remove ${hook.url}`} />
              </Space>
            }
          >
            {!hook.active && hook.pausedReason ? <Alert type="warning" showIcon title={hook.pausedReason} style={{ marginBottom: 12 }} data-testid="webhook-paused-reason" /> : null}
            {hook.active && hook.failingSince && hook.lastError ? (
              <Alert type="error" showIcon title={`Last error: ${hook.lastError}`} description={hook.nextAttemptAt ? `Next attempt ${when(hook.nextAttemptAt)}` : undefined} style={{ marginBottom: 12 }} />
            ) : null}
            <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>Last deliveries</Typography.Text>
            <DeliveryLog deliveries={deliveries[hook._id]} />
          </SectionCard>
        ))}
      </Space>
      <WebhookDialogs
        open={!dialog.matches('closed')}
        submitting={dialog.matches('submitting')}
        context={dialog.context}
        send={send}
      />
    </div>
  );
}
