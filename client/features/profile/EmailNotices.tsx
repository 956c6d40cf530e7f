import { MailOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Alert, Button, Card, Skeleton, Switch, Typography } from 'antd';
import { fromPromise } from 'xstate';
import { noticeLabels, type NoticeKind, type NoticePreferences } from '../../../domain/notifications/notices.ts';
import { palette } from '../../components/palette.ts';
import { request } from '../../lib/http.ts';
import { noticePreferencesMachine } from './noticePreferences.machine.ts';

const machine = noticePreferencesMachine.provide({
  actors: {
    load: fromPromise(() => request<NoticePreferences>('GET', '/api/notifications/me')),
    save: fromPromise(({ input }) => request<NoticePreferences>('PUT', '/api/notifications/me', { body: input })),
  },
});

/** Which e-mails I get; the weekly digest and staffing requests are for managers. */
export function EmailNotices({ manager }: { manager: boolean }) {
  const [state, send] = useMachine(machine);
  const { preferences, error } = state.context;
  const kinds: NoticeKind[] = manager ? ['assigned', 'timeOff', 'digest', 'staffing'] : ['assigned', 'timeOff'];
  return (
    <Card
      data-testid="email-notices"
      style={{ marginTop: 16 }}
      title={
        <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
          <MailOutlined style={{ color: palette.primary }} /> E-mail
        </span>
      }
    >
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} action={state.matches('failed') ? <Button size="small" onClick={() => send({ type: 'RETRY' })}>Retry</Button> : undefined} /> : null}
      {!preferences ? (
        state.matches('failed') ? null : <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : (
        kinds.map((kind) => (
          <div key={kind} style={{ display: 'flex', gap: 12, alignItems: 'center', padding: '6px 0' }}>
            <Switch
              checked={preferences[kind]}
              loading={state.matches('saving')}
              onChange={(on) => send({ type: 'TOGGLE', kind, on })}
              aria-label={`E-mail me ${noticeLabels[kind]}`}
              data-testid={`notice-${kind}`}
            />
            <Typography.Text>E-mail me {noticeLabels[kind]}</Typography.Text>
          </div>
        ))
      )}
    </Card>
  );
}
