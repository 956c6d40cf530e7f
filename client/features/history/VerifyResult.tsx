import { Alert, Typography } from 'antd';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { eventTypeLabel } from './query.ts';
import type { Verification } from './historyApi.ts';

export type VerifyState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'done'; result: Verification; checkedAt: string }
  | { status: 'failed'; error: unknown };

const count = (n: number, word: string) => `${n.toLocaleString()} ${word}${n === 1 ? '' : 's'}`;

/** The tamper check's answer: every chain intact, or each altered event named. */
export function VerifyResult({ state, onClose }: { state: VerifyState; onClose: () => void }) {
  if (state.status === 'idle' || state.status === 'checking') return null;
  const look = verifyLook(state);
  return (
    <Alert
      type={look.type}
      showIcon
      closable={{ onClose, 'aria-label': 'Close' }}
      style={{ marginBottom: 16 }}
      data-testid="verify-result"
      data-ok={look.ok}
      title={look.title}
      description={look.description}
    />
  );
}

type VerifyLook = { type: 'success' | 'error'; ok: 'true' | 'false' | 'error'; title: string; description?: ReactNode };

function verifyLook(state: Extract<VerifyState, { status: 'done' | 'failed' }>): VerifyLook {
  if (state.status === 'failed') {
    return { type: 'error', ok: 'error', title: `The history could not be verified: ${errorMessage(state.error)}` };
  }
  const { result, checkedAt } = state;
  if (result.ok) {
    return {
      type: 'success',
      ok: 'true',
      title: 'History verified: no event has been altered',
      description: `All ${count(result.events, 'event')} in ${count(result.streams, 'stream')} match their hash chains (checked ${dateTime(checkedAt)}).`,
    };
  }
  return {
    type: 'error',
    ok: 'false',
    title: `History altered: ${count(result.altered.length, 'event')} no longer match${result.altered.length === 1 ? 'es' : ''} the hash chain`,
    description: (
      <div>
        <Typography.Text type="secondary">
          Checked {count(result.events, 'event')} in {count(result.streams, 'stream')} on {dateTime(checkedAt)}. Altered:
        </Typography.Text>
        <ul style={{ margin: '6px 0 0', paddingInlineStart: 18 }} data-testid="altered-events">
          {result.altered.map((a) => (
            <li key={a.eventId} style={{ overflowWrap: 'anywhere' }}>
              <strong>{eventTypeLabel(a.type)}</strong> recorded {dateTime(a.recordedAt)} — stream{' '}
              <Typography.Text code>{a.streamId}</Typography.Text> #{a.streamPosition}, event{' '}
              <Typography.Text code>{a.eventId}</Typography.Text>
            </li>
          ))}
        </ul>
      </div>
    ),
  };
}
